package inputs

import "syscall"

// childProcAttr puts a kustomize child in a process group of its own,
// which kubeversion kills with git in it, and has it sent SIGTERM when
// kubeversion dies.
func childProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
