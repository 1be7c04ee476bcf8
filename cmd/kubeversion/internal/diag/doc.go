// Package diag holds what the command's reports share about one finding,
// whatever the format: the [Diagnostic], one of the list that lint,
// validate and webhook check each lower their result to, and the
// escaping that keeps a piece of input on one line of text output
// ([TextLine]).
//
// In scope: the fields of a diagnostic and the few ways a message is
// worded from them (short for one line, long for a log of results), and
// the escaping of text that comes from the input, so that no file, field
// or message breaks out of its line or forges a workflow command. Out of
// scope: reading input, judging it, and writing a whole report in a
// format (package format does).
package diag
