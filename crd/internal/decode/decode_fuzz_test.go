package decode

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// FuzzDecode checks Decode's laws: it refuses whatever encoding/json
// refuses (syntax, data after the value, nesting past MaxDepth, the last
// with ErrMaxDepth), and what it decodes, marshaled, decodes again to the
// same JSON after one round, wrappers included. Rerun a failure with
// go test -run FuzzDecode/<name> ./crd/internal/decode.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"spec": {"group": "a", "Group": "b"}}`,
		`{"spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": {"items": {"items": [{"type": "x"}]}, "additionalProperties": false}}}]}}`,
		`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"dependencies": {"a": ["b"], "c": {"type": "d"}, "e": null}, "additionalItems": {"Type": 1}}}}]}}`,
		`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"properties": {"a": {"items": {"type": "x"}}, "a": {}}, "default": [[1.5e3]]}}}]}}`,
		`{"spec": {"versions": [{"schema": {"openAPIV3Schema": {"not": {"items": {"type": 1}}, "enum": [1e400]}}}]}}`,
		`[[[[[[]]]]]] x`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Decode(data)
		if !json.Valid(data) {
			if err == nil || errors.As(err, new(*api.StrictError)) {
				t.Fatalf("Decode(%q) = %v, want an error: encoding/json refuses it", data, err)
			}
			if jerr := json.Unmarshal(data, new(any)); errors.Is(err, api.ErrMaxDepth) != bytes.HasSuffix([]byte(jerr.Error()), []byte("exceeded max depth")) {
				t.Fatalf("Decode(%q) = %v, encoding/json says %v", data, err, jerr)
			}
			return
		}
		if c == nil {
			return
		}
		// One round may change the JSON: items: false decodes to an
		// empty wrapper, which marshals as null, as in the API server.
		// From there on, decoding and marshaling must keep it.
		once, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("json.Marshal(Decode(%q)): %v", data, err)
		}
		twice := remarshal(t, once)
		if thrice := remarshal(t, twice); !bytes.Equal(twice, thrice) {
			t.Fatalf("Decode(%q) marshals to\n%s\nthen to\n%s\nthen to\n%s", data, once, twice, thrice)
		}
	})
}

// remarshal decodes data, which Decode must read, and marshals it.
func remarshal(t *testing.T, data []byte) []byte {
	c, err := Decode(data)
	if err != nil && !errors.As(err, new(*api.StrictError)) {
		t.Fatalf("Decode(%s): %v", data, err)
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
