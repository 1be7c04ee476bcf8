// Package validation checks a CustomResourceDefinition as the API server
// does when it is created or updated: Create and Update, which crd's
// ValidateCreate, ValidateUpdate and Validator call.
//
// In scope: the rules of the metadata, the spec (names, versions, scope,
// conversion, subresources, printer columns, selectable fields), the
// schemas (structural rules, keywords, list and map extensions, the
// checks of x-kubernetes-validations that need no CEL, defaults and their
// ratcheting), the stored versions and the API approval annotation, with
// the errors in the server's order. The CEL rules are judged by a
// CELChecker passed in, which this package defines and does not provide.
// WarningsOnCreate and WarningsOnUpdate are the registry strategy's
// warnings on a CRD the server accepts.
//
// Not in scope: decoding (package decode), custom resources (package
// object), and comparing a CRD with the live one for what clients notice
// (package upgrade).
package validation
