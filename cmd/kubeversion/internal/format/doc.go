// Package format holds the writers that the reports of lint, validate
// and webhook check share, so that each format is written one way: the
// JSON encoder's settings ([WriteJSON]), GitHub Actions workflow commands
// ([Annotations]) and the SARIF 2.1.0 log ([SARIF]).
//
// In scope: the syntax of each format and the escaping it needs, and the
// SARIF rules, results, locations and fingerprints. Out of scope: what a
// report says (which results, with which messages and levels), which the
// command's engines decide, and plain text, which each command lays out
// itself through [diag.TextLine].
package format
