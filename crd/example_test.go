package crd_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
)

// manifest is the CronTab of the Kubernetes documentation, as JSON.
var manifest = crontab(`
      {"name": "v1beta1", "served": true, "storage": false, "deprecated": true,
       "schema": {"openAPIV3Schema": {"type": "object"}}},
      {"name": "v1", "served": true, "storage": true,
       "schema": {"openAPIV3Schema": {"type": "object"}}}`, "")

// crontab returns the JSON of a CronTab CRD, crontabs.stable.example.com,
// with versions, the entries of its spec.versions, and status, the JSON
// of its status, unless "".
func crontab(versions, status string) string {
	s := `{
  "apiVersion": "apiextensions.k8s.io/v1",
  "kind": "CustomResourceDefinition",
  "metadata": {"name": "crontabs.stable.example.com"},
  "spec": {
    "group": "stable.example.com",
    "names": {"kind": "CronTab", "plural": "crontabs"},
    "scope": "Namespaced",
    "versions": [` + versions + `
    ]
  }`
	if status != "" {
		s += `,
  "status": ` + status
	}
	return s + "\n}"
}

func load(s string) *crd.CustomResourceDefinition {
	var c crd.CustomResourceDefinition
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		panic(err)
	}
	return &c
}

func ExampleCustomResourceDefinition() {
	c := load(manifest)
	fmt.Println(c.Metadata.Name, c.Spec.Group, c.Spec.Names.Kind, len(c.Spec.Versions))
	// Output:
	// crontabs.stable.example.com stable.example.com CronTab 2
}

func ExampleValidateCreate() {
	c := load(manifest)
	fmt.Println(crd.ValidateCreate(c) == nil)

	c.Spec.Versions[0].Name = "V1beta1"
	for _, err := range crd.ValidateCreate(c) {
		fmt.Println(err.Field, "|", err.Type, "|", err.BadValue)
	}
	// Output:
	// true
	// spec.versions[0].name | Invalid value | V1beta1
	// spec.version | Invalid value | V1beta1
}

func ExampleValidateUpdate() {
	old := load(manifest)
	old.Status.StoredVersions = []string{"v1beta1", "v1"}

	// Dropping v1beta1 while objects may still be stored in it:
	c := load(manifest)
	c.Spec.Versions = c.Spec.Versions[1:]
	c.Metadata.ResourceVersion = "42" // as kubectl sends it
	for _, err := range crd.ValidateUpdate(c, old) {
		fmt.Println(err)
	}
	// Output:
	// status.storedVersions[0]: Invalid value: "v1beta1": missing from spec.versions; v1beta1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1beta1 and removes v1beta1 from status.storedVersions
}

func ExamplePreferredVersion() {
	fmt.Println(crd.PreferredVersion(load(manifest)))
	// Output:
	// v1 true
}

func ExampleDeprecationWarning() {
	c := load(manifest)
	fmt.Println(crd.DeprecationWarning(c, "v1beta1"))
	fmt.Println(crd.DeprecationWarning(c, "v1"))
	// Output:
	// stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab true
	//  false
}

func ExampleIsDNS1035Label() {
	fmt.Println(crd.IsDNS1035Label("v1beta1"))
	fmt.Println(crd.IsDNS1035Label("v" + fmt.Sprint(make([]int, 40))))
	// Output:
	// []
	// [must be no more than 63 characters a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')]
}

func ExampleError() {
	err := &crd.Error{Type: crd.ErrorTypeRequired, Field: "spec.conversion.strategy"}
	fmt.Println(err)
	// Output:
	// spec.conversion.strategy: Required value
}

func ExampleErrorList() {
	c := load(manifest)
	c.Spec.Conversion = &crd.Conversion{Strategy: crd.WebhookConverter}
	fmt.Println(crd.ValidateCreate(c).Error())
	// Output:
	// spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook; spec.conversion.conversionReviewVersions: Required value
}

func ExampleErrorType() {
	fmt.Println(crd.ErrorTypeNotSupported)
	// Output:
	// Unsupported value
}

