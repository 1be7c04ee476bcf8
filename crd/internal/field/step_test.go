package field

import (
	"strconv"
	"strings"
	"testing"
)

// written writes steps one after the other, a key or an index in
// brackets: "name.name[key]#index" (# marks an index).
func written(steps []PathStep) string {
	var b strings.Builder
	for i, s := range steps {
		switch s.Kind {
		case StepName:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.Name)
		case StepKey:
			b.WriteString("[" + s.Name + "]")
		case StepIndex:
			b.WriteString("#" + strconv.Itoa(s.Index))
		}
	}
	return b.String()
}

func TestParsePath(t *testing.T) {
	for _, tt := range []struct{ path, want string }{
		{"", ""},
		{"a", "a"},
		{"a.b[2].c", "a.b#2.c"},
		{"spec.versions.served", "spec.versions.served"},
		{"properties[a.b].type", "properties[a.b].type"},
		{"properties[a]b].type", "properties[a]b].type"},
		{"properties[[x]][y]", "properties[[x]][y]"},
		{"properties[]", "properties[]"},
		{"properties[open", "properties[open]"},
		{"[0].x", "#0.x"},
		{"a..b", "a..b"},
		{"a[00][-1][1]", "a[00][-1]#1"}, // only an index as the server writes one
		{".spec.replicas", ".spec.replicas"},
	} {
		if got := written(ParsePath(tt.path)); got != tt.want {
			t.Errorf("ParsePath(%q) = %s, want %s", tt.path, got, tt.want)
		}
	}
	if got := ParsePath(""); got != nil {
		t.Errorf("ParsePath(\"\") = %v, want nil", got)
	}
}

func TestPathSteps(t *testing.T) {
	root := NewPath("spec", "validation", "openAPIV3Schema")
	for _, tt := range []struct {
		p          *Path
		want       string
		wantString string
	}{
		{nil, "", ""},
		{root.Child("properties").Key("a.b").Child("type"), "spec.validation.openAPIV3Schema.properties[a.b].type",
			"spec.validation.openAPIV3Schema.properties[a.b].type"},
		{NewPath("spec", "versions").Index(3), "spec.versions#3", "spec.versions[3]"},
		{root.Key("0"), "spec.validation.openAPIV3Schema[0]", "spec.validation.openAPIV3Schema[0]"},
		// A path below a path, as kube-openapi names a value, is read.
		{root.Child("default").ChildPath("items[0].a.b"), "spec.validation.openAPIV3Schema.default.items#0.a.b",
			"spec.validation.openAPIV3Schema.default.items[0].a.b"},
		{(*Path)(nil).ChildPath(".spec.replicas"), ".spec.replicas", ".spec.replicas"},
		{(*Path)(nil).ChildPath(""), "", ""},
		{NewPath("").Child("a"), ".a", "[].a"},
	} {
		if got := written(tt.p.Steps()); got != tt.want {
			t.Errorf("Steps of %q = %s, want %s", tt.p, got, tt.want)
		}
		if got := tt.p.String(); got != tt.wantString {
			t.Errorf("String() = %q, want %q", got, tt.wantString)
		}
	}
}

func TestErrorPath(t *testing.T) {
	built := Invalid(NewPath("metadata", "labels").Key("a.b"), "x", "")
	changed := Invalid(NewPath("metadata", "labels").Key("a.b"), "x", "")
	changed.Field = "spec.x"
	for _, tt := range []struct {
		name string
		e    *Error
		want string
	}{
		{"built from a path", built, "metadata.labels[a.b]"},
		{"a literal", &Error{Field: "metadata.labels[a.b]"}, "metadata.labels[a.b]"},
		{"a Field changed since", changed, "spec.x"},
		{"at the nil path", Invalid(nil, "", ""), ""},
		{"a literal at the nil path", &Error{Field: "<nil>"}, ""},
		{"a literal with no field", &Error{}, ""},
	} {
		if got := written(tt.e.Path()); got != tt.want {
			t.Errorf("%s: Path() = %s, want %s", tt.name, got, tt.want)
		}
	}
	if got := Invalid(nil, "", "").Field; got != "<nil>" {
		t.Errorf("Field at the nil path = %q, want <nil>", got)
	}
}
