package inputs

import (
	"bufio"
	"errors"
	"io"
	"os"
	"runtime"
	"sync"
)

// Spool keeps objects and bytes in a temporary file, for a reader that
// streams its input but must come back to some of it: validate keeps
// there the custom resources read before their CRD, and what the API
// server would store of each object accepted, which a later copy of the
// object updates. What it keeps costs memory only for where it is: a
// [Kept] a few words long. When no temporary file can be made, it keeps
// them in memory. It is safe for concurrent use.
//
// The file is removed when the spool is closed, and on Unix at once, so
// that a killed process leaves nothing behind.
type Spool struct {
	mu   sync.Mutex // a Spool is safe for concurrent use
	f    *os.File
	w    *bufio.Writer
	mem  []byte // when no file could be made
	size int64  // bytes kept
	// last is the document kept last and where, so that the objects of
	// one list keep its text once.
	last     *document
	lastText Kept
}

// Kept is where a Spool keeps bytes.
type Kept struct {
	off int64
	n   int
}

// KeptObject is an object a Spool keeps: its document, and where in the
// document the object is.
type KeptObject struct {
	file     string
	line     int // of the document
	json     bool
	item     int
	text     Kept
	warnings []string
}

// NewSpool returns an empty spool, whose file is made when first needed.
func NewSpool() *Spool { return &Spool{} }

// Put keeps bytes, and returns where.
func (s *Spool) Put(b []byte) (Kept, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.put(b)
}

func (s *Spool) put(b []byte) (Kept, error) {
	k := Kept{off: s.size, n: len(b)}
	if s.f == nil && s.mem == nil {
		if f, err := os.CreateTemp("", "kubeversion-spool-*"); err == nil {
			if runtime.GOOS != "windows" {
				os.Remove(f.Name())
			}
			s.f, s.w = f, bufio.NewWriterSize(f, 64<<10)
		}
	}
	if s.f == nil {
		s.mem = append(s.mem, b...)
		if s.mem == nil {
			s.mem = []byte{}
		}
	} else if _, err := s.w.Write(b); err != nil {
		return Kept{}, err
	}
	s.size += int64(len(b))
	return k, nil
}

// Get returns the bytes kept at k.
func (s *Spool) Get(k Kept) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		if k.off+int64(k.n) > int64(len(s.mem)) {
			return nil, errors.New("spool: nothing kept there")
		}
		return s.mem[k.off : k.off+int64(k.n) : k.off+int64(k.n)], nil
	}
	if err := s.w.Flush(); err != nil {
		return nil, err
	}
	b := make([]byte, k.n)
	if _, err := s.f.ReadAt(b, k.off); err != nil && !(errors.Is(err, io.EOF) && k.n == 0) {
		return nil, err
	}
	return b, nil
}

// Append keeps b, as Put does, and returns where it starts: for a caller
// that frames what it keeps, and reads it back with ReadAt.
func (s *Spool) Append(b []byte) (int64, error) {
	k, err := s.Put(b)
	return k.off, err
}

// ReadAt reads len(p) bytes kept from off on.
func (s *Spool) ReadAt(p []byte, off int64) error {
	b, err := s.Get(Kept{off: off, n: len(p)})
	copy(p, b)
	return err
}

// PutObject keeps o, an object yielded by [TextStream] or [ReadStream],
// while it is yielded: the text of its document, once for the objects of
// one document.
func (s *Spool) PutObject(o Object) (KeptObject, error) {
	if o.src == nil {
		return KeptObject{}, errors.New("spool: the object has no document")
	}
	k := KeptObject{file: o.File, line: o.src.line, json: o.src.json, item: o.item, warnings: o.Warnings}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == o.src {
		k.text = s.lastText
		return k, nil
	}
	text, err := s.put(o.src.text)
	if err != nil {
		return KeptObject{}, err
	}
	s.last, s.lastText, k.text = o.src, text, text
	return k, nil
}

// GetObject reads again the object kept at k, as TextStream yielded it;
// it stays valid, as it holds its own text.
func (s *Spool) GetObject(k KeptObject) (Object, error) {
	text, err := s.Get(k.text)
	if err != nil {
		return Object{}, err
	}
	d := document{text: text, line: k.line, json: k.json}
	objects, p := documentObjects(k.file, d)
	if p != nil {
		return Object{}, errors.New(p.String())
	}
	if k.item >= len(objects) {
		return Object{}, errors.New("spool: the document has no such object")
	}
	o := objects[k.item]
	if o.Node == nil && o.text == nil {
		o.text = &lazyNode{d: d}
	}
	o.Warnings = k.warnings
	return o, nil
}

// Close removes the spool's file.
func (s *Spool) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mem, s.last = nil, nil
	if s.f == nil {
		return nil
	}
	name := s.f.Name()
	err := s.f.Close()
	if runtime.GOOS == "windows" {
		if rerr := os.Remove(name); err == nil {
			err = rerr
		}
	}
	s.f = nil
	return err
}
