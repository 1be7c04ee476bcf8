// Package lint is the engine of `kubeversion lint`, run once the command
// has read its flags into [Options]: it reads the CRDs of each PATH (and
// the live objects of --old, from files or through package cluster),
// checks each as the API server would on create or update, runs the
// upgrade checks at the levels of [CheckLevels], applies --baseline, and
// returns a [Result], which writes itself in each -o format ([Result.Write])
// and gives the notes, problems and exit status the command prints.
//
// In scope: lint's reports, verdicts, findings, requirements, the
// crd-removed check, the baseline file, --exclude ([Excludes]) and
// --kubernetes-version ([ParseRelease]), and lint's output formats.
// Out of scope: the flags, help and exit statuses of the command (package
// main), reading and walking the input (package inputs), what lint shares
// with validate of the API server (package server), and the writers
// shared by every command (packages format and diag).
package lint
