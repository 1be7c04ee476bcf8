package release

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"
)

// archiveFile is a file of an archive.
type archiveFile struct {
	mode int64
	data []byte
}

// readArchive returns the regular files of a .tar.gz or .zip archive.
func readArchive(t *testing.T, path string) map[string]archiveFile {
	t.Helper()
	files := map[string]archiveFile{}
	if strings.HasSuffix(path, ".zip") {
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			data, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatalf("%s: %s: %v", path, f.Name, err)
			}
			files[f.Name] = archiveFile{int64(f.Mode().Perm()), data}
		}
		return files
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return readTar(t, path, zr)
}

// readTar returns the regular files of the tar archive r.
func readTar(t *testing.T, name string, r io.Reader) map[string]archiveFile {
	t.Helper()
	files := map[string]archiveFile{}
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatalf("%s: %s: %v", name, h.Name, err)
		}
		files[h.Name] = archiveFile{h.Mode, data}
	}
}
