package main

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// checkJSONSame fails when appendJSON writes v otherwise than
// encoding/json's Marshal.
func checkJSONSame(t *testing.T, v any) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	got, err := appendJSON(nil, v)
	if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
		t.Fatalf("appendJSON(%#v) = %s, %v; json.Marshal: %s, %v", v, got, err, want, wantErr)
	}
}

func TestAppendJSON(t *testing.T) {
	for _, v := range []any{
		nil, true, false, int64(-12), 1.5, 1e21, 1e-7, math.Inf(1), "",
		"a<b>&c\"\\\n\r\t\b\f\x00\x1f\x7f é \u2028\u2029 \xff\xfe",
		map[string]any{"b": int64(1), "a": []any{"x", nil, map[string]any{}}, "<": []any{}},
		map[string]any(nil), []any(nil), []string{"other kinds"},
	} {
		checkJSONSame(t, v)
	}
}

// FuzzAppendJSON reads JSON as kubectl reads a manifest and checks that
// appendJSON writes it back as encoding/json does.
func FuzzAppendJSON(f *testing.F) {
	f.Add([]byte(`{"a": [1, 2.5, "x<y", null, true, {"z": {}}], "\u2028": "\ud800"}`))
	f.Add([]byte(`"\u0000\ufffd"`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, p := readDocument("f", document{text: data, json: true})
		if p != nil {
			return
		}
		checkJSONSame(t, v)
	})
}
