package api

// CustomResourceDefinition is an apiextensions.k8s.io/v1
// CustomResourceDefinition, with the JSON field names of the v1 API. Read
// one with crd.Decode, which matches field names case-sensitively and reports
// unknown fields as the API server does. For example:
//
//	c, err := crd.Decode(manifest) // JSON; convert YAML first
type CustomResourceDefinition struct {
	APIVersion string   `json:"apiVersion,omitempty"`
	Kind       string   `json:"kind,omitempty"`
	Metadata   Metadata `json:"metadata"`
	Spec       Spec     `json:"spec"`
	Status     Status   `json:"status"`
}

// Metadata is metadata, the ObjectMeta of Kubernetes. The fields the
// server sets (uid, resourceVersion, timestamps and the like) are kept as
// they were read.
type Metadata struct {
	Name                       string            `json:"name,omitempty"`
	GenerateName               string            `json:"generateName,omitempty"`
	Namespace                  string            `json:"namespace,omitempty"`
	SelfLink                   string            `json:"selfLink,omitempty"`
	UID                        string            `json:"uid,omitempty"`
	ResourceVersion            string            `json:"resourceVersion,omitempty"`
	Generation                 int64             `json:"generation,omitempty"`
	CreationTimestamp          *JSON             `json:"creationTimestamp,omitempty"`
	DeletionTimestamp          *JSON             `json:"deletionTimestamp,omitempty"`
	DeletionGracePeriodSeconds *int64            `json:"deletionGracePeriodSeconds,omitempty"`
	Labels                     map[string]string `json:"labels,omitempty"`
	Annotations                map[string]string `json:"annotations,omitempty"`
	OwnerReferences            []OwnerReference  `json:"ownerReferences,omitempty"`
	Finalizers                 []string          `json:"finalizers,omitempty"`
	ManagedFields              []ManagedField    `json:"managedFields,omitempty"`
}

// OwnerReference is an entry of metadata.ownerReferences.
type OwnerReference struct {
	APIVersion         string `json:"apiVersion"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	UID                string `json:"uid"`
	Controller         *bool  `json:"controller,omitempty"`
	BlockOwnerDeletion *bool  `json:"blockOwnerDeletion,omitempty"`
}

// ManagedField is an entry of metadata.managedFields, kept as read.
type ManagedField struct {
	Manager     string `json:"manager,omitempty"`
	Operation   string `json:"operation,omitempty"`
	APIVersion  string `json:"apiVersion,omitempty"`
	Time        *JSON  `json:"time,omitempty"`
	FieldsType  string `json:"fieldsType,omitempty"`
	FieldsV1    *JSON  `json:"fieldsV1,omitempty"`
	Subresource string `json:"subresource,omitempty"`
}

// Spec is spec.
type Spec struct {
	Group                 string      `json:"group"`
	Names                 Names       `json:"names"`
	Scope                 string      `json:"scope"`
	Versions              []Version   `json:"versions"`
	Conversion            *Conversion `json:"conversion,omitempty"`
	PreserveUnknownFields bool        `json:"preserveUnknownFields,omitempty"`
}

// The scopes of spec.scope.
const (
	NamespaceScoped = "Namespaced"
	ClusterScoped   = "Cluster"
)

// Names is spec.names, and status.acceptedNames.
type Names struct {
	Plural     string   `json:"plural"`
	Singular   string   `json:"singular,omitempty"`
	ShortNames []string `json:"shortNames,omitempty"`
	Kind       string   `json:"kind"`
	ListKind   string   `json:"listKind,omitempty"`
	Categories []string `json:"categories,omitempty"`
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

	Schema                   *Schema           `json:"schema,omitempty"`
	Subresources             *Subresources     `json:"subresources,omitempty"`
	AdditionalPrinterColumns []PrinterColumn   `json:"additionalPrinterColumns,omitempty"`
	SelectableFields         []SelectableField `json:"selectableFields,omitempty"`
}

// Schema is spec.versions[].schema.
type Schema struct {
	// OpenAPIV3Schema is nil when the field is absent or null.
	OpenAPIV3Schema *JSONSchemaProps `json:"openAPIV3Schema,omitempty"`
}

// HasSchema reports whether v has schema.openAPIV3Schema.
func HasSchema(v *Version) bool {
	return v.Schema != nil && v.Schema.OpenAPIV3Schema != nil
}

// Subresources is spec.versions[].subresources.
type Subresources struct {
	// Status is non-nil when the status subresource is enabled; it has
	// no fields.
	Status *StatusSubresource `json:"status,omitempty"`
	Scale  *ScaleSubresource  `json:"scale,omitempty"`
}

// StatusSubresource is spec.versions[].subresources.status, an empty
// object.
type StatusSubresource struct{}

// ScaleSubresource is spec.versions[].subresources.scale.
type ScaleSubresource struct {
	SpecReplicasPath   string  `json:"specReplicasPath"`
	StatusReplicasPath string  `json:"statusReplicasPath"`
	LabelSelectorPath  *string `json:"labelSelectorPath,omitempty"`
}

// PrinterColumn is an entry of spec.versions[].additionalPrinterColumns.
type PrinterColumn struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Format      string `json:"format,omitempty"`
	Description string `json:"description,omitempty"`
	Priority    int32  `json:"priority,omitempty"`
	JSONPath    string `json:"jsonPath"`
}

// SelectableField is an entry of spec.versions[].selectableFields.
type SelectableField struct {
	JSONPath string `json:"jsonPath"`
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
	ConversionReviewVersions []string      `json:"conversionReviewVersions"`
}

// ClientConfig is spec.conversion.webhook.clientConfig. CABundle holds
// the PEM bytes, decoded from the base64 of the manifest.
type ClientConfig struct {
	URL      *string           `json:"url,omitempty"`
	Service  *ServiceReference `json:"service,omitempty"`
	CABundle []byte            `json:"caBundle,omitempty"`
}

// ServiceReference is spec.conversion.webhook.clientConfig.service. A nil
// Port means the default, 443.
type ServiceReference struct {
	Namespace string  `json:"namespace"`
	Name      string  `json:"name"`
	Path      *string `json:"path,omitempty"`
	Port      *int32  `json:"port,omitempty"`
}

// Status is status. On create the API server replaces it; on update it
// keeps the live object's.
type Status struct {
	Conditions         []Condition `json:"conditions,omitempty"`
	AcceptedNames      Names       `json:"acceptedNames"`
	StoredVersions     []string    `json:"storedVersions,omitempty"`
	ObservedGeneration int64       `json:"observedGeneration,omitempty"`
}

// Condition is an entry of status.conditions.
type Condition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastTransitionTime *JSON  `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
}

// IsEstablished reports whether status.conditions says the CRD is
// Established, which makes the API server check the webhook's caBundle
// on update.
func (s *Status) IsEstablished() bool {
	for _, c := range s.Conditions {
		if c.Type == "Established" && c.Status == "True" {
			return true
		}
	}
	return false
}
