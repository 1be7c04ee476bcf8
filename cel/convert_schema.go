package cel

import (
	"encoding/json"
	"errors"
	"math"
	"unicode/utf8"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/kubeversion/kubeversion/crd"
)

// errSlowPath says that convertSchema met what only the JSON round trip
// converts exactly: a string that is not UTF-8, or a number JSON cannot
// write.
var errSlowPath = errors.New("cel: schema needs the JSON round trip")

// convertSchema converts s to the API server's internal type as viaV1
// does (s written as JSON, read as the v1 type, converted), without the
// JSON of the whole tree: it builds what that round trip builds, field by
// field. What JSON drops, it drops: empty lists and maps become nil, an
// additionalProperties schema allows, items with a list keeps only the
// list. Values (default, example, enum) still go through their own JSON,
// as the server reads them. It returns errSlowPath where the round trip
// would change or refuse a value (invalid UTF-8, NaN, infinities), for
// viaV1 to answer.
func convertSchema(s *crd.JSONSchemaProps) (*apiextensions.JSONSchemaProps, error) {
	out := new(apiextensions.JSONSchemaProps)
	if err := convertInto(s, out); err != nil {
		return nil, err
	}
	return out, nil
}

func convertInto(in *crd.JSONSchemaProps, out *apiextensions.JSONSchemaProps) error {
	if !validStrings(in.ID, in.Schema, in.Description, in.Type, in.Format, in.Title, in.Pattern) ||
		in.Ref != nil && !utf8.ValidString(*in.Ref) ||
		!finite(in.Maximum) || !finite(in.Minimum) || !finite(in.MultipleOf) {
		return errSlowPath
	}
	out.ID = in.ID
	out.Schema = apiextensions.JSONSchemaURL(in.Schema)
	out.Ref = copyPtr(in.Ref)
	out.Description = in.Description
	out.Type = in.Type
	out.Format = in.Format
	out.Title = in.Title
	var err error
	if out.Default, err = convertValuePtr(in.Default); err != nil {
		return err
	}
	out.Maximum = copyPtr(in.Maximum)
	out.ExclusiveMaximum = in.ExclusiveMaximum
	out.Minimum = copyPtr(in.Minimum)
	out.ExclusiveMinimum = in.ExclusiveMinimum
	out.MaxLength = copyPtr(in.MaxLength)
	out.MinLength = copyPtr(in.MinLength)
	out.Pattern = in.Pattern
	out.MaxItems = copyPtr(in.MaxItems)
	out.MinItems = copyPtr(in.MinItems)
	out.UniqueItems = in.UniqueItems
	out.MultipleOf = copyPtr(in.MultipleOf)
	if len(in.Enum) > 0 {
		out.Enum = make([]apiextensions.JSON, len(in.Enum))
		for i, e := range in.Enum {
			if out.Enum[i], err = convertValue(e.Value); err != nil {
				return err
			}
		}
	}
	out.MaxProperties = copyPtr(in.MaxProperties)
	out.MinProperties = copyPtr(in.MinProperties)
	if out.Required, err = copyStrings(in.Required); err != nil {
		return err
	}
	if out.Items, err = convertItems(in.Items); err != nil {
		return err
	}
	if out.AllOf, err = convertList(in.AllOf); err != nil {
		return err
	}
	if out.OneOf, err = convertList(in.OneOf); err != nil {
		return err
	}
	if out.AnyOf, err = convertList(in.AnyOf); err != nil {
		return err
	}
	if in.Not != nil {
		out.Not = new(apiextensions.JSONSchemaProps)
		if err := convertInto(in.Not, out.Not); err != nil {
			return err
		}
	}
	if out.Properties, err = convertMap(in.Properties); err != nil {
		return err
	}
	if out.AdditionalProperties, err = convertOrBool(in.AdditionalProperties); err != nil {
		return err
	}
	if out.PatternProperties, err = convertMap(in.PatternProperties); err != nil {
		return err
	}
	if out.Dependencies, err = convertDependencies(in.Dependencies); err != nil {
		return err
	}
	if out.AdditionalItems, err = convertOrBool(in.AdditionalItems); err != nil {
		return err
	}
	if out.Definitions, err = convertMap(in.Definitions); err != nil {
		return err
	}
	if d := in.ExternalDocs; d != nil {
		if !validStrings(d.Description, d.URL) {
			return errSlowPath
		}
		out.ExternalDocs = &apiextensions.ExternalDocumentation{Description: d.Description, URL: d.URL}
	}
	if out.Example, err = convertValuePtr(in.Example); err != nil {
		return err
	}
	out.Nullable = in.Nullable
	out.XPreserveUnknownFields = copyPtr(in.XPreserveUnknownFields)
	out.XEmbeddedResource = in.XEmbeddedResource
	out.XIntOrString = in.XIntOrString
	if out.XListMapKeys, err = copyStrings(in.XListMapKeys); err != nil {
		return err
	}
	if in.XListType != nil && !utf8.ValidString(*in.XListType) || in.XMapType != nil && !utf8.ValidString(*in.XMapType) {
		return errSlowPath
	}
	out.XListType = copyPtr(in.XListType)
	out.XMapType = copyPtr(in.XMapType)
	if len(in.XValidations) > 0 {
		out.XValidations = make(apiextensions.ValidationRules, len(in.XValidations))
		for i, r := range in.XValidations {
			if !validStrings(r.Rule, r.Message, r.MessageExpression, r.FieldPath) || r.Reason != nil && !utf8.ValidString(*r.Reason) {
				return errSlowPath
			}
			out.XValidations[i] = apiextensions.ValidationRule{
				Rule: r.Rule, Message: r.Message, MessageExpression: r.MessageExpression,
				FieldPath: r.FieldPath, OptionalOldSelf: copyPtr(r.OptionalOldSelf),
			}
			if r.Reason != nil {
				reason := apiextensions.FieldValueErrorReason(*r.Reason)
				out.XValidations[i].Reason = &reason
			}
		}
	}
	return nil
}

