package inputs

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestObjectJSONKept checks that the JSON ReadStream keeps of a measured
// object is that of its fields, and that SetFields drops it.
func TestObjectJSONKept(t *testing.T) {
	doc := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  a: " + strings.Repeat("x<", 30<<10) + "\n"
	var got []Object
	if p := ReadStream("big.yaml", strings.NewReader(doc), func(o Object) bool {
		got = append(got, o)
		return true
	}); p != nil || len(got) != 1 {
		t.Fatalf("ReadStream: %v, %d objects", p, len(got))
	}
	o := got[0]
	if o.json == nil {
		t.Fatal("a document over 40 KiB: no JSON kept")
	}
	want, _ := json.Marshal(o.Fields)
	if data, err := o.JSON(); err != nil || !bytes.Equal(data, want) {
		t.Errorf("JSON() = %.40q, %v; want Marshal's %.40q", data, err, want)
	}
	o.SetFields(map[string]any{"kind": "Other"})
	if data, err := o.JSON(); err != nil || string(data) != `{"kind":"Other"}` {
		t.Errorf("after SetFields, JSON() = %.40q, %v", data, err)
	}
}
