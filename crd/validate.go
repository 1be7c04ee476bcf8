package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/objectmeta"
	"github.com/kubeversion/kubeversion/crd/internal/validation"
)

// ValidateCreate returns what the API server would reject when c is
// created, or nil. As the server does, it first replaces the status: the
// stored versions become the first version marked storage, whatever c's
// status says, and the generation becomes 1. It does not change c: where
// the server's validation changes the object it checks (it coerces the
// embedded metadata of defaults), a copy is changed, and the errors print
// that copy, as the server's errors print the object it changed. For
// example, a CRD whose only version is named "V1" gives
//
//	spec.versions[0].name: Invalid value: "V1": a DNS-1035 label must consist of ...
//	spec.version: Invalid value: "V1": a DNS-1035 label must consist of ...
//
// See the package doc for the rules and the order of the errors. The CEL
// rules of the schemas are not compiled: see [Validator].
func ValidateCreate(c *CustomResourceDefinition) ErrorList {
	return Validator{}.ValidateCreate(c)
}

// ValidateUpdate returns what the API server would reject when old is
// replaced by c, or nil. As the server's registry strategy does, it keeps
// old's status, with c's first storage version appended to the stored
// versions if it is missing; a version is never removed from that list,
// so dropping one from spec.versions is an error until a storage migration
// has removed it from the status. Rules that the server relaxes for
// objects that already broke them (schemas, conversion review versions,
// too many selectable fields, an invalid caBundle) are relaxed when old
// broke them; spec.scope and spec.names.kind may change only while old is
// not Established. It changes neither object (see ValidateCreate).
//
// The metadata is checked as the strategy sees it: c must carry a
// resourceVersion, as it does when kubectl sends it; its generation is
// old's plus one when the spec changed, else its own.
//
// An old object without stored versions is read, as the API server reads
// it from storage, as storing its first storage version.
//
// The CEL rules of the schemas are not compiled: see [Validator].
func ValidateUpdate(c, old *CustomResourceDefinition) ErrorList {
	return Validator{}.ValidateUpdate(c, old)
}

// Validator checks CRDs as ValidateCreate and ValidateUpdate do, and with
// CEL, if not nil, judges their x-kubernetes-validations rules too, where
// and in the order the API server does. The zero Validator is
// ValidateCreate and ValidateUpdate. For example, with the checker of
// github.com/kubeversion/kubeversion/cel, a rule "self.replicas >= '0'"
// on the root of the schema of a CRD's one version, whose replicas is an
// integer, gives
//
//	spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule: Invalid value: {"Rule":"self.replicas \u003e= '0'",...}: compilation failed: ERROR: <input>:1:15: found no matching overload for '_>=_' applied to '(int, string)'
type Validator struct {
	CEL CELChecker
}

// ValidateCreate is [ValidateCreate], with v's CEL checker.
func (v Validator) ValidateCreate(c *CustomResourceDefinition) ErrorList {
	return validation.Create(c, v.CEL)
}

// ValidateUpdate is [ValidateUpdate], with v's CEL checker.
func (v Validator) ValidateUpdate(c, old *CustomResourceDefinition) ErrorList {
	return validation.Update(c, old, v.CEL)
}

// CELChecker judges the x-kubernetes-validations rules of a schema as the
// API server does when a CRD is written: it compiles each rule and message
// expression in the server's CEL environment, checks their types, the use
// of oldSelf and their estimated cost, and the total cost of the schema.
// This package has no checker of its own, since that needs Kubernetes' CEL
// environment: a [Validator] without one leaves the rules unchecked, and
// CountCELRules says how many. The module
// github.com/kubeversion/kubeversion/cel provides one, with Kubernetes'
// code.
//
// A checker is called once per schema that the server compiles rules of:
// only when the schema is structural and its defaults are valid, as the
// server builds its CEL context only then.
type CELChecker = validation.CELChecker

// CELSchema is an openAPIV3Schema whose rules a [CELChecker] judges, with
// what the API server's judgement depends on. For example, the schema of
// a CRD c that is created with one version, which the server keeps once
// for every version, is
//
//	&CELSchema{Field: "spec.validation.openAPIV3Schema", Schema: c.Spec.Versions[0].Schema.OpenAPIV3Schema, Version: "v1", CRD: c}
type CELSchema = validation.CELSchema

// ValidateLabels checks labels found at field (such as "metadata.labels")
// as the API server's ValidateLabels does: each key a qualified name, each
// value a label value. The server visits the map in random order; here
// keys come sorted. For example, the label {"bad key!": "v"} gives
//
//	metadata.labels: Invalid value: "bad key!": name part must consist of alphanumeric characters, ...
func ValidateLabels(field string, labels map[string]string) ErrorList {
	return objectmeta.ValidateLabels(pathOf(field), labels)
}

// ValidateAnnotations checks annotations found at field (such as
// "metadata.annotations") as the API server's ValidateAnnotations does:
// each key, lowercased, a qualified name; keys and values at most 256 KiB
// together. Keys come sorted. For example, the annotation {"a/b/c": ""}
// gives
//
//	metadata.annotations: Invalid value: "a/b/c": a valid label key must consist of ...
func ValidateAnnotations(field string, annotations map[string]string) ErrorList {
	return objectmeta.ValidateAnnotations(pathOf(field), annotations)
}

// pathOf returns the path of the field that the caller of ValidateLabels
// or ValidateAnnotations names, such as "metadata.labels": written out as
// given, its steps read as ParsePath reads them.
func pathOf(name string) *field.Path {
	return (*field.Path)(nil).ChildPath(name)
}
