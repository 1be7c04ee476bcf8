package inputs

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// checkJSON fails t unless appendJSON writes v as json.Marshal does, or
// fails as it does.
func checkJSON(t *testing.T, v any) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	got, err := appendJSON(nil, v)
	if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("appendJSON(%#v): error %v, want %v", v, err, wantErr)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("appendJSON(%#v) =\n%s\nwant\n%s", v, got, want)
	}
}

func TestAppendJSON(t *testing.T) {
	for _, v := range []any{
		nil, true, false, int64(-12), int64(math.MaxInt64), 1.5, 1e21, 3.0, math.NaN(),
		"", "plain", "a\nb\tc\rd", `q"b\s`, "<a href='x'>&amp;</a>", "\x00\x1f\b\f\x7f", "é\u2028\u2029\xff",
		map[string]any(nil), []any(nil), map[string]any{}, []any{},
		map[string]any{"b": int64(1), "a": []any{"x", nil, map[string]any{"é": 2.5, "<": true}}, "B": "y", "": nil},
		map[string]any{"n": []any{math.Inf(1)}},
		map[string]any{"other": []string{"a"}, "num": json.Number("12")},
	} {
		checkJSON(t, v)
	}
}

// FuzzAppendJSON checks appendJSON against json.Marshal on trees made of
// the fuzzer's strings and numbers.
func FuzzAppendJSON(f *testing.F) {
	f.Add("key", "value\n<&>", int64(3), 2.5)
	f.Add("é", "\xff\u2028\x01", int64(-1), 1e300)
	f.Fuzz(func(t *testing.T, k, s string, n int64, x float64) {
		checkJSON(t, map[string]any{k: s, s: []any{n, x, k, map[string]any{"z" + k: nil, "a": s}}, "n": n})
	})
}
