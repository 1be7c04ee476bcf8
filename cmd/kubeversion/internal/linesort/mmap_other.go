//go:build !linux

package linesort

import "os"

// mapFile reports that it cannot map f: Read reads it instead.
func mapFile(f *os.File, size int64) ([]byte, bool) {
	return nil, false
}

// fileStamp is what tells that a file changed: its size and modification
// time, which a write of the same size in the same tick of the file
// system's clock as the change before it leaves as they were.
type fileStamp struct {
	size, mtime int64
}

// stampOf returns the stamp of fi, as os.File.Stat returned it.
func stampOf(fi os.FileInfo) fileStamp {
	return fileStamp{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}
