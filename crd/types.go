package crd

import "encoding/json"

// CustomResourceDefinition holds the parts of an apiextensions.k8s.io/v1
// CustomResourceDefinition that the version rules read, under the JSON
// field names of the v1 API, so that json.Unmarshal of a real manifest (or
// of YAML through a YAML-to-JSON decoder) fills it. Unknown fields are
// ignored. For example:
//
//	var c crd.CustomResourceDefinition
//	err := json.Unmarshal(manifest, &c)
type CustomResourceDefinition struct {
	Metadata Metadata `json:"metadata"`
	Spec     Spec     `json:"spec"`
	Status   Status   `json:"status"`
}

// Metadata is the part of metadata the rules read.
type Metadata struct {
	Name string `json:"name"`
}

// Spec is the part of spec the rules read.
type Spec struct {
	Group      string      `json:"group"`
	Names      Names       `json:"names"`
	Versions   []Version   `json:"versions"`
	Conversion *Conversion `json:"conversion,omitempty"`
}

// Names is the part of spec.names the rules read.
type Names struct {
	Kind string `json:"kind"`
}

// Version is one entry of spec.versions.
type Version struct {
	Name    string `json:"name"`
	Served  bool   `json:"served"`
	Storage bool   `json:"storage"`

	Deprecated bool `json:"deprecated,omitempty"`
	// DeprecationWarning is nil when the field is absent; a pointer to ""
	// when it is set to the empty string, which is an error.
	DeprecationWarning *string `json:"deprecationWarning,omitempty"`

	Schema *Schema `json:"schema,omitempty"`
}

// Schema is spec.versions[].schema. The rules read only whether
// openAPIV3Schema is present; its content is kept as it was, unchecked.
type Schema struct {
	// OpenAPIV3Schema is nil when the field is absent or null.
	OpenAPIV3Schema *json.RawMessage `json:"openAPIV3Schema,omitempty"`
}

// hasSchema reports whether v has schema.openAPIV3Schema.
func (v *Version) hasSchema() bool {
	return v.Schema != nil && v.Schema.OpenAPIV3Schema != nil
}

// Conversion is spec.conversion. The API server reads a missing
// spec.conversion as strategy None.
type Conversion struct {
	Strategy string   `json:"strategy"`
	Webhook  *Webhook `json:"webhook,omitempty"`
}

// The conversion strategies the API server accepts.
const (
	NoneConverter    = "None"
	WebhookConverter = "Webhook"
)

// Webhook is spec.conversion.webhook.
type Webhook struct {
	ClientConfig             *ClientConfig `json:"clientConfig,omitempty"`
	ConversionReviewVersions []string      `json:"conversionReviewVersions,omitempty"`
}

// ClientConfig is spec.conversion.webhook.clientConfig. Its caBundle is not
// read: the API server does not check it on create.
type ClientConfig struct {
	URL     *string           `json:"url,omitempty"`
	Service *ServiceReference `json:"service,omitempty"`
}

// ServiceReference is spec.conversion.webhook.clientConfig.service. A nil
// Port means the default, 443.
type ServiceReference struct {
	Namespace string  `json:"namespace"`
	Name      string  `json:"name"`
	Path      *string `json:"path,omitempty"`
	Port      *int32  `json:"port,omitempty"`
}

// Status is the part of status the rules read.
type Status struct {
	StoredVersions []string `json:"storedVersions,omitempty"`
}
