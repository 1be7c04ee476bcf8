package decode

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// bigCRD returns the JSON of a CRD shaped like the large ones of the
// real world (operators' CRDs of 100 KB to 1 MB): versions of the same
// schema, with long descriptions, nested objects and lists, enums,
// defaults, formats and rules.
func bigCRD(versions int) []byte {
	schema := genSchema(0)
	c := api.CustomResourceDefinition{
		APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition",
		Metadata: api.Metadata{
			Name:        "widgets.example.com",
			Annotations: map[string]string{"controller-gen.kubebuilder.io/version": "v0.16.1"},
			Labels:      map[string]string{"app.kubernetes.io/name": "widgets"},
		},
		Spec: api.Spec{
			Group: "example.com", Scope: api.NamespaceScoped,
			Names: api.Names{Plural: "widgets", Singular: "widget", Kind: "Widget", ListKind: "WidgetList", ShortNames: []string{"wg"}},
		},
	}
	for i := range versions {
		c.Spec.Versions = append(c.Spec.Versions, api.Version{
			Name: fmt.Sprintf("v1beta%d", i+1), Served: true, Storage: i == versions-1,
			Schema:       &api.Schema{OpenAPIV3Schema: &schema},
			Subresources: &api.Subresources{Status: &api.StatusSubresource{}},
			AdditionalPrinterColumns: []api.PrinterColumn{
				{Name: "Ready", Type: "string", JSONPath: `.status.conditions[?(@.type=="Ready")].status`},
				{Name: "Age", Type: "date", JSONPath: ".metadata.creationTimestamp"},
			},
		})
	}
	data, err := json.Marshal(c)
	if err != nil {
		panic(err)
	}
	return data
}

// genSchema returns a schema of objects nested four deep.
func genSchema(depth int) api.JSONSchemaProps {
	desc := strings.Repeat("Describes the widget's part in the words of its author, <with> some \"quotes\" and — a dash. ", 3)
	s := api.JSONSchemaProps{Type: "object", Description: desc, Properties: map[string]api.JSONSchemaProps{}}
	if depth == 4 {
		return s
	}
	for i := range 8 {
		name := fmt.Sprintf("field%dName", i)
		switch i {
		case 0:
			s.Properties[name] = genSchema(depth + 1)
		case 1:
			items := genSchema(depth + 1)
			s.Properties[name] = api.JSONSchemaProps{Type: "array", Description: desc, Items: &api.JSONSchemaPropsOrArray{Schema: &items},
				XListType: ptr("map"), XListMapKeys: []string{"name"}}
		case 2:
			s.Properties[name] = api.JSONSchemaProps{Type: "string", Description: desc,
				Enum: []api.JSON{{Value: "Always"}, {Value: "Never"}, {Value: "IfNotPresent"}}, Default: &api.JSON{Value: "Always"}}
		case 3:
			s.Properties[name] = api.JSONSchemaProps{Type: "integer", Format: "int32", Description: desc,
				Minimum: ptr(0.0), Maximum: ptr(65535.0), Default: &api.JSON{Value: int64(8080)}}
		case 4:
			s.Properties[name] = api.JSONSchemaProps{Type: "object", Description: desc,
				AdditionalProperties: &api.JSONSchemaPropsOrBool{Allows: true, Schema: &api.JSONSchemaProps{Type: "string"}}}
		case 5:
			s.Properties[name] = api.JSONSchemaProps{XIntOrString: true, Description: desc, AnyOf: []api.JSONSchemaProps{{Type: "integer"}, {Type: "string"}},
				Pattern: `^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`}
		case 6:
			s.Properties[name] = api.JSONSchemaProps{Type: "object", XPreserveUnknownFields: ptr(true), Description: desc}
		case 7:
			s.Properties[name] = api.JSONSchemaProps{Type: "string", MaxLength: ptr(int64(253)), Description: desc,
				XValidations: []api.ValidationRule{{Rule: "self == oldSelf", Message: "is immutable"}}}
		}
	}
	s.Required = []string{"field0Name"}
	return s
}

// fullCRD returns the JSON of a CRD with every field set, in every
// struct, to a value that is not the zero value.
func fullCRD() []byte {
	var c api.CustomResourceDefinition
	fill(reflect.ValueOf(&c).Elem(), 0)
	// Timestamps hold a time, or Decode fails.
	t := &api.JSON{Value: "2026-11-23T10:00:00Z"}
	c.Metadata.CreationTimestamp, c.Metadata.DeletionTimestamp = t, t
	for i := range c.Metadata.ManagedFields {
		c.Metadata.ManagedFields[i].Time = t
	}
	for i := range c.Status.Conditions {
		c.Status.Conditions[i].LastTransitionTime = t
	}
	data, err := json.Marshal(c)
	if err != nil {
		panic(err)
	}
	return data
}

// fill sets every field of v, down to depth 3 of schemas.
func fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.Type().Elem() == reflect.TypeFor[api.JSONSchemaProps]() && depth > 2 {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), depth)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[api.JSON]() {
			v.Set(reflect.ValueOf(api.JSON{Value: map[string]any{"a": []any{int64(1), 1.5, "s", true, nil}}}))
			return
		}
		if v.Type() == reflect.TypeFor[api.JSONSchemaProps]() {
			depth++
		}
		for i := range v.NumField() {
			fill(v.Field(i), depth)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte("ca"))
			return
		}
		if v.Type().Elem() == reflect.TypeFor[api.JSONSchemaProps]() && depth > 2 {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), depth)
		}
	case reflect.Map:
		if v.Type().Elem().Kind() == reflect.Struct && depth > 2 {
			return
		}
		v.Set(reflect.MakeMap(v.Type()))
		e := reflect.New(v.Type().Elem()).Elem()
		fill(e, depth)
		v.SetMapIndex(reflect.ValueOf("k"), e)
	case reflect.String:
		v.SetString("s\u00e9\n")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(1.5)
	}
}

func ptr[T any](v T) *T { return &v }
