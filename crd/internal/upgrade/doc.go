// Package upgrade compares two CustomResourceDefinitions, the live one and
// its replacement, and reports what the replacement does to clients and
// stored objects that the API server accepts without a word: Check, which
// crd.CheckUpgrade calls.
//
// In scope: the checks, listed as data in one table (checks: name, what
// the findings say, default level) that Names and the order of Check
// read; the version lifecycle, the conversion, and the compatibility of
// schemas. Version priority is passed in (Order), since it is
// kubeversion's, which this package does not import.
//
// Not in scope: whether either CRD is valid (package validation), and
// what a tool does with the findings.
package upgrade
