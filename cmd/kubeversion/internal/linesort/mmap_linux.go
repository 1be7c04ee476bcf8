package linesort

import (
	"os"
	"syscall"
)

// mapFile maps the size bytes of the regular file f into memory, read
// only, with its pages mapped at once (MAP_POPULATE), and reports whether
// it could. Reading the file instead would copy it into memory that the
// kernel first fills with zeros, page by page; a mapping shares the pages
// of the file that the kernel already holds. The mapping is never undone:
// the lines point into it until the process ends. The mapping shows what
// other processes write to the file while the sort runs, and a
// truncation takes its pages away: see ErrInputChanged for how the sort
// notices.
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

// fileStamp is what tells that a file changed: its size, its modification
// and change times, and its inode and device. A write or a truncation
// sets both times to the file system's clock, which may tick only every
// few milliseconds (Linux before 6.13, or file systems without
// fine-grained timestamps): a write of the same size in the same tick as
// the change before it leaves the stamp as it was. Since Linux 6.13,
// ext4, xfs, btrfs and tmpfs give a change that follows a stat a time of
// its own, so that a change after the stamp was taken always shows.
type fileStamp struct {
	size, mtime, ctime int64
	ino, dev           uint64
}

// stampOf returns the stamp of fi, as os.File.Stat returned it.
func stampOf(fi os.FileInfo) fileStamp {
	s := fileStamp{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		s.ctime = st.Ctim.Nano()
		s.ino, s.dev = uint64(st.Ino), uint64(st.Dev)
	}
	return s
}
