package field

import "github.com/kubeversion/kubeversion/crd/internal/api"

// The API server prints a value that is neither a string nor a number as
// the JSON of its internal Go type, which has no JSON tags: Go field names,
// every field present. These mirror types have the internal types' fields
// in their order, so that encoding/json prints what the server prints.

type internalVersion struct {
	Name                     string
	Served                   bool
	Storage                  bool
	Deprecated               bool
	DeprecationWarning       *string
	Schema                   *internalValidation
	Subresources             *internalSubresources
	AdditionalPrinterColumns []internalColumn
	SelectableFields         []internalSelectableField
}

type internalValidation struct {
	OpenAPIV3Schema *internalSchema
}

type internalSubresources struct {
	Status *struct{}
	Scale  *internalScale
}

type internalScale struct {
	SpecReplicasPath   string
	StatusReplicasPath string
	LabelSelectorPath  *string
}

type internalColumn struct {
	Name        string
	Type        string
	Format      string
	Description string
	Priority    int32
	JSONPath    string
}

type internalSelectableField struct {
	JSONPath string
}

type internalSchema struct {
	ID                     string
	Schema                 string
	Ref                    *string
	Description            string
	Type                   string
	Nullable               bool
	Format                 string
	Title                  string
	Default                *any
	Maximum                *float64
	ExclusiveMaximum       bool
	Minimum                *float64
	ExclusiveMinimum       bool
	MaxLength              *int64
	MinLength              *int64
	Pattern                string
	MaxItems               *int64
	MinItems               *int64
	UniqueItems            bool
	MultipleOf             *float64
	Enum                   []any
	MaxProperties          *int64
	MinProperties          *int64
	Required               []string
	Items                  *internalSchemaOrArray
	AllOf                  []internalSchema
	OneOf                  []internalSchema
	AnyOf                  []internalSchema
	Not                    *internalSchema
	Properties             map[string]internalSchema
	AdditionalProperties   *internalSchemaOrBool
	PatternProperties      map[string]internalSchema
	Dependencies           map[string]internalSchemaOrStringArray
	AdditionalItems        *internalSchemaOrBool
	Definitions            map[string]internalSchema
	ExternalDocs           *internalExternalDocs
	Example                *any
	XPreserveUnknownFields *bool
	XEmbeddedResource      bool
	XIntOrString           bool
	XListMapKeys           []string
	XListType              *string
	XMapType               *string
	XValidations           []internalValidationRule
}

type internalSchemaOrArray struct {
	Schema      *internalSchema
	JSONSchemas []internalSchema
}

type internalSchemaOrBool struct {
	Allows bool
	Schema *internalSchema
}

type internalSchemaOrStringArray struct {
	Schema   *internalSchema
	Property []string
}

type internalExternalDocs struct {
	Description string
	URL         string
}

type internalValidationRule struct {
	Rule              string
	Message           string
	MessageExpression string
	Reason            *string
	FieldPath         string
	OptionalOldSelf   *bool
}

// internalValue returns v in the shape of the API server's internal type,
// for printing: versions, schemas, items and additionalProperties become
// the mirror types above, and the list of versions loses what the server
// keeps at the top level: h, or if h is nil what the versions share now.
// Other values are returned as they are.
func internalValue(v any, h *api.Hoisting) any {
	switch v := v.(type) {
	case []api.Version:
		if v == nil {
			return []internalVersion(nil)
		}
		if h == nil {
			shared := api.Hoist(v)
			h = &shared
		}
		return internalVersions(v, *h)
	case *api.JSONSchemaProps:
		return toInternalSchema(v)
	case api.ValidationRule:
		return internalValidationRule(v)
	case api.JSONSchemaProps:
		return toInternalSchema(&v)
	case *api.JSONSchemaPropsOrArray:
		if v == nil {
			return nil
		}
		return &internalSchemaOrArray{toInternalSchema(v.Schema), internalSchemas(v.JSONSchemas)}
	case *api.JSONSchemaPropsOrBool:
		return internalOrBool(v)
	}
	return v
}

