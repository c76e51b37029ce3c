//go:build unix

package simcheck

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd the leader of a process group of its own and has a
// cancelled cmd kill the whole group: go test's test binaries are its
// children and would otherwise outlive it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
