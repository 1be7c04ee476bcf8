package inputs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// cappedFS is the file system kustomize reads a kustomization through:
// the disk, with the rules of every other read of kubeversion (see
// [OpenInput]). A file must be regular (a pipe could wait for ever, a
// device never end), at most MaxInputSize, and all the files of one
// build together at most MaxInputSize too, since what they build is one
// input.
type cappedFS struct {
	filesys.FileSystem
	left int64 // bytes the build may still read
}

// newCappedFS returns the disk, capped for one build.
func newCappedFS() *cappedFS {
	return &cappedFS{FileSystem: filesys.MakeFsOnDisk(), left: MaxInputSize}
}

// ReadFile reads path, if it is a regular file, within the caps.
func (c *cappedFS) ReadFile(path string) ([]byte, error) {
	f, err := c.open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := min(MaxInputSize, c.left)
	data, err := io.ReadAll(NewCappedReader(f, limit))
	c.left -= int64(len(data))
	if info, e := f.Stat(); errors.Is(err, ErrTooLarge) && e == nil && info.Size() <= MaxInputSize {
		// the file alone is within the cap, not with those before it
		err = fmt.Errorf("the files of the kustomization add up to more than %s, the most kubeversion reads of one input: %w", SizeString(MaxInputSize), ErrTooLarge)
	}
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return data, nil
}

// Open opens path, if it is a regular file.
func (c *cappedFS) Open(path string) (filesys.File, error) {
	f, err := c.open(path)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// open opens path after checking, without opening it, that it is a
// regular file: opening a named pipe waits for a writer.
func (c *cappedFS) open(path string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("not a regular file, but %s: kustomize reads regular files only", fileKind(info.Mode()))}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if info, err = f.Stat(); err == nil && !info.Mode().IsRegular() { // replaced since
		err = &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("not a regular file, but %s", fileKind(info.Mode()))}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
