package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/validation"
)

// Warning is a warning the API server sends, with its answer, to a
// client that creates or updates a CRD: Message is what kubectl prints
// after "Warning: ", as the server words it, and its String method
// returns it. The server does not say where a warning comes from; Field
// is the path, in the v1 object, of the field that gives rise to it (the
// first one where a warning stands for several), and the Path method
// returns its steps. For example:
//
//	Warning{Field: "spec.versions[0].schema.openAPIV3Schema.properties[port].format", Message: `unrecognized format "int-or-string"`}
type Warning = field.Warning

// WarningsOnCreate returns the warnings the API server's registry
// strategy gives when c is created, in its order, or nil:
//
//   - unrecognized format "<format>", for each schema whose format a
//     Kubernetes 1.37 server does not recognize at its default
//     compatibility version, 1.36: for a string or a schema of no type,
//     a string format of kube-openapi that the server supports (names
//     match without dashes; k8s-short-name and k8s-long-name since 1.34);
//     for an integer, int32 or int64; for a number, float or double; for
//     any other type, none;
//   - x-kubernetes-list-type: set for items of type "object" is not
//     supported by server-side apply or CEL validation rules, and the same
//     for items of type "array": once for each of the two item types that
//     a list of type set has anywhere, "array" first.
//
// A format is warned of each time a schema has it: once for the schema
// of every version, or once in all when every version has the same
// schema, which the server then keeps once. The server reads the
// properties, definitions and dependencies of a schema in random order;
// here they come in sorted name order. The server sends the warnings only
// when it accepts the CRD (when [ValidateCreate] returns nil), and each
// message once: it drops those it has sent already.
func WarningsOnCreate(c *CustomResourceDefinition) []Warning {
	return validation.WarningsOnCreate(c)
}

// WarningsOnUpdate returns the warnings the API server's registry
// strategy gives when old is replaced by c, as WarningsOnCreate does but
// for what old has already: a format that a schema of old names is not
// warned of again, wherever c has it, nor is a list type that old warns
// of. A nil old is no live object, and gives the warnings of
// WarningsOnCreate. The server sends them only when it accepts the
// update (when [ValidateUpdate] returns nil).
func WarningsOnUpdate(c, old *CustomResourceDefinition) []Warning {
	return validation.WarningsOnUpdate(c, old)
}
