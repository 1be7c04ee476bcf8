// Package conformance proves that kubeversion gives the answers of
// Kubernetes itself: its tests run kubeversion side by side with
// k8s.io/apimachinery and k8s.io/apiextensions-apiserver on exhaustive and
// generated inputs, and its benchmarks measure both in one run. It is a
// module of its own so that the kubeversion module depends on nothing
// outside the standard library.
//
// # CustomResourceDefinitions
//
// TestCRDDifferential runs generated CRDs, on create and on update, through
// the API server's strict decoding, registry strategy and validation, and
// through crd.Decode, crd.ValidateCreate and crd.ValidateUpdate, and
// compares every error message with its field path, topic by topic
// (crd_rules_test.go says which topics are compared and why the others are
// not). TestCRDCorpus does the same on the CRDs of widely used projects,
// listed in testdata/corpus.txt and fetched with go mod download, with
// upgrades between two releases and mutations of every document;
// BenchmarkCRDCorpus times both sides on that corpus. Flags:
//
//	-crdcases N          generated cases (default 200,000; a twentieth under -short)
//	-corpusmutations N   mutations per corpus document (default 2; none under -short)
//	-mismatchdir DIR     write DIR/<topic>.txt, the differences with minimized
//	                     examples, and DIR/coverage.txt, the server's rules met
package conformance