func ExampleCountCELRules() {
	c, err := crd.Decode([]byte(`{
		"spec": {"versions": [{"name": "v1", "served": true, "storage": true,
			"schema": {"openAPIV3Schema": {"type": "object", "properties": {
				"spec": {"type": "object",
					"x-kubernetes-validations": [{"rule": "self.replicas >= 0"}],
					"properties": {"replicas": {"type": "integer"}}}}}}}]}}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(crd.CountCELRules(c))
	// Output: 1
}

func ExampleErrorType_tooLong() {
	c := load(manifest)
	c.Metadata.Annotations = map[string]string{"note": strings.Repeat("x", 300_000)}
	for _, err := range crd.ValidateCreate(c) {
		fmt.Println(err.Type == crd.ErrorTypeTooLong, err)
	}
	// Output:
	// true metadata.annotations: Too long: may not be more than 262144 bytes
}

func ExampleErrorType_tooMany() {
	c := load(manifest)
	v := &c.Spec.Versions[1]
	v.Schema.OpenAPIV3Schema = &crd.JSONSchemaProps{Type: "object", Properties: map[string]crd.JSONSchemaProps{
		"spec": {Type: "object", Properties: map[string]crd.JSONSchemaProps{
			"labels": {Type: "object", AdditionalProperties: &crd.JSONSchemaPropsOrBool{Allows: true, Schema: &crd.JSONSchemaProps{Type: "string"}}},
		}},
	}}
	for _, key := range "abcdefghi" {
		v.SelectableFields = append(v.SelectableFields, crd.SelectableField{JSONPath: ".spec.labels." + string(key)})
	}
	for _, err := range crd.ValidateCreate(c) {
		fmt.Println(err.Type == crd.ErrorTypeTooMany, err)
	}
	// Output:
	// true spec.versions[1].selectableFields: Too many: 9: must have at most 8 items
}

// The value of an error on spec.versions prints as the API server prints
// it: without the schema, which both versions share.
func ExampleError_versions() {
	c := load(manifest)
	c.Spec.Versions[1].Storage = false
	fmt.Println(crd.ValidateCreate(c)[0])
	// Output:
	// spec.versions: Invalid value: [{"Name":"v1beta1","Served":true,"Storage":false,"Deprecated":true,"DeprecationWarning":null,"Schema":null,"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null},{"Name":"v1","Served":true,"Storage":false,"Deprecated":false,"DeprecationWarning":null,"Schema":null,"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null}]: must have exactly one version marked as storage version
}

func ExampleErrorType_typeInvalid() {
	c := load(manifest)
	c.Spec.Versions[1].Schema.OpenAPIV3Schema = &crd.JSONSchemaProps{Type: "object", Properties: map[string]crd.JSONSchemaProps{
		"spec": {Type: "integer", Default: &crd.JSON{Value: "1"}},
	}}
	for _, err := range crd.ValidateCreate(c) {
		fmt.Println(err.Type == crd.ErrorTypeTypeInvalid, err)
	}
	// Output:
	// true spec.versions[1].schema.openAPIV3Schema.properties[spec].default: Invalid value: "string":  in body must be of type integer: "string"
}

func ExampleValidateLabels() {
	errs := crd.ValidateLabels("metadata.labels", map[string]string{"app": "web", "tier": "-front"})
	for _, e := range errs {
		fmt.Println(e.Field, e.BadValue)
	}
	// Output:
	// metadata.labels -front
}

func ExampleValidateAnnotations() {
	errs := crd.ValidateAnnotations("metadata.annotations", map[string]string{"a/b/c": "x"})
	for _, e := range errs {
		fmt.Println(e.Field, e.BadValue)
	}
	// Output:
	// metadata.annotations a/b/c
}

func ExampleDefault() {
	var s crd.JSONSchemaProps
	json.Unmarshal([]byte(`{"type": "object", "properties": {"spec": {"type": "object", "properties": {
		"replicas": {"type": "integer", "default": 1},
		"image": {"type": "string"}}}}}`), &s)
	obj := map[string]any{"spec": map[string]any{"image": nil}}
	crd.Default(obj, &s)
	out, _ := json.Marshal(obj)
	fmt.Println(string(out))
	// Output: {"spec":{"replicas":1}}
}
