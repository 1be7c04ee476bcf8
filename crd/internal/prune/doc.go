// Package prune removes from a JSON value the fields a structural schema
// does not specify, as the API server's pruning package does, and the
// nulls it neither allows nor defaults (PruneNonNullableNullsWithoutDefaults).
//
// It reads only the model of package structural; building that model from
// a CRD's wire schema and reporting errors are the business of package
// crd, checking metadata that of package objectmeta. Values are those of crd's JSON model: nil,
// bool, string, int64, float64, []any and map[string]any.
package prune
