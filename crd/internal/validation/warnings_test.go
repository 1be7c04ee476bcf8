package validation

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// withSchemas returns cronTab with the schemas of its two versions given
// as JSON; "" leaves a version without one.
func withSchemas(t *testing.T, v1beta1, v1 string) *api.CustomResourceDefinition {
	t.Helper()
	c := cronTab()
	for i, s := range []string{v1beta1, v1} {
		c.Spec.Versions[i].Schema = nil
		if s == "" {
			continue
		}
		var schema api.JSONSchemaProps
		if err := json.Unmarshal([]byte(s), &schema); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		c.Spec.Versions[i].Schema = &api.Schema{OpenAPIV3Schema: &schema}
	}
	return c
}

// written returns each warning as "field: message".
func written(ws []field.Warning) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Field+": "+w.Message)
	}
	return out
}

const (
	v0 = "spec.versions[0].schema.openAPIV3Schema"
	v1 = "spec.versions[1].schema.openAPIV3Schema"

	setObject = `x-kubernetes-list-type: set for items of type "object" is not supported by server-side apply or CEL validation rules`
	setArray  = `x-kubernetes-list-type: set for items of type "array" is not supported by server-side apply or CEL validation rules`
)

func TestWarningsOnCreate(t *testing.T) {
	for _, tt := range []struct {
		name        string
		v1beta1, v1 string
		want        []string
	}{
		{name: "none", v1beta1: `{"type":"object"}`, v1: `{"type":"object"}`},
		{name: "no schemas"},
		{
			name: "recognized by type",
			v1beta1: `{"type":"object","properties":{"a":{"type":"string","format":"date-time"},"b":{"format":"k8s-long-name"},` +
				`"c":{"type":"integer","format":"int32"},"d":{"type":"number","format":"double"},"e":{"type":"string","format":"d-a-t-e"}}}`,
		},
		{
			name: "unrecognized by type",
			v1beta1: `{"type":"object","properties":{"a":{"type":"string","format":"int64"},"b":{"type":"integer","format":"date"},` +
				`"c":{"type":"boolean","format":"byte"},"d":{"type":"number","format":"int32"},"e":{"type":"string","format":"DateTime"},` +
				`"f":{"x-kubernetes-int-or-string":true,"format":"int-or-string"},"g":{"type":"object","format":"password"}}}`,
			want: []string{
				v0 + `.properties[a].format: unrecognized format "int64"`,
				v0 + `.properties[b].format: unrecognized format "date"`,
				v0 + `.properties[c].format: unrecognized format "byte"`,
				v0 + `.properties[d].format: unrecognized format "int32"`,
				v0 + `.properties[e].format: unrecognized format "DateTime"`,
				v0 + `.properties[f].format: unrecognized format "int-or-string"`,
				v0 + `.properties[g].format: unrecognized format "password"`,
			},
		},
		{
			name:    "same schema, hoisted: once",
			v1beta1: `{"type":"object","format":"x"}`, v1: `{"type":"object","format":"x"}`,
			want: []string{v0 + `.format: unrecognized format "x"`},
		},
		{
			name:    "different schemas: each",
			v1beta1: `{"type":"object","format":"x","description":"a"}`, v1: `{"type":"object","format":"x"}`,
			want: []string{v0 + `.format: unrecognized format "x"`, v1 + `.format: unrecognized format "x"`},
		},
		{
			name: "the server's walk",
			v1beta1: `{"format":"root","properties":{"b":{"format":"pb"},"a":{"format":"pa"}},` +
				`"items":{"format":"items"},"allOf":[{"format":"allOf"}],"anyOf":[{"format":"anyOf"}],"oneOf":[{"format":"oneOf"}],` +
				`"not":{"format":"not"},"additionalProperties":{"format":"ap"},"patternProperties":{"p":{"format":"pp"}},` +
				`"additionalItems":{"format":"ai"},"definitions":{"d":{"format":"def"}},"dependencies":{"x":{"format":"dep"},"y":["z"]}}`,
			want: []string{
				v0 + `.format: unrecognized format "root"`,
				v0 + `.items.format: unrecognized format "items"`,
				v0 + `.allOf[0].format: unrecognized format "allOf"`,
				v0 + `.anyOf[0].format: unrecognized format "anyOf"`,
				v0 + `.oneOf[0].format: unrecognized format "oneOf"`,
				v0 + `.not.format: unrecognized format "not"`,
				v0 + `.properties[a].format: unrecognized format "pa"`,
				v0 + `.properties[b].format: unrecognized format "pb"`,
				v0 + `.additionalProperties.format: unrecognized format "ap"`,
				v0 + `.patternProperties[p].format: unrecognized format "pp"`,
				v0 + `.additionalItems.format: unrecognized format "ai"`,
				v0 + `.definitions[d].format: unrecognized format "def"`,
				v0 + `.dependencies[x].format: unrecognized format "dep"`,
			},
		},
		{
			name:    "items as a list",
			v1beta1: `{"type":"array","x-kubernetes-list-type":"set","items":[{"type":"object","format":"a"},{"format":"b"}]}`,
			want:    []string{v0 + `.items[0].format: unrecognized format "a"`, v0 + `.items[1].format: unrecognized format "b"`},
		},
		{
			name: "list type set: sorted, once each, at the first",
			v1beta1: `{"type":"object","properties":{` +
				`"a":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object"}},` +
				`"b":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"array","format":"q"}},` +
				`"c":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object"}},` +
				`"d":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}},` +
				`"e":{"type":"array","x-kubernetes-list-type":"atomic","items":{"type":"object"}}}}`,
			v1: `{"type":"array","x-kubernetes-list-type":"set","items":{"type":"array"}}`,
			want: []string{
				v0 + `.properties[b].items.format: unrecognized format "q"`,
				v0 + `.properties[b].x-kubernetes-list-type: ` + setArray,
				v0 + `.properties[a].x-kubernetes-list-type: ` + setObject,
			},
		},
	} {
		got := written(WarningsOnCreate(withSchemas(t, tt.v1beta1, tt.v1)))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: WarningsOnCreate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestWarningsOnUpdate(t *testing.T) {
	const (
		oldV1 = `{"type":"object","properties":{"a":{"format":"x"},"s":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object"}}}}`
		newV1 = `{"type":"object","properties":{"a":{"format":"x"},"b":{"format":"x"},"c":{"format":"y"},"d":{"format":"y"},` +
			`"s":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"object"}},` +
			`"t":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"array"}}}}`
	)
	old, c := withSchemas(t, "", oldV1), withSchemas(t, "", newV1)
	want := []string{
		v1 + `.properties[c].format: unrecognized format "y"`,
		v1 + `.properties[d].format: unrecognized format "y"`,
		v1 + `.properties[t].x-kubernetes-list-type: ` + setArray,
	}
	if diff := cmp.Diff(want, written(WarningsOnUpdate(c, old))); diff != "" {
		t.Errorf("WarningsOnUpdate mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(written(WarningsOnCreate(c)), written(WarningsOnUpdate(c, nil))); diff != "" {
		t.Errorf("WarningsOnUpdate(c, nil) is not WarningsOnCreate(c) (-create +update):\n%s", diff)
	}
	if got := WarningsOnUpdate(c, c); got != nil {
		t.Errorf("WarningsOnUpdate(c, c) = %q, want none", written(got))
	}
}

// TestWarningPath checks that a warning's steps are those of the path it
// was built with, even where Field cannot be read back (a property name
// with a bracket), and those of Field once it changes.
func TestWarningPath(t *testing.T) {
	c := withSchemas(t, `{"properties":{"a]b":{"format":"x"}}}`, "")
	ws := WarningsOnCreate(c)
	if len(ws) != 1 {
		t.Fatalf("WarningsOnCreate = %q, want one", written(ws))
	}
	w := ws[0]
	if got, want := fmt.Sprint(w.Path()[6]), fmt.Sprint(field.PathStep{Kind: field.StepKey, Name: "a]b"}); got != want {
		t.Errorf("Path()[6] = %s, want %s", got, want)
	}
	w.Field = "spec.group"
	if got := len(w.Path()); got != 2 {
		t.Errorf("Path() of a changed Field has %d steps, want 2", got)
	}
}
