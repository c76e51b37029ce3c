package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// The -V=full handshake answers with a hash of smemlint's executable, so
// that go vet's cache of results is renewed when the tool changes. Hashing
// 16 MB took most of the handshake (~15 of 34 ms). The hash is therefore
// kept in the user's cache directory, keyed by what identifies the file's
// contents short of reading them: path, device, inode, size, modification
// and change times (fileKey). The change time is set by the kernel on any
// write, rename or chmod and cannot be set back, so a file that differs
// has another key. A missing, unreadable or mismatched entry is hashed
// again; a file changed within the last second is hashed and not kept
// (a later change within the same clock tick could keep its times).

// exeHashEntry is the version of the cache entry's format.
const exeHashEntry = "smemlint exehash v1"

// exeHashSettle is how old a file's times must be for its hash to be kept.
const exeHashSettle = time.Second

// executableHash returns the SHA-256 of the file at path; now is the time
// of the call.
func executableHash(path string, now time.Time) ([]byte, error) {
	key, keyed := fileKey(path)
	entry := ""
	if keyed {
		if dir, err := os.UserCacheDir(); err == nil {
			entry = filepath.Join(dir, "smemlint", "exehash", fmt.Sprintf("%x", sha256.Sum256([]byte(path))))
		}
	}
	if entry != "" {
		if sum, ok := readExeHash(entry, key); ok {
			return sum, nil
		}
	}
	sum, err := hashWhole(path)
	if err != nil {
		return nil, err
	}
	if entry != "" {
		if again, ok := fileKey(path); ok && again == key && settled(path, now) {
			writeExeHash(entry, key, sum)
		}
	}
	return sum, nil
}

// hashWhole reads the file at path and returns its SHA-256.
func hashWhole(path string) ([]byte, error) {
	h := sha256.New()
	if err := hashFile(h, path); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// readExeHash returns the hash an entry records for key.
func readExeHash(entry, key string) ([]byte, bool) {
	data, err := os.ReadFile(entry)
	if err != nil {
		return nil, false
	}
	want := exeHashEntry + "\n" + key + "\n"
	rest, ok := bytes.CutPrefix(data, []byte(want))
	if !ok {
		return nil, false
	}
	sum, err := hex.DecodeString(string(bytes.TrimSuffix(rest, []byte("\n"))))
	if err != nil || len(sum) != sha256.Size {
		return nil, false
	}
	return sum, true
}

// writeExeHash records sum for key, whole or not at all (a temporary file
// renamed over the entry); failures leave the next run to hash again.
func writeExeHash(entry, key string, sum []byte) {
	dir := filepath.Dir(entry)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	f, err := os.CreateTemp(dir, "tmp-*")
	if err != nil {
		return
	}
	_, werr := fmt.Fprintf(f, "%s\n%s\n%x\n", exeHashEntry, key, sum)
	cerr := f.Close()
	if werr != nil || cerr != nil || os.Rename(f.Name(), entry) != nil {
		os.Remove(f.Name())
	}
}

// settled reports whether the file's modification and change times are
// older than exeHashSettle at now.
func settled(path string, now time.Time) bool {
	mod, change, ok := fileTimes(path)
	if !ok {
		return false
	}
	limit := now.Add(-exeHashSettle)
	return mod.Before(limit) && change.Before(limit)
}
