package linesort

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/linesort/linesorttest"
)

// pieces is a reader that returns at most n bytes a read.
type pieces struct {
	s string
	n int
}

func (p *pieces) Read(b []byte) (int, error) {
	if p.s == "" {
		return 0, io.EOF
	}
	k := copy(b[:min(len(b), p.n)], p.s)
	p.s = p.s[k:]
	return k, nil
}

// TestRead checks that the chunks hold the input, whole lines
// each but the last, when lines are longer than a chunk and when a read
// fills part of one.
func TestRead(t *testing.T) {
	long := strings.Repeat("x", 3*firstChunk)
	for _, tt := range []struct {
		name  string
		input string
	}{
		{"one line longer than the first chunk", long},
		{"short lines then a long one", strings.Repeat("v1\n", firstChunk) + long + "\nv2\n"},
		{"many chunks", strings.Repeat("v1beta1\nfoo\n", 8*firstChunk)},
	} {
		for _, size := range []int{1 << 20, 4093} {
			in, err := Read(&pieces{tt.input, size})
			if err != nil {
				t.Fatal(err)
			}
			var all []byte
			for i, c := range in.chunks {
				if i < len(in.chunks)-1 && !bytes.HasSuffix(c, []byte("\n")) {
					t.Errorf("%s, reads of %d: chunk %d of %d does not end a line", tt.name, size, i, len(in.chunks))
				}
				all = append(all, c...)
			}
			if string(all) != tt.input {
				t.Errorf("%s, reads of %d: chunks hold %d bytes, not the input's %d", tt.name, size, len(all), len(tt.input))
			}
		}
	}
}

// TestReadFile checks that a regular file is mapped or read into
// one buffer of its size, and read from where it stands if not from its
// start.
func TestReadFile(t *testing.T) {
	input := strings.Repeat("v1\nfoo\n", 50000)
	f, _ := linesorttest.OpenFile(t, input)
	in, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	// Mapped, or read into a buffer one byte longer than the file.
	if len(in.chunks) != 1 || string(in.chunks[0]) != input || cap(in.chunks[0]) > len(input)+1 {
		t.Errorf("read %d chunks, first of %d bytes in %d; want one of %d bytes", len(in.chunks), len(in.chunks[0]), cap(in.chunks[0]), len(input))
	}
	// Not from the start: read, from where it stands.
	if _, err := f.Seek(3, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	in, err = Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(in.chunks) != 1 || string(in.chunks[0]) != input[3:] {
		t.Errorf("read from offset 3: %d chunks, first of %d bytes; want one of %d bytes", len(in.chunks), len(in.chunks[0]), len(input)-3)
	}
}
