// Package objectmeta coerces and validates the apiVersion, kind and
// metadata of embedded resources, and of the resource root, as the API
// server's k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta
// package does: metadata is read as encoding/json reads it into an
// ObjectMeta, with its messages word for word, and written back as the
// server writes it (unknown and empty fields dropped, timestamps in UTC).
//
// In scope: the walk over a value by a [structural.Structural] to its
// embedded resources ([Coerce], [DropMalformed], [Validate]), reading
// metadata ([Read]), and the checks of ValidateObjectMeta on create that
// the server applies to embedded metadata, whose parts (labels,
// annotations, owner references, finalizers, managed fields) package crd
// also applies to a CRD's own metadata. For the metadata of a custom
// resource itself: the checks of the server's custom resource strategy
// ([ValidateCreate], [ValidateUpdate]) and of its generic registry
// ([ValidateGenericCreate], [ValidateGenericUpdate]), and the warnings
// about finalizers ([FinalizerWarnings]).
//
// Not in scope: the schema of the rest of a value (package crd's value
// validation), pruning (package prune), CEL rules, and turning errors into
// crd's public Error, which package crd does at its boundary.
package objectmeta
