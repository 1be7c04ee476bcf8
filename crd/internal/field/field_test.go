package field

import (
	"slices"
	"strings"
	"testing"
)

func TestPath(t *testing.T) {
	root := NewPath("spec", "validation", "openAPIV3Schema")
	for _, tt := range []struct {
		p    *Path
		want string
	}{
		{root, "spec.validation.openAPIV3Schema"},
		{root.Child("properties").Key("spec"), "spec.validation.openAPIV3Schema.properties[spec]"},
		{root.Child("allOf").Index(2).Child("items"), "spec.validation.openAPIV3Schema.allOf[2].items"},
		// An empty name writes out as apimachinery's Path.String writes it
		// (these were printed by k8s.io/apimachinery v0.37.2).
		{NewPath("").Key("a.b"), "[][a.b]"},
		{(*Path)(nil).Child("").Child("kind"), "[].kind"},
		{(*Path)(nil).Child("kind"), "kind"},
		{NewPath("spec").Child("").Child("kind"), "spec[].kind"},
		{NewPath("spec").Child("").Index(0), "spec[][0]"},
		{NewPath("spec").Key("").Child("x"), "spec[].x"},
		{(*Path)(nil).Child(""), "[]"},
	} {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// TestPathProperty checks that Property(k) writes out and steps as
// Child("properties").Key(k), at the root, below a path and below itself.
func TestPathProperty(t *testing.T) {
	for _, k := range []string{"spec", "", "a.b", "x]y"} {
		for _, base := range []*Path{nil, NewPath("spec", "validation"), NewPath("").Index(1), NewPath("a").Property("b")} {
			got, want := base.Property(k).Child("type"), base.Child("properties").Key(k).Child("type")
			if got.String() != want.String() {
				t.Errorf("Property(%q) below %q writes %q, want %q", k, base, got, want)
			}
			if !slices.Equal(got.Steps(), want.Steps()) {
				t.Errorf("Property(%q) below %q steps %v, want %v", k, base, got.Steps(), want.Steps())
			}
		}
	}
}

func TestUnique(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"a", "a"},
		{"a a", "a"},
		{"a b a c b", "a b c"},
	} {
		in := strings.Fields(tt.in)
		got := Unique(in, func(s string) string { return s })
		if want := strings.Fields(tt.want); !slices.Equal(got, want) {
			t.Errorf("Unique(%q) = %q, want %q", tt.in, got, want)
		}
	}
}

func TestPathOfNil(t *testing.T) {
	var root *Path
	for _, tt := range []struct {
		p    *Path
		want string
	}{
		{root.Child("kind"), "kind"},
		{root.Key("k").Child("metadata"), "[k].metadata"},
		{root.Child("spec").Index(0), "spec[0]"},
		{NewPath("").Child("a"), "[].a"}, // as apimachinery writes it
	} {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}
