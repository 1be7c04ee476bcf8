package listtype

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// The expected messages of testdata/cases.json come from the real code:
// a throwaway module ran k8s.io/apiextensions-apiserver v0.37.2's
// listtype.ValidateListSetsAndMaps(nil, schema, value) on each case, the
// value decoded by k8s.io/apimachinery's util/json (int64 where a number
// fits, else float64), and wrote each error's Error(). It ran each case 50
// times: anyOrder marks the cases whose order changed from run to run
// (Go's map order), whose messages are kept sorted.

// wireSchema is the part of a JSONSchemaProps that the cases use.
type wireSchema struct {
	Type                 string                 `json:"type"`
	Items                *wireSchema            `json:"items"`
	Properties           map[string]*wireSchema `json:"properties"`
	AdditionalProperties *wireSchema            `json:"additionalProperties"`
	ListType             *string                `json:"x-kubernetes-list-type"`
	MapKeys              []string               `json:"x-kubernetes-list-map-keys"`
	Preserve             bool                   `json:"x-kubernetes-preserve-unknown-fields"`
}

func (w *wireSchema) structural() *structural.Structural {
	if w == nil {
		return nil
	}
	s := &structural.Structural{
		Generic:    structural.Generic{Type: w.Type},
		Extensions: structural.Extensions{XListType: w.ListType, XListMapKeys: w.MapKeys, XPreserveUnknownFields: w.Preserve},
		Items:      w.Items.structural(),
	}
	for name, p := range w.Properties {
		s.Properties = append(s.Properties, structural.Property{Name: name, Schema: p.structural()})
	}
	sort.Slice(s.Properties, func(i, j int) bool { return s.Properties[i].Name < s.Properties[j].Name })
	if w.AdditionalProperties != nil {
		s.AdditionalProperties = &structural.StructuralOrBool{Structural: w.AdditionalProperties.structural()}
	}
	return s
}

// message prints e as k8s.io/apimachinery's field.Error.Error() does, as
// package crd prints it.
func message(e *field.Error) string {
	words := map[field.ErrorType]string{field.ErrorTypeInvalid: "Invalid value", field.ErrorTypeDuplicate: "Duplicate value"}[e.Type]
	var v string
	switch x := e.BadValue.(type) {
	case string:
		v = strconv.Quote(x)
	case int64, float64, bool:
		v = fmt.Sprint(x)
	default:
		b, err := json.Marshal(x)
		v = string(b)
		if err != nil {
			v = err.Error()
		}
	}
	m := e.Field + ": " + words + ": " + v
	if e.Detail != "" {
		m += ": " + e.Detail
	}
	return m
}

func TestValidate(t *testing.T) {
	data, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name     string
		Schema   wireSchema
		Value    json.RawMessage
		Want     []string
		AnyOrder bool
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var r jsonvalue.Reader
		v, ok := r.Read(c.Value)
		obj, isObj := v.(map[string]any)
		if !ok || !isObj {
			t.Errorf("%s: cannot read the value %s", c.Name, c.Value)
			continue
		}
		var got []string
		for _, e := range Validate(nil, c.Schema.structural(), obj) {
			got = append(got, message(e))
		}
		if c.AnyOrder {
			// The server's order is random; this package's is that of the
			// sorted keys, which for these cases is the sorted order.
			if !slices.IsSorted(got) {
				t.Errorf("%s: errors not in the order of sorted keys:\n%s", c.Name, strings.Join(got, "\n"))
			}
		}
		if !slices.Equal(got, c.Want) && !(len(got) == 0 && len(c.Want) == 0) {
			t.Errorf("%s:\ngot\n\t%s\nwant\n\t%s", c.Name, strings.Join(got, "\n\t"), strings.Join(c.Want, "\n\t"))
		}
	}
}

func TestValidateNil(t *testing.T) {
	s := &structural.Structural{Properties: []structural.Property{{Name: "a", Schema: &structural.Structural{}}}}
	if errs := Validate(nil, nil, map[string]any{"a": []any{}}); errs != nil {
		t.Errorf("Validate with a nil schema = %v, want nil", errs)
	}
	if errs := Validate(nil, s, nil); errs != nil {
		t.Errorf("Validate of a nil object = %v, want nil", errs)
	}
}

// TestValidatePath checks that errors are below the path given.
func TestValidatePath(t *testing.T) {
	set := "set"
	s := &structural.Structural{Properties: []structural.Property{{Name: "tags", Schema: &structural.Structural{Extensions: structural.Extensions{XListType: &set}}}}}
	errs := Validate(field.NewPath("spec").Child("template"), s, map[string]any{"tags": []any{"a", "a"}})
	want := field.ErrorList{field.Duplicate(field.NewPath("spec", "template", "tags").Index(1), "a")}
	if !slices.EqualFunc(errs, want, func(a, b *field.Error) bool { return a.Error() == b.Error() && slices.Equal(a.Path(), b.Path()) }) {
		t.Errorf("Validate = %v, want %v", errs, want)
	}
}

// TestDuplicatesInternalError checks the error of an item whose JSON
// cannot be written, which no JSON document holds.
func TestDuplicatesInternalError(t *testing.T) {
	nan := map[string]any{"a": func() float64 { var z float64; return z / z }()}
	_, err := duplicates(field.NewPath("l"), []any{int64(1), nan})
	if err == nil || err.Field != "l[1]" || err.Detail != "internal error" || err.Type != field.ErrorTypeInvalid {
		t.Errorf("duplicates of NaN: error %+v, want l[1]: internal error", err)
	}
}