// internalVersions converts versions as the API server's conversion does,
// dropping what h says the server kept at the top level.
func internalVersions(versions []api.Version, h api.Hoisting) []internalVersion {
	out := make([]internalVersion, len(versions))
	for i := range versions {
		v := &versions[i]
		iv := internalVersion{
			Name: v.Name, Served: v.Served, Storage: v.Storage,
			Deprecated: v.Deprecated, DeprecationWarning: v.DeprecationWarning,
		}
		if !h.Schema && v.Schema != nil {
			iv.Schema = &internalValidation{toInternalSchema(v.Schema.OpenAPIV3Schema)}
		}
		if !h.Subresources && v.Subresources != nil {
			iv.Subresources = &internalSubresources{}
			if v.Subresources.Status != nil {
				iv.Subresources.Status = &struct{}{}
			}
			if sc := v.Subresources.Scale; sc != nil {
				iv.Subresources.Scale = &internalScale{sc.SpecReplicasPath, sc.StatusReplicasPath, sc.LabelSelectorPath}
			}
		}
		if !h.Columns && v.AdditionalPrinterColumns != nil {
			iv.AdditionalPrinterColumns = make([]internalColumn, len(v.AdditionalPrinterColumns))
			for j, c := range v.AdditionalPrinterColumns {
				iv.AdditionalPrinterColumns[j] = internalColumn(c)
			}
		}
		if !h.SelectableFields && v.SelectableFields != nil {
			iv.SelectableFields = make([]internalSelectableField, len(v.SelectableFields))
			for j, f := range v.SelectableFields {
				iv.SelectableFields[j] = internalSelectableField(f)
			}
		}
		out[i] = iv
	}
	return out
}

func toInternalSchema(s *api.JSONSchemaProps) *internalSchema {
	if s == nil {
		return nil
	}
	out := &internalSchema{
		ID: s.ID, Schema: s.Schema, Ref: s.Ref, Description: s.Description, Type: s.Type,
		Nullable: s.Nullable, Format: s.Format, Title: s.Title, Default: jsonValue(s.Default),
		Maximum: s.Maximum, ExclusiveMaximum: s.ExclusiveMaximum, Minimum: s.Minimum,
		ExclusiveMinimum: s.ExclusiveMinimum, MaxLength: s.MaxLength, MinLength: s.MinLength,
		Pattern: s.Pattern, MaxItems: s.MaxItems, MinItems: s.MinItems, UniqueItems: s.UniqueItems,
		MultipleOf: s.MultipleOf, MaxProperties: s.MaxProperties, MinProperties: s.MinProperties,
		Required: s.Required, AllOf: internalSchemas(s.AllOf), OneOf: internalSchemas(s.OneOf),
		AnyOf: internalSchemas(s.AnyOf), Not: toInternalSchema(s.Not),
		Properties: internalSchemaMap(s.Properties), AdditionalProperties: internalOrBool(s.AdditionalProperties),
		PatternProperties: internalSchemaMap(s.PatternProperties), AdditionalItems: internalOrBool(s.AdditionalItems),
		Definitions: internalSchemaMap(s.Definitions), Example: jsonValue(s.Example),
		XPreserveUnknownFields: s.XPreserveUnknownFields, XEmbeddedResource: s.XEmbeddedResource,
		XIntOrString: s.XIntOrString, XListMapKeys: s.XListMapKeys, XListType: s.XListType, XMapType: s.XMapType,
	}
	if s.Enum != nil {
		out.Enum = make([]any, len(s.Enum))
		for i, e := range s.Enum {
			out.Enum[i] = e.Value
		}
	}
	if s.Items != nil {
		out.Items = &internalSchemaOrArray{toInternalSchema(s.Items.Schema), internalSchemas(s.Items.JSONSchemas)}
	}
	if s.Dependencies != nil {
		out.Dependencies = make(map[string]internalSchemaOrStringArray, len(s.Dependencies))
		for k, d := range s.Dependencies {
			out.Dependencies[k] = internalSchemaOrStringArray{toInternalSchema(d.Schema), d.Property}
		}
	}
	if s.ExternalDocs != nil {
		out.ExternalDocs = &internalExternalDocs{s.ExternalDocs.Description, s.ExternalDocs.URL}
	}
	if s.XValidations != nil {
		out.XValidations = make([]internalValidationRule, len(s.XValidations))
		for i, r := range s.XValidations {
			out.XValidations[i] = internalValidationRule(r)
		}
	}
	return out
}

func jsonValue(j *api.JSON) *any {
	if j == nil {
		return nil
	}
	return &j.Value
}

func internalSchemas(list []api.JSONSchemaProps) []internalSchema {
	if list == nil {
		return nil
	}
	out := make([]internalSchema, len(list))
	for i := range list {
		out[i] = *toInternalSchema(&list[i])
	}
	return out
}

func internalSchemaMap(m map[string]api.JSONSchemaProps) map[string]internalSchema {
	if m == nil {
		return nil
	}
	out := make(map[string]internalSchema, len(m))
	for k, s := range m {
		out[k] = *toInternalSchema(&s)
	}
	return out
}

func internalOrBool(b *api.JSONSchemaPropsOrBool) *internalSchemaOrBool {
	if b == nil {
		return nil
	}
	return &internalSchemaOrBool{b.Allows, toInternalSchema(b.Schema)}
}

// ItemsValue is the BadValue of items that are a list of schemas, as the
// API server prints its internal type: {"Schema":null,"JSONSchemas":[...]}.
func ItemsValue(schemas []api.JSONSchemaProps) any {
	return &internalSchemaOrArray{JSONSchemas: internalSchemas(schemas)}
}
