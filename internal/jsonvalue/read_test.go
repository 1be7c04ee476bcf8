package jsonvalue

import (
	"strconv"
	"strings"
	"testing"
)

// checkRead fails when r reads data otherwise than Unmarshal, when it
// reads it at all; it returns whether r read it.
func checkRead(t *testing.T, r *Reader, data []byte) bool {
	t.Helper()
	got, ok := r.Read(data)
	if !ok {
		return false
	}
	want, err := Unmarshal(data)
	if err != nil {
		t.Errorf("Read(%q) = %#v, true; the slow path fails: %v", data, got, err)
	} else if !Equal(got, want) {
		t.Errorf("Read(%q) = %#v, true; want %#v", data, got, want)
	}
	return true
}

func TestRead(t *testing.T) {
	var r Reader
	for _, in := range []string{
		`{}`, `[]`, `null`, `true`, `false`, `""`, `0`, `-0`, ` 1 `, "\t\r\n{}\n",
		`123456789012345678`, `-123456789012345678`, `1234567890123456789`, `9223372036854775807`,
		`-9223372036854775808`, `9223372036854775808`, `-9223372036854775809`, `1e308`, `1.5`, `-0.0`,
		`1E+2`, `1e-400`, `0.1e1`,
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"a":"b"}},"spec":{"n":[1,2.5,"x",null,true,{}]}}`,
		`{"a":1,"a":2}`, `{ "a" : [ 1 , [ ] , { } ] }`, `["\u00e9\ud800\"\\\/\b\f\n\r\t", "é", "\u2028"]`,
		"\"\xff\xfe\"", `{"k\u0041":"x"}`, `"` + strings.Repeat("s", 40) + `"`, `["ns","ns","ns"]`,
		strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
	} {
		if !checkRead(t, &r, []byte(in)) {
			t.Errorf("Read(%q) = _, false; want true", in)
		}
	}
}

func TestReadRefuses(t *testing.T) {
	var r Reader
	for _, in := range []string{
		``, ` `, `{`, `}`, `{]`, `[}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `[,1]`, `{1:2}`, `{} x`, `{}{}`,
		`01`, `-`, `1.`, `.5`, `1e`, `1e+`, `+1`, `1e400`, `-1e400`, `NaN`, `tru`, `nul`, `True`,
		`"a`, "\"\x01\"", `"\x"`, `"\u12"`, `"\u12G4"`, `'a'`,
		strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
		strings.Repeat(`{"a":`, MaxDepth+1) + `1` + strings.Repeat("}", MaxDepth+1),
	} {
		if v, ok := r.Read([]byte(in)); ok {
			t.Errorf("Read(%q) = %#v, true; want false", in, v)
		}
	}
}

// TestReadNUL checks that the Reader refuses a NUL byte wherever it
// stands, though Next returns 0 for it as at the end of the input.
func TestReadNUL(t *testing.T) {
	var r Reader
	for _, in := range []string{
		"{}\x00", "{}\x00garbage", " {} \x00 ", `{"a":1}` + "\x00{}",
		"{\x00}", `{"a":` + "\x00" + `1}`, `{"a":1` + "\x00}", `{"a":[1` + "\x00]}", `{"a":"x` + "\x00" + `y"}`,
		`{"a":1` + "\x002}", `{"a":tr` + "\x00ue}", `{"a":nul` + "\x00}", `{"` + "\x00" + `":1}`, "\x00{}", "\x00",
	} {
		if v, ok := r.Read([]byte(in)); ok {
			t.Errorf("Read(%q) = %#v, true; want false", in, v)
		}
	}
}

// TestReaderReset checks that a Reader reset for a pool keeps no value:
// not the values a failed read leaves on its lists, not values past their
// lengths, not the strings it shares.
func TestReaderReset(t *testing.T) {
	var r Reader
	in := `{"a":[1,"x",{"b":[true,"y"]},1e400]}`
	if _, ok := r.Read([]byte(in)); ok {
		t.Fatalf("Read accepted 1e400 in %s", in)
	}
	if len(r.stack) == 0 || len(r.intern) == 0 {
		t.Fatal("the failed read left nothing on the stack or in intern: the test proves nothing")
	}
	r.entries = append(r.entries, pair{"e", "v"})[:0]
	stack, entries := r.stack[:cap(r.stack)], r.entries[:cap(r.entries)]
	r.Reset(1 << 10)
	if len(r.stack)+len(r.entries)+len(r.intern) != 0 || r.data != nil || r.text != "" {
		t.Errorf("Reset left %d stack values, %d entries, %d strings, data %q, text %q",
			len(r.stack), len(r.entries), len(r.intern), r.data, r.text)
	}
	for i, v := range stack {
		if v != nil {
			t.Errorf("Reset left stack[%d] = %#v", i, v)
		}
	}
	for i, e := range entries {
		if e != (pair{}) {
			t.Errorf("Reset left entries[%d] = %#v", i, e)
		}
	}
	r.stack = make([]any, 0, 8)
	if r.Reset(4); r.stack != nil {
		t.Errorf("Reset(4) kept a stack of capacity %d", cap(r.stack))
	}
}

// TestReadAllocs checks the promise of sharing: an array of a hundred
// short strings, the same one, costs the copy of its text, its slice and
// the slice's box as an any, the string's box being shared from the read
// before.
func TestReadAllocs(t *testing.T) {
	in := []byte("[" + strings.Repeat(`"ns",`, 99) + `"ns"]`)
	var r Reader
	if got := testing.AllocsPerRun(100, func() { r.Read(in) }); got > 3 {
		t.Errorf("Read of %d shared strings: %v allocations, want 3", 100, got)
	}
}

func TestNumber(t *testing.T) {
	var r Reader
	for _, in := range []string{
		`0`, `-0`, `7`, `255`, `123456789012345678`, `9223372036854775807`, `9223372036854775808`,
		`-9223372036854775809`, `1.5`, `1e3`, `1E+2`, `1e-400`, `1e400`, `01`, `1.`, ` 1`, `1 `, `1,`, `"1"`, ``, `-`,
	} {
		got, ok := Number([]byte(in))
		want, wantOK := r.Read([]byte(in))
		if _, isNumber := want.(string); isNumber || in != strings.TrimSpace(in) {
			wantOK = false // a string, or a number with space: not one JSON number and nothing else
			want = nil
		}
		if ok != wantOK || !Equal(got, want) {
			t.Errorf("Number(%q) = %#v, %v; want %#v, %v", in, got, ok, want, wantOK)
		}
	}
}

// TestNumberAllocs checks that Number's argument does not escape: a
// number written into a buffer on the stack costs only the boxing of its
// value.
func TestNumberAllocs(t *testing.T) {
	got := testing.AllocsPerRun(100, func() {
		var buf [32]byte
		Number(strconv.AppendInt(buf[:0], 123456789, 10))
	})
	if got > 1 {
		t.Errorf("Number of a buffer on the stack: %v allocations, want 1", got)
	}
}
