//go:build !unix

package inputs

import (
	"os"
	"syscall"
)

// childProcAttr is nil: without process groups, git is stopped by its own
// timeout only.
func childProcAttr() *syscall.SysProcAttr { return nil }

// killGroup kills p, the kustomize child.
func killGroup(p *os.Process) error {
	if p == nil {
		return nil
	}
	return p.Kill()
}

// stopGroupOnSignal does nothing without process groups.
func stopGroupOnSignal() {}
