// Package inputs reads what the command's PATH, OBJECTS and --old name,
// as kubectl apply reads them: files, directories (with --exclude and the
// templates of Helm charts left out), kustomizations and standard input,
// capped in size ([Walker], [OpenInput]), cut into documents and read
// into objects ([ReadStream], [ReadObjects], [TextStream]), kept on disk
// for a streaming reader to come back to ([Spool]), with the
// lines of their fields found in the text when a report needs them
// ([Locator]). What could not be read is a [Problem], located, and
// written a line each to standard error ([WriteProblems]); standard input
// named twice cannot be read twice ([StdinTwice]).
//
// In scope: bytes to objects with lines, as kubectl reads them. Out of
// scope: what an object means (decoding a CustomResourceDefinition,
// judging it or a custom resource), and how a report is written (beyond the problems of reading).
package inputs
