package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion"
)

// sortShapes generates inputs of every shape that sortStdin must sort as
// writeSorted does: each returns n lines from r.
var sortShapes = map[string]func(r *rand.Rand, n int) []string{
	"versions": func(r *rand.Rand, n int) []string {
		return generate(r, n, randomVersion)
	},
	"odd versions": func(r *rand.Rand, n int) []string {
		return generate(r, n, oddVersion)
	},
	"groups, few": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			return pick(r, "apps/", "batch/", "networking.k8s.io/", "apps.k8s.io/", "/", "") + randomVersion(r)
		})
	},
	"groups, many": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			return fmt.Sprintf("g%d.example.com/%s", r.IntN(2000), randomVersion(r))
		})
	},
	"strings": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			if r.IntN(10) == 0 {
				return randomVersion(r)
			}
			return randomWord(r, r.IntN(12))
		})
	},
	"long lines": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			if r.IntN(10) == 0 {
				return oddVersion(r)
			}
			return pick(r, "", "common-prefix-of-many-lines-") + randomWord(r, 50+r.IntN(200))
		})
	},
	"mixed": func(r *rand.Rand, n int) []string {
		return generate(r, n, func(r *rand.Rand) string {
			var s string
			switch r.IntN(4) {
			case 0:
				s = randomVersion(r)
			case 1:
				s = oddVersion(r)
			case 2:
				s = randomWord(r, r.IntN(10))
			default:
				s = pick(r, "foo1", "foo10", "latest", "v1.30.2", "V1", "v1beta", "ab", "ab\x00", "abcdefg", "abcdefgh", "abcdefghi", "\xff", "")
			}
			if r.IntN(3) == 0 {
				s = pick(r, "apps/", "batch/", "a/b/", "/", "apps/v1/") + s
			}
			return s
		})
	},
}

func generate(r *rand.Rand, n int, line func(r *rand.Rand) string) []string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = line(r)
	}
	return lines
}

func pick(r *rand.Rand, choices ...string) string { return choices[r.IntN(len(choices))] }

// randomVersion returns a version with small numbers, so that the same
// version comes up often.
func randomVersion(r *rand.Rand) string {
	return fmt.Sprintf("v%d%s", r.IntN(12), pick(r, "", "beta"+fmt.Sprint(r.IntN(5)), "alpha"+fmt.Sprint(r.IntN(5))))
}

// oddVersion returns a version spelled with leading zeros or with numbers
// near and beyond the limits of versionKey's fields and of int64, or a
// near miss.
func oddVersion(r *rand.Rand) string {
	number := func() string {
		return pick(r, "0", "1", "01", "001", "2", "1073741822", "1073741823", "1073741824", "2147483648",
			"9223372036854775807", "09223372036854775807", "9223372036854775808")
	}
	return "v" + number() + pick(r, "", "beta"+number(), "alpha"+number(), "gamma1", "beta", ".1")
}

func randomWord(r *rand.Rand, n int) string {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789-._v"
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[r.IntN(len(letters))]
	}
	return string(b)
}

