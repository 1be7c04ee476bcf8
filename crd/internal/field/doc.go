// Package field is the vocabulary that package crd and its internal
// engines share to say where something is: the path of a schema or of a
// value in a CustomResourceDefinition, as k8s.io/apimachinery's
// field.Path writes it. It is the lowest layer below crd: it imports
// nothing of this module.
//
// Its Error is the plain record of an error the engines below crd return;
// crd turns it into its public Error, which prints values as the API
// server's internal types, which only crd knows.
package field
