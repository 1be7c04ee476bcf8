package api

// JSONSchemaProps is an OpenAPI v3 schema as a CustomResourceDefinition
// holds it in spec.versions[].schema.openAPIV3Schema: the one model of a
// schema in this project, used to validate it, to prune objects by it, and
// to compare two of them. Its fields and JSON names are those of
// apiextensions.k8s.io/v1. For example, the schema
//
//	{"type": "object", "properties": {"spec": {"type": "string"}}}
//
// is
//
//	&JSONSchemaProps{Type: "object", Properties: map[string]JSONSchemaProps{"spec": {Type: "string"}}}
type JSONSchemaProps struct {
	ID          string  `json:"id,omitempty"`
	Schema      string  `json:"$schema,omitempty"`
	Ref         *string `json:"$ref,omitempty"`
	Description string  `json:"description,omitempty"`
	Type        string  `json:"type,omitempty"`
	Format      string  `json:"format,omitempty"`
	Title       string  `json:"title,omitempty"`

	// Default is nil when absent or null.
	Default          *JSON    `json:"default,omitempty"`
	Maximum          *float64 `json:"maximum,omitempty"`
	ExclusiveMaximum bool     `json:"exclusiveMaximum,omitempty"`
	Minimum          *float64 `json:"minimum,omitempty"`
	ExclusiveMinimum bool     `json:"exclusiveMinimum,omitempty"`
	MaxLength        *int64   `json:"maxLength,omitempty"`
	MinLength        *int64   `json:"minLength,omitempty"`
	Pattern          string   `json:"pattern,omitempty"`
	MaxItems         *int64   `json:"maxItems,omitempty"`
	MinItems         *int64   `json:"minItems,omitempty"`
	UniqueItems      bool     `json:"uniqueItems,omitempty"`
	MultipleOf       *float64 `json:"multipleOf,omitempty"`
	Enum             []JSON   `json:"enum,omitempty"`
	MaxProperties    *int64   `json:"maxProperties,omitempty"`
	MinProperties    *int64   `json:"minProperties,omitempty"`
	Required         []string `json:"required,omitempty"`

	Items                *JSONSchemaPropsOrArray                 `json:"items,omitempty"`
	AllOf                []JSONSchemaProps                       `json:"allOf,omitempty"`
	OneOf                []JSONSchemaProps                       `json:"oneOf,omitempty"`
	AnyOf                []JSONSchemaProps                       `json:"anyOf,omitempty"`
	Not                  *JSONSchemaProps                        `json:"not,omitempty"`
	Properties           map[string]JSONSchemaProps              `json:"properties,omitempty"`
	AdditionalProperties *JSONSchemaPropsOrBool                  `json:"additionalProperties,omitempty"`
	PatternProperties    map[string]JSONSchemaProps              `json:"patternProperties,omitempty"`
	Dependencies         map[string]JSONSchemaPropsOrStringArray `json:"dependencies,omitempty"`
	AdditionalItems      *JSONSchemaPropsOrBool                  `json:"additionalItems,omitempty"`
	Definitions          map[string]JSONSchemaProps              `json:"definitions,omitempty"`
	ExternalDocs         *ExternalDocumentation                  `json:"externalDocs,omitempty"`
	Example              *JSON                                   `json:"example,omitempty"`
	Nullable             bool                                    `json:"nullable,omitempty"`

	XPreserveUnknownFields *bool            `json:"x-kubernetes-preserve-unknown-fields,omitempty"`
	XEmbeddedResource      bool             `json:"x-kubernetes-embedded-resource,omitempty"`
	XIntOrString           bool             `json:"x-kubernetes-int-or-string,omitempty"`
	XListMapKeys           []string         `json:"x-kubernetes-list-map-keys,omitempty"`
	XListType              *string          `json:"x-kubernetes-list-type,omitempty"`
	XMapType               *string          `json:"x-kubernetes-map-type,omitempty"`
	XValidations           []ValidationRule `json:"x-kubernetes-validations,omitempty"`
}

// JSONSchemaPropsOrArray is the value of items: one schema, or (not
// allowed in a structural schema) a list of them.
type JSONSchemaPropsOrArray struct {
	Schema      *JSONSchemaProps
	JSONSchemas []JSONSchemaProps
}

// JSONSchemaPropsOrBool is the value of additionalProperties or
// additionalItems: a boolean, or a schema, which means true.
type JSONSchemaPropsOrBool struct {
	Allows bool
	Schema *JSONSchemaProps
}

// JSONSchemaPropsOrStringArray is a value of dependencies: a schema, or a
// list of property names.
type JSONSchemaPropsOrStringArray struct {
	Schema   *JSONSchemaProps
	Property []string
}

// ExternalDocumentation is externalDocs.
type ExternalDocumentation struct {
	Description string `json:"description,omitempty"`
	URL         string `json:"url,omitempty"`
}

// ValidationRule is an entry of x-kubernetes-validations: a CEL rule.
// Package crd keeps the rules but does not compile them; see the package
// doc.
type ValidationRule struct {
	Rule              string  `json:"rule"`
	Message           string  `json:"message,omitempty"`
	MessageExpression string  `json:"messageExpression,omitempty"`
	Reason            *string `json:"reason,omitempty"`
	FieldPath         string  `json:"fieldPath,omitempty"`
	OptionalOldSelf   *bool   `json:"optionalOldSelf,omitempty"`
}

// JSON is a JSON value of a schema (default, example, an entry of enum) or
// of metadata (a timestamp, managed fields), as the API server reads it:
// Value is nil, a bool, a string, an int64 (a number written without a
// fraction or exponent that fits), a float64 (any other number), a []any
// or a map[string]any. For example, the default 3 is &JSON{Value: int64(3)}
// and 3.0 is &JSON{Value: 3.0}.
type JSON struct {
	Value any
}
