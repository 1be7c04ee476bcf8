//go:build unix

package inputs

import (
	"os"
	"os/signal"
	"syscall"
)

// killGroup kills the process group that p leads: a kustomize child and
// the git it started.
func killGroup(p *os.Process) error {
	if p == nil {
		return nil
	}
	return syscall.Kill(-p.Pid, syscall.SIGKILL)
}

// stopGroupOnSignal has a kustomize child kill its process group, itself
// and git, on SIGTERM (its parent's death), SIGINT or SIGHUP.
func stopGroupOnSignal() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	go func() {
		<-c
		syscall.Kill(0, syscall.SIGKILL)
	}()
}
