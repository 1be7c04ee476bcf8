package jsonvalue

import (
	"bytes"
	"strings"
	"testing"
)

// readSeeds are inputs the Reader reads and inputs it refuses.
var readSeeds = []string{
	`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"a":"b"}},"spec":{"n":[1,2.5,"x",null,true,{}]}}`,
	`{"a":1,"a":2}`, `["\u00e9\ud800\"\\\/\b\f\n\r\t", "é", "\u2028", "\xff"]`, `{"k\u0041":"x"}`,
	`[9223372036854775807, 9223372036854775808, -9223372036854775809, 123456789012345678, -0, -0.0, 1E+2, 1e-400]`,
	`[1e400]`, `{"a":1,}`, `01`, `1.`, `{} x`, "{}\x00", `"\u12G4"`, `[` + strings.Repeat(`"ns",`, 40) + `"ns"]`,
	strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
}

// FuzzRead holds the Reader to the slow path it stands in for, encoding/json
// with UseNumber then ParseInt or ParseFloat: when it reads, it reads the
// same value, whether fresh or reused; Value's text is the value's;
// Number reads what Read reads as a number with no space around it; and
// the Reader refuses nothing the slow path reads but nesting deeper than
// MaxDepth.
// Rerun a failing input with go test -run FuzzRead/<name>.
func FuzzRead(f *testing.F) {
	for _, s := range readSeeds {
		f.Add([]byte(s))
	}
	var reused Reader // as from a pool, strings shared from earlier inputs
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Reader
		got, ok := r.Read(data)
		want, err := Unmarshal(data)
		switch {
		case ok && err != nil:
			t.Fatalf("Read(%q) = %#v, true; the slow path fails: %v", data, got, err)
		case ok && !Equal(got, want):
			t.Fatalf("Read(%q) = %#v, true; the slow path reads %#v", data, got, want)
		case !ok && err == nil && depth(want) <= MaxDepth:
			t.Fatalf("Read(%q) = _, false; the slow path reads %#v", data, want)
		}
		n, nOK := Number(data)
		_, isInt := got.(int64)
		_, isFloat := got.(float64)
		isNumber := ok && (isInt || isFloat) && len(bytes.Trim(data, " \t\r\n")) == len(data)
		if nOK != isNumber || nOK && !Equal(n, got) {
			t.Fatalf("Number(%q) = %#v, %v; Read gives %#v, %v", data, n, nOK, got, ok)
		}
		again, okAgain := reused.Read(data)
		if okAgain != ok || !Equal(again, got) {
			t.Fatalf("Read(%q) by a reused Reader = %#v, %v; a fresh one: %#v, %v", data, again, okAgain, got, ok)
		}
		if len(reused.intern) >= maxInterned {
			reused.Reset(1 << 10)
		}
		if !ok {
			return
		}
		r.Start(data)
		v, raw, ok := r.Value()
		if !ok || !Equal(v, got) || !bytes.Equal(raw, bytes.Trim(data, " \t\r\n")) {
			t.Fatalf("Value() of %q = %#v, %q, %v; want %#v, the trimmed text, true", data, v, raw, ok, got)
		}
	})
}

// depth returns the nesting of v: 0 for a scalar, 1 for an empty array.
func depth(v any) int {
	d := 0
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	case map[string]any:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	}
	return 0
}
