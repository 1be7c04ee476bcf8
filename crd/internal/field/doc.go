// Package field is the vocabulary that package crd and its internal
// engines share to say where something is and what is wrong there: the
// path of a schema or of a value in a CustomResourceDefinition, as
// k8s.io/apimachinery's field.Path writes it, the one Error, ErrorType
// and ErrorList that every engine returns and crd names by alias, and the
// Warning that the API server sends with a request it accepts, at the
// field it comes from.
//
// In scope: paths, their steps (the names, keys and indices that
// callers read instead of the string), errors and warnings and their
// messages, which print a bad value as the API server prints its internal
// Go types (hence the import of internal/api, the layer below). Not in scope: deciding what is an
// error; the engines above do that.
package field
