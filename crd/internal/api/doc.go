// Package api holds the wire types of apiextensions.k8s.io/v1 that package
// crd reads and checks: CustomResourceDefinition, JSONSchemaProps and the
// types they hold, with their JSON methods. Package crd names each of them
// by an alias, so that its exported API is these types.
//
// In scope: the types, their JSON names, their UnmarshalJSON and
// MarshalJSON methods and the reflective decoder those methods share
// (DecodeInto: case-sensitive field names, the strict errors of unknown
// and duplicate fields, the API server's type errors and depth limit),
// and DeepCopy of JSON values. The decoder here is the reference that the
// fast decoder above it is checked against.
//
// Not in scope: validation of any kind, defaults, pruning, or the fast
// decoder; those are engines above this package. It is the lowest layer
// below crd and imports nothing of this module but
// github.com/kubeversion/kubeversion/internal/jsonvalue.
package api
