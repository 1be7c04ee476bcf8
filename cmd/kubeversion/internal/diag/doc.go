// Package diag holds what the command's reports share about one finding,
// whatever the format: for now, the escaping that keeps a piece of input
// on one line of text output ([TextLine]).
//
// In scope: the escaping of text that comes from the input, so that no
// file, field or message breaks out of its line or forges a workflow
// command. Out of scope: reading input, judging it, and writing a whole
// report in a format (JSON, GitHub annotations, SARIF, Markdown), which
// the command's other packages do.
package diag
