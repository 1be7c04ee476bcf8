// Package cel judges the x-kubernetes-validations rules of
// CustomResourceDefinitions, and evaluates them on custom resources, with
// the API server's own code. Checker is a crd.CELChecker that compiles
// each rule and message expression with k8s.io/apiextensions-apiserver's
// schema/cel package in the environment of k8s.io/apiserver's CEL library,
// at the release of Kubernetes that package crd follows (v0.37.2,
// Kubernetes 1.37). It reports what the server's
// ValidateCustomResourceDefinition does: compile and type errors, rules that
// are not a bool and message expressions that are not a string, oldSelf on
// the uncorrelatable portion of a schema, optionalOldSelf without oldSelf,
// the estimated cost of each expression and the total of each schema, in the
// server's words and field paths.
//
// # Scope
//
// In scope: the checks the server makes on the rules of a schema when a CRD
// is created or updated (CheckCEL); on update, the environment for stored
// expressions for a rule already in the live object, and no limit on each
// expression's cost in a version whose schema did not change; and the
// rules run on every default when the server checks the defaults
// (DefaultErrors), which can report a rule's compile error at a default
// instead.
//
// The releases: NewCheckerFor judges new rules in the environment of an
// older API server, from Kubernetes 1.29 (Oldest) to 1.37 (Newest), as the
// 1.37 code builds it for that release's compatibility version; and
// Checker.Requirements finds the oldest release whose environment compiles
// each rule, and the CRD fields that older releases drop (see
// crd.Requirements).
//
// Evaluator is a crd.CELEvaluator: it evaluates the rules of a custom
// resource's schema on the resource, on create and update, with the API
// server's CEL validator (messageExpression, reason, fieldPath, transition
// rules, optionalOldSelf, ratcheting and the runtime cost budget), as the
// server's customResourceStrategy calls it.
//
// Not in scope: the other checks of custom resources, which package crd
// makes; the evaluation of rules by older releases; and, for older
// releases, anything but the libraries of the environment for new
// expressions: the costs, messages, the rules run on defaults and the
// environment for rules already in the live object are those of 1.37.
//
// This package is a module of its own because it imports Kubernetes: the
// library (packages kubeversion, crd and conversion) imports only the
// standard library.
package cel
