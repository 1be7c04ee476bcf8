// Package format holds the writers that the reports of lint, validate
// and webhook check share, so that each format is written one way: GitHub
// Actions workflow commands and the SARIF 2.1.0 log, each from a
// command's list of diagnostics ([WriteGitHub], [WriteSARIF]), over the
// syntax of each ([Annotations], [SARIF]), and the JSON encoder's
// settings ([WriteJSON]).
//
// In scope: the syntax of each format and the escaping it needs, and the
// SARIF rules, results, locations and fingerprints. Out of scope: what a
// report says (which diagnostics, with which messages and levels), which
// the command's engines decide; plain text and Markdown, which lay out
// each command's verdicts in blocks of its own through [diag.TextLine];
// and the JSON documents, which are each command's result as it is.
package format
