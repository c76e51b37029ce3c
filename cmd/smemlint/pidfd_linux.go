package main

import (
	"fmt"
	"os"
	"syscall"
)

// Linux's pidfd_open and pidfd_getfd, numbered alike on every
// architecture (the syscall table they were added to is shared).
const (
	sysPidfdOpen  = 434
	sysPidfdGetfd = 438
)

// parentStderr returns a duplicate of the parent process's standard
// error descriptor (pidfd_getfd): the same open file description as the
// parent's, so that a write through it lands at the parent's offset and
// moves it, as the parent's own would. The kernel allows it where this
// process may trace its parent (same user, and Yama's ptrace_scope 0, or
// CAP_SYS_PTRACE).
func parentStderr() (*os.File, error) {
	pidfd, _, errno := syscall.Syscall(sysPidfdOpen, uintptr(os.Getppid()), 0, 0)
	if errno != 0 {
		return nil, fmt.Errorf("pidfd_open: %w", errno)
	}
	defer syscall.Close(int(pidfd))
	fd, _, errno := syscall.Syscall(sysPidfdGetfd, pidfd, 2, 0)
	if errno != 0 {
		return nil, fmt.Errorf("pidfd_getfd: %w", errno)
	}
	return os.NewFile(fd, "standard error of the go command"), nil
}
