package strfmt

import "testing"

// TestSupportedKnown checks that every format the API server supports in
// CRD schemas is one the registry checks, and the other way round, so that
// no format is kept in a schema and then skipped as unknown.
func TestSupportedKnown(t *testing.T) {
	for f := range supportedSince {
		if !Known(f) {
			t.Errorf("Known(%q) = false for a format CRD schemas support", f)
		}
	}
	for f := range formats {
		if _, ok := supportedSince[f]; !ok {
			t.Errorf("%q is in the registry but not supported in CRD schemas", f)
		}
	}
}

func TestRecognized(t *testing.T) {
	for _, tt := range []struct {
		typ, format string
		minor       int
		want        bool
	}{
		{"string", "date-time", 36, true},
		{"string", "d-a-t-e-t-i-m-e", 36, true},
		{"string", "datetime", 0, true},
		{"string", "DateTime", 36, false},
		{"", "uuid", 36, true},
		{"", "bogus", 36, false},
		{"string", "int32", 36, false},
		{"string", "k8s-short-name", 36, true},
		{"string", "k8sshortname", 34, true},
		{"string", "k8s-long-name", 33, false},
		{"string", "k8s-short-name", 33, false},
		{"integer", "int32", 36, true},
		{"integer", "int64", 36, true},
		{"integer", "int-64", 36, false},
		{"integer", "date", 36, false},
		{"number", "float", 36, true},
		{"number", "double", 36, true},
		{"number", "int32", 36, false},
		{"boolean", "date", 36, false},
		{"array", "date", 36, false},
		{"object", "date", 36, false},
		{"strin", "date", 36, false},
		{"boolean", "", 36, true},
	} {
		if got := Recognized(tt.typ, tt.format, tt.minor); got != tt.want {
			t.Errorf("Recognized(%q, %q, %d) = %v, want %v", tt.typ, tt.format, tt.minor, got, tt.want)
		}
	}
}
