package format

import "testing"

func TestGitHubEscapes(t *testing.T) {
	for _, tt := range []struct{ in, data, property string }{
		{"plain", "plain", "plain"},
		{"50%", "50%25", "50%25"},
		{"a\nb", "a%0Ab", `a\nb`},
		{"a\r\n::error::b", `a\r%0A\x3a:error::b`, `a\r\n%3A%3Aerror%3A%3Ab`},
		{"f.yaml,line=1", "f.yaml,line=1", "f.yaml%2Cline=1"},
		{"\x1b[31m", `\x1b[31m`, `\x1b[31m`},
	} {
		if got := Data(tt.in); got != tt.data {
			t.Errorf("Data(%q) = %q, want %q", tt.in, got, tt.data)
		}
		if got := Property(tt.in); got != tt.property {
			t.Errorf("Property(%q) = %q, want %q", tt.in, got, tt.property)
		}
	}
}
