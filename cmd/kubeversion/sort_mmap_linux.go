package main

import (
	"os"
	"syscall"
)

// mapFile maps the size bytes of the regular file f into memory, read
// only, with its pages mapped at once (MAP_POPULATE), and reports whether
// it could. Reading the file instead would copy it into memory that the
// kernel first fills with zeros, page by page; a mapping shares the pages
// of the file that the kernel already holds. The mapping is never undone:
// the lines point into it until the command ends. (A file that another
// process truncates while it is mapped makes the command die of SIGBUS,
// as any program that maps its input.)
func mapFile(f *os.File, size int64) ([]byte, bool) {
	if size <= 0 || size != int64(int(size)) {
		return nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_POPULATE)
	if err != nil {
		return nil, false
	}
	return data, true
}