// sortOld returns what writeSorted, the ordering of the lines as strings,
// writes for input.
func sortOld(t *testing.T, input string, reverse bool) string {
	t.Helper()
	in, err := readLines(strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	writeSorted(w, in, reverse)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// sortNew returns what sortStdin writes for input read from r.
func sortNew(t *testing.T, r io.Reader, reverse bool) string {
	t.Helper()
	in, err := readSortInput(r)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	writeSortedInput(&out, in, reverse)
	return out.String()
}

// firstDifference describes where two outputs first differ.
func firstDifference(got, want string) string {
	g, w := strings.SplitAfter(got, "\n"), strings.SplitAfter(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d is %q, want %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// TestSortStdinAsWriteSorted checks that the path of standard input writes
// byte for byte what writeSorted, which sorts strings with
// kubeversion.Sort, writes: on inputs of every shape, forwards and
// reversed, in LF and CRLF files, read at once or in small pieces, in one
// goroutine or two.
func TestSortStdinAsWriteSorted(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	defer func(size, records, block int) {
		parallelInput, parallelSort, outputBlock = size, records, block
	}(parallelInput, parallelSort, outputBlock)
	for name, shape := range sortShapes {
		// Half of the shapes are read, sorted and written in two
		// goroutines.
		parallelInput, parallelSort, outputBlock = 1<<20, 1<<16, 8192
		if len(name)%2 == 0 {
			parallelInput, parallelSort, outputBlock = 0, 0, 100
		}
		r := rand.New(rand.NewPCG(uint64(len(name)), 7))
		lines := shape(r, n)
		for _, file := range []struct{ name, input string }{
			{"LF", strings.Join(lines, "\n") + "\n"},
			{"CRLF", strings.Join(lines, "\r\n") + "\r\n"},
			{"CRLF but the last line", strings.Join(lines, "\r\n")},
			{"CRLF but the first line", lines[0] + "\n" + strings.Join(lines[1:], "\r\n") + "\r\n"},
			{"CRLF but the last line's LF", strings.Join(lines, "\r\n") + "\n"},
			{"no final newline", strings.Join(lines, "\n")},
		} {
			for _, reverse := range []bool{false, true} {
				want := sortOld(t, file.input, reverse)
				got := sortNew(t, strings.NewReader(file.input), reverse)
				if got != want {
					t.Errorf("%s, %s, reverse %v: %s", name, file.name, reverse, firstDifference(got, want))
				}
			}
		}
		input := strings.Join(lines, "\n") + "\n"
		if got, want := sortNew(t, &pieces{input, 1000}, false), sortOld(t, input, false); got != want {
			t.Errorf("%s, read in pieces: %s", name, firstDifference(got, want))
		}
	}
}

// TestSortStdinEdges checks sortStdin against writeSorted on inputs whose
// lines are few, empty or odd.
func TestSortStdinEdges(t *testing.T) {
	for _, input := range []string{
		"", "\n", "\n\n", "\r\n", "\r", "v1", "v1\r", "v1\r\nv2\r", "/", "/\n/v1\n", "a/\na/v1\n\n",
		"v1\nv01\nv001\nv1\n", "ab\nab\x00\nab\n", "abcdefgh\nabcdefgi\nabcdefg\nabcdefgh\n",
		"v9223372036854775807\nv9223372036854775806\nv09223372036854775807\n",
		"v1alpha1073741823\nv1alpha1073741824\nv1alpha1073741825\nv1alpha1073741824\n",
		"v1\x00\n\xff\xfe\nv1\n", "a/b/v1\na/v1\na/b/v2\n",
		"\n\nv1\n\n\nfoo\n\n", "\nv1\n\x00\n", "a/\n\n\na/v1\n", "\r\n\r\n", "\r\n\n", "\n\r\n\r\n",
		"\nfoo", "v1\r\n\r\nfoo\r\n", "\n\n/v1\n/\n",
	} {
		for _, reverse := range []bool{false, true} {
			if got, want := sortNew(t, strings.NewReader(input), reverse), sortOld(t, input, reverse); got != want {
				t.Errorf("sort of %q, reverse %v = %q, want %q", input, reverse, got, want)
			}
		}
		size, records := parallelInput, parallelSort
		parallelInput, parallelSort = 0, 0
		if got, want := sortNew(t, strings.NewReader(input), false), sortOld(t, input, false); got != want {
			t.Errorf("sort of %q in two goroutines = %q, want %q", input, got, want)
		}
		parallelInput, parallelSort = size, records
	}
}

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

// TestReadSortInput checks that the chunks hold the input, whole lines
// each but the last, when lines are longer than a chunk and when a read
// fills part of one.
func TestReadSortInput(t *testing.T) {
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
			in, err := readSortInput(&pieces{tt.input, size})
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

// TestReadSortInputFile checks that a regular file is mapped or read into
// one buffer of its size, and read from where it stands if not from its
// start.
func TestReadSortInputFile(t *testing.T) {
	input := strings.Repeat("v1\nfoo\n", 50000)
	name := filepath.Join(t.TempDir(), "input")
	if err := os.WriteFile(name, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := readSortInput(f)
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
	in, err = readSortInput(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(in.chunks) != 1 || string(in.chunks[0]) != input[3:] {
		t.Errorf("read from offset 3: %d chunks, first of %d bytes; want one of %d bytes", len(in.chunks), len(in.chunks[0]), len(input)-3)
	}
}

// TestVersionKey checks that versionKey orders as kubeversion.Compare
// wherever keys differ, and that equal exact keys belong to equal strings.
func TestVersionKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var strs []string
	for _, shape := range []string{"versions", "odd versions", "strings", "mixed"} {
		strs = append(strs, sortShapes[shape](r, 300)...)
	}
	failures := 0
	for _, a := range strs {
		for _, b := range strs {
			ka, kb := versionKey(a), versionKey(b)
			// The key's order is ascending where Compare's is highest first.
			want := kubeversion.Compare(b, a)
			ok := ka == kb && (!exactKey(ka) || a == b) || ka < kb && want < 0 || ka > kb && want > 0
			if !ok {
				t.Errorf("versionKey(%q) = %#x, versionKey(%q) = %#x; Compare(%q, %q) = %d", a, ka, b, kb, b, a, want)
				if failures++; failures == 20 {
					t.Fatal("stopping after 20 failures")
				}
			}
		}
	}
}
