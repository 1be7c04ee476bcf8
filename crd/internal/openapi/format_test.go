package openapi

import "testing"

func TestResourceFormat(t *testing.T) {
	for _, tt := range []struct {
		typ         string
		intOrString bool
		format      string
		want        string
	}{
		{"string", false, "date-time", "date-time"},
		{"string", false, "d-a-t-e-time", "d-a-t-e-time"},
		{"string", false, "k8s-short-name", "k8s-short-name"},
		{"string", false, "bogus", ""},
		{"string", false, "int32", ""},
		{"", false, "uuid", "uuid"},
		{"", false, "int64", ""},
		{"", true, "date", "date"},
		{"", true, "int32", ""},
		{"integer", false, "int32", "int32"},
		{"integer", false, "int64", "int64"},
		{"integer", false, "date", ""},
		{"number", false, "float", "float"},
		{"number", false, "double", "double"},
		{"number", false, "int32", ""},
		{"boolean", false, "date", ""},
		{"array", false, "date", ""},
		{"object", false, "date", ""},
		{"string", false, "", ""},
	} {
		if got := resourceFormat(tt.typ, tt.intOrString, tt.format); got != tt.want {
			t.Errorf("resourceFormat(%q, %v, %q) = %q, want %q", tt.typ, tt.intOrString, tt.format, got, tt.want)
		}
	}
}
