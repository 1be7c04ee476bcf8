//go:build ignore

// Mkzip writes a zip archive of files that records nothing of the machine
// or the time it runs at, for scripts/release-snapshot.sh, where the zip
// command may be missing:
//
//	go run scripts/mkzip.go -mtime UNIXTIME [-C DIR] OUT.zip FILE...
//
// Each FILE is stored deflated under its name as given, with the time
// -mtime (UTC), and mode 0755 if any of its execute bits is set, else
// 0644.
package main

import (
	"archive/zip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

func main() {
	mtime := flag.Int64("mtime", 0, "the time of every file, in seconds since 1970")
	dir := flag.String("C", ".", "read the files in `DIR`")
	flag.Parse()
	if flag.NArg() < 2 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/mkzip.go -mtime UNIXTIME [-C DIR] OUT.zip FILE...")
		os.Exit(2)
	}
	if err := write(flag.Arg(0), *dir, flag.Args()[1:], time.Unix(*mtime, 0).UTC()); err != nil {
		fmt.Fprintln(os.Stderr, "mkzip:", err)
		os.Exit(1)
	}
}

// write writes the zip archive out of the files of dir.
func write(out, dir string, files []string, mtime time.Time) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	for _, name := range files {
		if err := add(zw, dir, name, mtime); err != nil {
			f.Close()
			return err
		}
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// add adds the file name of dir to zw.
func add(zw *zip.Writer, dir, name string, mtime time.Time) error {
	in, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	h := &zip.FileHeader{Name: filepath.ToSlash(name), Method: zip.Deflate, Modified: mtime}
	mode := os.FileMode(0o644)
	if info.Mode()&0o111 != 0 {
		mode = 0o755
	}
	h.SetMode(mode)
	w, err := zw.CreateHeader(h)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, in)
	return err
}
