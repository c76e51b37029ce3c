package ir

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is CLOCK_THREAD_CPUTIME_ID of clock_gettime(2).
const clockThreadCPUTime = 3

// threadTime returns the processor time of the calling thread in
// nanoseconds, or the time that passed when the clock cannot be read.
func threadTime() int64 {
	var ts syscall.Timespec
	if _, _, errno := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return time.Now().UnixNano()
	}
	return ts.Nano()
}
