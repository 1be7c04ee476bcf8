package api

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// UnmarshalJSON reads any JSON value as the API server converts it to its
// internal type: numbers that ParseInt accepts become int64, others
// float64; null leaves Value nil. On data that is not exactly one JSON
// value, such as {"a": 1} x or a value nested deeper than [MaxDepth], it
// returns encoding/json's *json.SyntaxError, as json.Unmarshal would,
// and leaves j unchanged.
func (j *JSON) UnmarshalJSON(data []byte) error {
	v, err := jsonvalue.Unmarshal(data)
	if err != nil {
		return err
	}
	j.Value = v
	return nil
}

// MarshalJSON writes Value as JSON.
func (j JSON) MarshalJSON() ([]byte, error) {
	return json.Marshal(j.Value)
}

// UnmarshalJSON reads a boolean or a schema, as the API server does: a
// schema means true, and anything else is an error.
func (s *JSONSchemaPropsOrBool) UnmarshalJSON(data []byte) error {
	var nw JSONSchemaPropsOrBool
	switch {
	case len(data) == 0:
	case data[0] == '{':
		var sch JSONSchemaProps
		if _, err := DecodeInto(data, &sch, false); err != nil {
			return err
		}
		nw.Allows = true
		nw.Schema = &sch
	case string(data) == "true":
		nw.Allows = true
	case string(data) == "false":
	default:
		return errors.New("boolean or JSON schema expected")
	}
	*s = nw
	return nil
}

// MarshalJSON writes the schema, or the boolean when there is none.
func (s JSONSchemaPropsOrBool) MarshalJSON() ([]byte, error) {
	if s.Schema != nil {
		return json.Marshal(s.Schema)
	}
	return json.Marshal(s.Allows)
}

// UnmarshalJSON reads a schema or a list of schemas. As in the API server,
// any other value leaves both empty, without an error.
func (s *JSONSchemaPropsOrArray) UnmarshalJSON(data []byte) error {
	var nw JSONSchemaPropsOrArray
	sch, err := decodeSchemaOrList(data, &nw.JSONSchemas)
	if err != nil {
		return err
	}
	nw.Schema = sch
	*s = nw
	return nil
}

// MarshalJSON writes the list, or the single schema.
func (s JSONSchemaPropsOrArray) MarshalJSON() ([]byte, error) {
	if len(s.JSONSchemas) > 0 {
		return json.Marshal(s.JSONSchemas)
	}
	return json.Marshal(s.Schema)
}

// UnmarshalJSON reads a schema or a list of property names. As in the API
// server, any other value leaves both empty, without an error.
func (s *JSONSchemaPropsOrStringArray) UnmarshalJSON(data []byte) error {
	var nw JSONSchemaPropsOrStringArray
	sch, err := decodeSchemaOrList(data, &nw.Property)
	if err != nil {
		return err
	}
	nw.Schema = sch
	*s = nw
	return nil
}

// MarshalJSON writes the list of names, or the schema.
func (s JSONSchemaPropsOrStringArray) MarshalJSON() ([]byte, error) {
	if len(s.Property) > 0 {
		return json.Marshal(s.Property)
	}
	return json.Marshal(s.Schema)
}

// decodeSchemaOrList reads data as the API server's wrappers of a schema
// or a list do: an object is the schema it returns, an array is decoded
// into list, a pointer to a slice, and any other value is neither,
// without an error.
func decodeSchemaOrList(data []byte, list any) (*JSONSchemaProps, error) {
	switch firstByte(data) {
	case '{':
		var sch JSONSchemaProps
		if _, err := DecodeInto(data, &sch, false); err != nil {
			return nil, err
		}
		return &sch, nil
	case '[':
		if _, err := DecodeInto(data, list, false); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// firstByte returns the first byte of a value of more than one byte, as
// the API server's wrappers look at it, or 0.
func firstByte(data []byte) byte {
	if len(data) > 1 {
		return data[0]
	}
	return 0
}

// kubeNames are the names of the Kubernetes Go types that match this
// package's, for messages that name them.
var kubeNames = map[string]string{
	"Metadata":          "ObjectMeta",
	"ManagedField":      "ManagedFieldsEntry",
	"Spec":              "CustomResourceDefinitionSpec",
	"Names":             "CustomResourceDefinitionNames",
	"Version":           "CustomResourceDefinitionVersion",
	"Schema":            "CustomResourceValidation",
	"Subresources":      "CustomResourceSubresources",
	"StatusSubresource": "CustomResourceSubresourceStatus",
	"ScaleSubresource":  "CustomResourceSubresourceScale",
	"PrinterColumn":     "CustomResourceColumnDefinition",
	"Conversion":        "CustomResourceConversion",
	"Webhook":           "WebhookConversion",
	"ClientConfig":      "WebhookClientConfig",
	"Status":            "CustomResourceDefinitionStatus",
	"Condition":         "CustomResourceDefinitionCondition",
}

func kubeName(name string) string {
	if k, ok := kubeNames[name]; ok {
		return k
	}
	return name
}

// kubeFieldTypes are the fields whose Kubernetes Go type is a named
// string type where this package has a plain string, by the Kubernetes
// name of the struct and the field's JSON name.
var kubeFieldTypes = map[string]string{
	"CustomResourceDefinitionSpec.scope":       "v1.ResourceScope",
	"CustomResourceConversion.strategy":        "v1.ConversionStrategyType",
	"CustomResourceDefinitionCondition.type":   "v1.CustomResourceDefinitionConditionType",
	"CustomResourceDefinitionCondition.status": "v1.ConditionStatus",
	"ObjectMeta.uid":                           "types.UID",
	"OwnerReference.uid":                       "types.UID",
	"ManagedFieldsEntry.operation":             "v1.ManagedFieldsOperationType",
	"ValidationRule.reason":                    "v1.FieldValueErrorReason",
	"JSONSchemaProps.$schema":                  "v1.JSONSchemaURL",
	"JSONSchemaProps.dependencies":             "v1.JSONSchemaDependencies",
	"JSONSchemaProps.definitions":              "v1.JSONSchemaDefinitions",
	"JSONSchemaProps.x-kubernetes-validations": "v1.ValidationRules",
}

// kubeTypeError rewrites encoding/json's type error in the names of the
// Kubernetes types.
func kubeTypeError(e *json.UnmarshalTypeError) *TypeError {
	te := &TypeError{
		Value:  e.Value,
		Struct: kubeName(e.Struct),
		Field:  e.Field,
		Type:   kubeTypeString(e.Type),
	}
	// The named type is that of the whole field; an error in one of its
	// elements names the element's type.
	last := e.Field[strings.LastIndexByte(e.Field, '.')+1:]
	if t, ok := kubeFieldTypes[te.Struct+"."+last]; ok && e.Type.Kind() != reflect.Struct {
		te.Type = t
	}
	return te
}

// kubeTypeString writes t as reflect does, with this package's type names
// turned into those of apiextensions.k8s.io/v1 (package v1).
func kubeTypeString(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + kubeTypeString(t.Elem())
	case reflect.Slice:
		return "[]" + kubeTypeString(t.Elem())
	case reflect.Map:
		return "map[" + kubeTypeString(t.Key()) + "]" + kubeTypeString(t.Elem())
	}
	if t.PkgPath() == reflect.TypeFor[Spec]().PkgPath() {
		return "v1." + kubeName(t.Name())
	}
	return strings.TrimPrefix(t.String(), "crd.")
}
