package inputs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxInputSize is the most kubeversion reads of one input file, or of
// standard input: 256 MiB. Lint holds one document at a time, so its
// memory does not grow with the file; the limit is what stops input that
// never ends, such as /dev/zero, a file appended to while it is read, or a
// mistaken pipe, with an error rather than a run that lasts for ever. It
// is far above what a manifest holds: the API server takes 3 MiB per
// object, and 256 MiB is over 80 such objects, or some 35,000 CRDs of a
// typical 7 KB. A variable so that tests can lower it.
var MaxInputSize int64 = 256 << 20

// ErrTooLarge is the error of reading more than MaxInputSize bytes.
var ErrTooLarge = errors.New("input too large")

// sizeError is the error of an input larger than MaxInputSize.
type sizeError struct{ limit int64 }

func (e *sizeError) Error() string {
	return fmt.Sprintf("larger than %s, the most kubeversion reads of one file: split it", SizeString(e.limit))
}

func (e *sizeError) Unwrap() error { return ErrTooLarge }

// SizeString writes n bytes in MiB when it is a whole number of them.
func SizeString(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// cappedReader reads at most limit bytes of r, and returns a *sizeError
// when r holds more: it reads limit+1 bytes at most, so that a source
// that never ends stops there. The error sticks.
type cappedReader struct {
	r     io.Reader
	left  int64 // bytes that may still be read, plus one
	limit int64
	err   error
}

func NewCappedReader(r io.Reader, limit int64) *cappedReader {
	return &cappedReader{r: r, left: limit + 1, limit: limit}
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left == 0 { // byte limit+1 was read: the input is too large
		n--
		err = &sizeError{c.limit}
	}
	if err != nil {
		c.err = err
	}
	return n, err
}

// OpenInput opens path for reading, standard input for "-", capped at
// MaxInputSize. A path named on the command line may be a regular file or
// a pipe, as /dev/stdin or a shell's <(command) are; a device (/dev/zero,
// a terminal), a socket or a directory is refused with an error, before
// any read.
func OpenInput(stdin io.Reader, path string) (io.ReadCloser, error) {
	if path == "-" {
		return readCloser{NewCappedReader(stdin, MaxInputSize), io.NopCloser(nil)}, nil
	}
	f, err := os.Open(path) // a pipe's open waits for its writer, as cat's does
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil {
		err = readable(info)
	}
	if err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return readCloser{NewCappedReader(f, MaxInputSize), f}, nil
}

// readable returns an error for a file that is neither a regular file nor
// a named pipe.
func readable(info fs.FileInfo) error {
	switch mode := info.Mode(); {
	case mode.IsRegular(), mode&fs.ModeNamedPipe != 0:
		return nil
	case mode.IsDir():
		return errors.New("is a directory")
	default:
		return fmt.Errorf("not a regular file or a pipe, but %s: kubeversion reads manifests from files and pipes only", fileKind(mode))
	}
}

// fileKind names the kind of a file that is not a regular one.
func fileKind(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	case mode.IsDir():
		return "a directory"
	}
	return "an irregular file"
}

type readCloser struct {
	io.Reader
	io.Closer
}

// ReadFile reads a whole file, or standard input for "-", as OpenInput
// opens it: capped at MaxInputSize, and only from a regular file or a
// pipe.
func ReadFile(stdin io.Reader, path string) ([]byte, error) {
	r, err := OpenInput(stdin, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
