//go:build unix && !linux

package inputs

import "syscall"

// childProcAttr puts a kustomize child in a process group of its own,
// which kubeversion kills with git in it.
func childProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
