package validation

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// fieldPathSchema has named properties, a map with a schema, a map with a
// boolean, and property names that need quoting.
const fieldPathSchema = `{"type": "object", "properties": {
	"a": {"type": "object", "properties": {"b": {"type": "string"}}},
	"m": {"type": "object", "additionalProperties": {"type": "object", "properties": {"x": {"type": "string"}}}},
	"n": {"type": "object", "additionalProperties": false},
	"p": {"type": "object", "properties": {}},
	"a'": {"type": "string"},
	"a\n": {"type": "string"},
	"": {"type": "string"},
	"é": {"type": "string"}}}`

func TestValidFieldPath(t *testing.T) {
	var s api.JSONSchemaProps
	if err := json.Unmarshal([]byte(fieldPathSchema), &s); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", maxFieldPathToken)
	tests := []struct {
		path string
		want bool
	}{
		{"", true},
		{".a", true},
		{".a.b", true},
		{"['a'].b", true},
		{".a['b']", true},
		{".m.anything.x", true},
		{".m['f.o'].x", true},
		{".m.anything.y", false},
		{".n.anything", true},         // a boolean map: any key, nothing below
		{".n.anything.deeper", false}, // the API server panics here
		{".p.x", false},               // empty properties and no map
		{".a.c", false},
		{"a", false}, // must start with . or [
		{".a..b", false},
		{".a.", false},
		{".", false},
		{"[", false},
		{"]", false},
		{".a[b]", false},   // not quoted
		{`.a["b"]`, false}, // double quotes are not quotes
		{"['a'", false},
		{"['a']]", false},
		{`['a\'']`, true}, // escaped quote
		{`['a\n']`, true}, // escaped line feed
		{`['a\q']`, false},
		{`['a\']`, false}, // the quote is escaped, so the string runs on
		{"['']", true},
		{".é", true},
		{`['\é']`, false},
		{" .a", false},
		// A token longer than the API server's scanner buffer ends the
		// scan early; what was read so far decides.
		{long, true},
		{long[1:], false},
		{".a." + long, false}, // a name must follow the dot
		{"['a']" + long, true},
		{"['a']" + long[1:], false},
		{"." + long[1:] + ".b", false}, // read in full: no such property
	}
	for _, tt := range tests {
		if got := validFieldPath(tt.path, &s); got != tt.want {
			p := tt.path
			if len(p) > 40 {
				p = p[:20] + "..." + p[len(p)-10:]
			}
			t.Errorf("validFieldPath(%q) = %v, want %v", p, got, tt.want)
		}
	}
}
