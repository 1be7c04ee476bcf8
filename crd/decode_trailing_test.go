package crd

import (
	"encoding/json"
	"testing"
)

// TestJSONUnmarshalTrailingData checks that JSON.UnmarshalJSON, called
// directly, refuses what follows the value as json.Unmarshal does, with
// its error, and leaves the value unchanged; white space may follow.
func TestJSONUnmarshalTrailingData(t *testing.T) {
	tests := []string{
		`{"a": 1} x`,
		`{"a": 1}}`,
		`1 2`,
		`[] ]`,
		`"a""b"`,
		`null null`,
		"true\x00",
		`{"a": 1}` + " \t\r\n",
		` 7 `,
	}
	for _, in := range tests {
		want := ""
		if err := json.Unmarshal([]byte(in), new(any)); err != nil {
			want = err.Error()
		}
		j := JSON{Value: "before"}
		err := j.UnmarshalJSON([]byte(in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("JSON.UnmarshalJSON(%q) error = %q, want %q", in, got, want)
		}
		if err != nil && j.Value != "before" {
			t.Errorf("JSON.UnmarshalJSON(%q) with an error set Value to %#v", in, j.Value)
		}
	}
}