// convertItems converts items as JSON carries them: the list when it has
// schemas, else the schema, else nothing (null).
func convertItems(in *crd.JSONSchemaPropsOrArray) (*apiextensions.JSONSchemaPropsOrArray, error) {
	switch {
	case in == nil:
		return nil, nil
	case len(in.JSONSchemas) > 0:
		list, err := convertList(in.JSONSchemas)
		return &apiextensions.JSONSchemaPropsOrArray{JSONSchemas: list}, err
	case in.Schema != nil:
		s, err := convertSchema(in.Schema)
		return &apiextensions.JSONSchemaPropsOrArray{Schema: s}, err
	}
	return nil, nil
}

// convertOrBool converts a boolean or a schema as JSON carries it: a
// schema allows, and is kept; else the boolean.
func convertOrBool(in *crd.JSONSchemaPropsOrBool) (*apiextensions.JSONSchemaPropsOrBool, error) {
	switch {
	case in == nil:
		return nil, nil
	case in.Schema != nil:
		s, err := convertSchema(in.Schema)
		return &apiextensions.JSONSchemaPropsOrBool{Allows: true, Schema: s}, err
	}
	return &apiextensions.JSONSchemaPropsOrBool{Allows: in.Allows}, nil
}

// convertDependencies converts dependencies as JSON carries each: the list
// of names when it has some, else the schema (or null, which reads as
// neither).
func convertDependencies(in map[string]crd.JSONSchemaPropsOrStringArray) (apiextensions.JSONSchemaDependencies, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make(apiextensions.JSONSchemaDependencies, len(in))
	for k, v := range in {
		if !utf8.ValidString(k) {
			return nil, errSlowPath
		}
		var d apiextensions.JSONSchemaPropsOrStringArray
		var err error
		if len(v.Property) > 0 {
			d.Property, err = copyStrings(v.Property)
		} else if v.Schema != nil {
			d.Schema, err = convertSchema(v.Schema)
		}
		if err != nil {
			return nil, err
		}
		out[k] = d
	}
	return out, nil
}

func convertList(in []crd.JSONSchemaProps) ([]apiextensions.JSONSchemaProps, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make([]apiextensions.JSONSchemaProps, len(in))
	for i := range in {
		if err := convertInto(&in[i], &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func convertMap(in map[string]crd.JSONSchemaProps) (map[string]apiextensions.JSONSchemaProps, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make(map[string]apiextensions.JSONSchemaProps, len(in))
	for k, v := range in {
		if !utf8.ValidString(k) {
			return nil, errSlowPath
		}
		var s apiextensions.JSONSchemaProps
		if err := convertInto(&v, &s); err != nil {
			return nil, err
		}
		out[k] = s
	}
	return out, nil
}

// convertValuePtr converts a default or an example: JSON null, which an
// absent value and a nil one both write, reads as no value.
func convertValuePtr(in *crd.JSON) (*apiextensions.JSON, error) {
	if in == nil {
		return nil, nil
	}
	raw, err := json.Marshal(in.Value)
	if err != nil {
		return nil, errSlowPath
	}
	if string(raw) == "null" {
		return nil, nil
	}
	out := new(apiextensions.JSON)
	return out, readValue(raw, out)
}

// convertValue converts an element of enum through its JSON, as the
// server reads it.
func convertValue(v any) (apiextensions.JSON, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, errSlowPath
	}
	var out apiextensions.JSON
	return out, readValue(raw, &out)
}

func readValue(raw []byte, out *apiextensions.JSON) error {
	var v1 apiextensionsv1.JSON
	if err := v1.UnmarshalJSON(raw); err != nil {
		return err
	}
	return apiextensionsv1.Convert_v1_JSON_To_apiextensions_JSON(&v1, out, nil)
}

func copyPtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// copyStrings copies a list of strings, nil when empty as JSON drops it.
func copyStrings(in []string) ([]string, error) {
	if len(in) == 0 {
		return nil, nil
	}
	if !validStrings(in...) {
		return nil, errSlowPath
	}
	return append([]string(nil), in...), nil
}

func validStrings(ss ...string) bool {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

func finite(f *float64) bool {
	return f == nil || !math.IsNaN(*f) && !math.IsInf(*f, 0)
}
