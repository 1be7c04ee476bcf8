package jsonvalue

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readUID reads in with Fields, knowing the fields uid, a string, and
// objects, any value.
func readUID(in string) (uid string, objects any, ok bool) {
	var r Reader
	r.Start([]byte(in))
	ok = r.Fields(make([]bool, 2), func(name []byte) (int, bool) {
		switch string(name) {
		case "uid":
			s, ok := r.StringValue()
			uid = s
			return 0, ok
		case "objects":
			v, _, ok := r.Value()
			objects = v
			return 1, ok
		}
		return 0, false
	})
	return uid, objects, ok && r.AtEnd()
}

func TestFields(t *testing.T) {
	tests := []struct {
		in      string
		uid     string
		objects any
		ok      bool
	}{
		{`{}`, "", nil, true},
		{` { } `, "", nil, true},
		{`{"uid":"u"}`, "u", nil, true},
		{`{ "objects" : [1] , "uid" : "u\u00e9" }`, "ué", []any{int64(1)}, true},
		{`{"uid":"u","uid":"v"}`, "v", nil, false}, // twice
		{`{"other":1}`, "", nil, false},            // unknown
		{`{"u\u0069d":"u"}`, "", nil, false},       // escaped name
		{`{"uid":1}`, "", nil, false},              // not a string
		{`{"uid":"u",}`, "u", nil, false},          // trailing comma
		{`{"uid":"u"`, "u", nil, false},            // unclosed
		{`{"uid":"u"} x`, "u", nil, false},         // trailing data
		{`{"uid" "u"}`, "", nil, false},            // no colon
		{`{"objects":[1e400]}`, "", nil, false},    // out of range
		{`[]`, "", nil, false},                     // not an object
		{`null`, "", nil, false},                   // not an object
		{`{"uid":"u"` + "\x00}", "u", nil, false},  // NUL
		{`{"objects":{"a":[]},"uid":""}`, "", map[string]any{"a": []any{}}, true},
	}
	for _, tt := range tests {
		uid, objects, ok := readUID(tt.in)
		if uid != tt.uid || ok != tt.ok || !Equal(objects, tt.objects) {
			t.Errorf("Fields(%q) read uid %q, objects %#v, ok %v; want %q, %#v, %v",
				tt.in, uid, objects, ok, tt.uid, tt.objects, tt.ok)
		}
	}
}

func TestValueRaw(t *testing.T) {
	var r Reader
	r.Start([]byte(` {"a": [1, "b"]} , "c" ,3`))
	var got []string
	for {
		v, raw, ok := r.Value()
		if !ok {
			t.Fatalf("Value() failed after %q", got)
		}
		got = append(got, string(raw))
		if _, isMap := v.(map[string]any); len(got) == 1 && !isMap {
			t.Errorf("Value() = %#v, want a map", v)
		}
		if !r.Consume(',') {
			break
		}
	}
	if diff := cmp.Diff([]string{`{"a": [1, "b"]}`, `"c"`, `3`}, got); diff != "" || !r.AtEnd() {
		t.Errorf("Value() texts mismatch (-want +got):\n%s", diff)
	}
}
