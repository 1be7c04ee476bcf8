// Package server holds what lint and validate share of the API server's
// part: its error, located in the file ([Error]); the decoding of a
// CustomResourceDefinition as the server decodes one kubectl sends
// ([DecodeCRD]); the judge of CRDs and the evaluator of CEL rules, of one
// Kubernetes release ([Judge], [CELEvaluator]); the limits on what a
// report lists ([MaxListed], [CutMiddle]); and the names of objects and
// their groups ([MetadataName], [SplitAPIVersion], [GroupKind]).
//
// In scope: what both engines need to speak as the API server does. Out
// of scope: reading the input (package inputs), what each command makes
// of the server's answers (its verdicts, findings and reports), and how
// they are written.
package server
