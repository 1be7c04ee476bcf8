package inputs

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestSpoolObjects checks that a spool gives back each object it kept as
// TextStream yielded it, with its lines, after the stream has moved on:
// plain objects, the items of a list (whose document is kept once) and a
// JSON document; in a file, and in memory when no file can be made.
func TestSpoolObjects(t *testing.T) {
	stream := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n---\n" +
		"apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Secret\n  metadata: {name: b}\n- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: c\n"
	for _, inMemory := range []bool{false, true} {
		t.Run(fmt.Sprint("in memory ", inMemory), func(t *testing.T) {
			if inMemory {
				if runtime.GOOS == "windows" {
					t.Skip("the temporary directory is not $TMPDIR")
				}
				t.Setenv("TMPDIR", "/nonexistent/dir")
			}
			s := NewSpool()
			defer s.Close()
			var kept []KeptObject
			var want []string
			p := TextStream("f.yaml", strings.NewReader(stream), func(o Object) bool {
				k, err := s.PutObject(o)
				if err != nil {
					t.Fatal(err)
				}
				kept = append(kept, k)
				want = append(want, describe(o))
				return true
			})
			if p != nil {
				t.Fatal(p)
			}
			if (s.f == nil) != inMemory {
				t.Errorf("spool file %v, want in memory %v", s.f, inMemory)
			}
			if s.size != int64(len(stream))-len64("---\n") {
				t.Errorf("%d bytes kept, want each document once (%d)", s.size, len(stream)-4)
			}
			for i, k := range kept {
				o, err := s.GetObject(k)
				if err != nil {
					t.Fatal(err)
				}
				if got := describe(o); got != want[i] {
					t.Errorf("object %d read again: %s, want %s", i, got, want[i])
				}
			}
		})
	}
}

func len64(s string) int64 { return int64(len(s)) }

// describe names o by its kind, name, line and the line of its
// metadata.name.
func describe(o Object) string {
	meta, _ := o.Fields["metadata"].(map[string]any)
	return fmt.Sprintf("%s %v at %d, name at %d", o.Str("kind"), meta["name"], o.Line, NewLocator(o).Line("metadata.name"))
}

// TestSpoolBytes checks bytes kept and read back, between writes.
func TestSpoolBytes(t *testing.T) {
	s := NewSpool()
	defer s.Close()
	var kept []Kept
	for i := range 1000 {
		k, err := s.Put([]byte(strings.Repeat(fmt.Sprint(i%10), i)))
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, k)
		if i%97 == 0 { // a read between writes flushes what is buffered
			if b, err := s.Get(kept[i/2]); err != nil || string(b) != strings.Repeat(fmt.Sprint(i/2%10), i/2) {
				t.Fatalf("Get(%d) = %.20q, %v", i/2, b, err)
			}
		}
	}
	for i, k := range kept {
		if b, err := s.Get(k); err != nil || string(b) != strings.Repeat(fmt.Sprint(i%10), i) {
			t.Fatalf("Get(%d) = %.20q, %v", i, b, err)
		}
	}
}
