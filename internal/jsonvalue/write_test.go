package jsonvalue

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// checkSame fails when Append writes v otherwise than json.Marshal.
func checkSame(t *testing.T, v any) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	var w Writer
	got, err := w.Append([]byte("kept"), v)
	if (err != nil) != (wantErr != nil) || err == nil && !bytes.Equal(got, append([]byte("kept"), want...)) || err != nil && string(got) != "kept" {
		t.Fatalf("Append(%#v) = %s, %v; json.Marshal: %s, %v", v, got, err, want, wantErr)
	}
}

func TestAppend(t *testing.T) {
	deep := any(int64(1))
	for range MaxDepth + 1 {
		deep = []any{deep}
	}
	for _, v := range []any{
		nil, true, false, int64(-12), 1.5, 1e21, 1e-7, 123456789.0, math.Inf(1), math.NaN(), "",
		"a<b>&c\"\\\n\r\t\b\f\x00\x1f\x7f é \u2028\u2029 \xff\xfe",
		map[string]any{"b": int64(1), "a": []any{"x", nil, map[string]any{}}, "<": []any{}},
		map[string]any{"z": map[string]any{"y": math.NaN()}},
		map[string]any(nil), []any(nil), []string{"other kinds"}, deep,
	} {
		checkSame(t, v)
	}
}

// TestWriterReset checks that a Writer reset for a pool keeps no value:
// not the entries a panic through a map's write leaves behind.
func TestWriterReset(t *testing.T) {
	var w Writer
	w.pairs = append(w.pairs, pair{"k", map[string]any{"v": 1}}, pair{"l", "x"})[:1]
	kept := w.pairs[:cap(w.pairs)]
	w.Reset(1 << 10)
	if len(w.pairs) != 0 {
		t.Errorf("Reset left %d entries", len(w.pairs))
	}
	for i, e := range kept {
		if e != (pair{}) {
			t.Errorf("Reset left pairs[%d] = %#v", i, e)
		}
	}
	w.pairs = make([]pair, 0, 8)
	if w.Reset(4); w.pairs != nil {
		t.Errorf("Reset(4) kept a scratch of capacity %d", cap(w.pairs))
	}
}

// FuzzAppend reads JSON as the value model holds it and checks that
// Append writes it back as json.Marshal does.
func FuzzAppend(f *testing.F) {
	f.Add([]byte(`{"a": [1, 2.5, "x<y", null, true, {"z": {}}], "\u2028": "\ud800"}`))
	f.Add([]byte(`"\u0000\ufffd"`))
	f.Add([]byte(`[1e400, 1e21, 0.000001, -0]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			return
		}
		checkSame(t, model(v))
	})
}

// model turns json.Numbers into int64 where they fit, float64 otherwise.
func model(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return i
		}
		f, _ := v.Float64()
		return f
	case map[string]any:
		for k, e := range v {
			v[k] = model(e)
		}
	case []any:
		for i, e := range v {
			v[i] = model(e)
		}
	}
	return v
}
