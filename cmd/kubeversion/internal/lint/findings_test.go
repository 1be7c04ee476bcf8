package lint

import (
	"reflect"
	"testing"
)

func TestGroupFindings(t *testing.T) {
	f := func(field, version, msg string) finding {
		return finding{Level: levelError, Check: "max-length-tightened", Field: field, Version: version, Message: msg}
	}
	got := groupFindings([]finding{
		f("spec.versions[0].schema.openAPIV3Schema.properties[a].maxLength", "v1", "a: maxLength 1 added"),
		f("spec.versions[1].schema.openAPIV3Schema.properties[b].maxLength", "v1beta1", "b: maxLength 1 added"),
		f("spec.versions[1].schema.openAPIV3Schema.properties[a].maxLength", "v1beta1", "a: maxLength 1 added"),
		f("spec.versions[2].schema.openAPIV3Schema.properties[a].maxLength", "v1alpha1", "a: maxLength 1 added"),
		f("spec.versions[2].schema.openAPIV3Schema.properties[a].maxLength", "v1alpha1", "a: maxLength 2 added"),
	})
	want := []finding{
		{Level: levelError, Check: "max-length-tightened", Field: "spec.versions[0].schema.openAPIV3Schema.properties[a].maxLength", Version: "v1",
			Versions: []string{"v1", "v1beta1", "v1alpha1"}, Message: "a: maxLength 1 added (in 3 versions: v1, v1beta1, v1alpha1)", base: "a: maxLength 1 added"},
		f("spec.versions[1].schema.openAPIV3Schema.properties[b].maxLength", "v1beta1", "b: maxLength 1 added"),
		f("spec.versions[2].schema.openAPIV3Schema.properties[a].maxLength", "v1alpha1", "a: maxLength 2 added"),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, want)
	}
}
