// Package objectcases holds objects of two CRDs, examples/crontab-crd.yaml
// and WidgetCRD, each with what the API server answers when it is created,
// or replaces an older object: the cases that package crd's tests hold
// ValidateObject and ValidateObjectUpdate to, and that the conformance
// module's TestKubeCustomResource proves to be the server's answers by
// running them through the server's own code. One list serves both, so
// that the answers crd is held to are the ones proven.
//
// Not in scope: code to run the cases, which each test has; the package
// is data, imported by tests only.
package objectcases

// Case is an object of a CRD, created, or replacing Old when Old is not
// "", with what the API server answers: Errors, Strict (unknown and
// duplicate fields), Stored (the object it stores, as JSON, or "") and
// Warnings. The first Unordered errors come in any order (kube-openapi's
// validator ranges over a map of properties), sorted here.
type Case struct {
	Name, Obj, Old string
	Errors, Strict []string
	Unordered      int
	Stored         string
	Warnings       []string
	// Rules is the number of CEL rules of the object's version, which
	// package crd does not run: it reports them as UncheckedRules.
	Rules int
	// CEL is set where the answer comes from running a CEL rule, which
	// package crd does not: its tests leave the case out.
	CEL bool
}

// Pieces of the objects and answers of the cases.
const (
	v1      = `"apiVersion":"stable.example.com/v1","kind":"CronTab"`
	meta    = `"metadata":{"generation":1,"name":"a","namespace":"default"}`
	widget  = `"apiVersion":"example.com/v1","kind":"Widget"`
	wmeta   = `"metadata":{"name":"w","resourceVersion":"7"}`
	wstored = `"metadata":{"creationTimestamp":"2020-01-01T00:00:00Z","generation":2,"name":"w","namespace":"default","uid":"u1"}`
	wold    = `"metadata":{"creationTimestamp":"2020-01-01T00:00:00Z","generation":1,"name":"w","namespace":"default","resourceVersion":"7","uid":"u1"}`
	skipped = `<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation`
)
