// Package defaulting sets the defaults of a structural schema in a JSON
// value, as the API server's structural defaulting does when it reads a
// custom resource from a request or from etcd
// (k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting.Default).
//
// It reads only the model of package structural. Removing the nulls that
// the schema neither allows nor defaults, which the server does first, is
// package prune's (prune.Nulls); pruning, validating the defaults of a
// CRD and reporting errors are package crd's. Values are those of crd's
// JSON model: nil, bool, string, int64, float64, []any and
// map[string]any.
package defaulting
