// Package object is the API server's handler of custom resources: what it
// answers, and stores, when an object of a CRD is created or updated
// (Validator.Validate, which crd's ValidateObject, ValidateObjectUpdate
// and ObjectValidator call), and the coercion the server applies when it
// converts an object between versions (Coerce).
//
// In scope: decoding the object with its strict errors, the serving of a
// version (its structural schema, cached by ServingCache), defaults and
// their ratcheting, pruning, the metadata and scale checks, the schema
// validation of the value, the strategy's rules on create and update,
// and calling a CELEvaluator, which this package defines and does not
// provide. Deprecation warnings come from a function passed in.
//
// Not in scope: the checks of the CRD itself (package validation) and its
// decoding (package decode).
package object
