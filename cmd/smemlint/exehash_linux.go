package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// fileKey identifies the contents of the file at path by its metadata (see
// executableHash).
func fileKey(path string) (string, bool) {
	st, ok := stat(path)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%q dev=%d ino=%d size=%d mtime=%d.%09d ctime=%d.%09d",
		path, st.Dev, st.Ino, st.Size, st.Mtim.Sec, st.Mtim.Nsec, st.Ctim.Sec, st.Ctim.Nsec), true
}

// fileTimes returns the file's modification and change times.
func fileTimes(path string) (mod, change time.Time, ok bool) {
	st, ok := stat(path)
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	return time.Unix(st.Mtim.Sec, st.Mtim.Nsec), time.Unix(st.Ctim.Sec, st.Ctim.Nsec), true
}

func stat(path string) (*syscall.Stat_t, bool) {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return st, ok
}
