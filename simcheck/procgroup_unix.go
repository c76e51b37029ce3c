//go:build unix

package simcheck

import (
	"os/exec"
	"syscall"
	"time"
)

// killGrace is how long the group has to end after the interrupt before
// it is killed.
const killGrace = 3 * time.Second

// ownGroup makes cmd the leader of a process group of its own and has a
// cancelled cmd end the whole group: go test's test binaries are its
// children and would otherwise outlive it. The group is interrupted first,
// so that go test removes its work directory (a killed go leaves its
// go-build* directory behind), and killed if anything is left after
// killGrace.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		group := -cmd.Process.Pid
		err := syscall.Kill(group, syscall.SIGINT)
		time.AfterFunc(killGrace, func() { syscall.Kill(group, syscall.SIGKILL) })
		return err
	}
}
