// Package lifecycle is the lifecycle table of the built-in API versions of
// Kubernetes, by release, and the judge of an apiVersion and kind
// against it as the API server of a release would: served, deprecated
// (with the server's warning), removed, not yet served, not served by
// default, an unknown kind of a built-in group, or no built-in group at
// all (a custom resource's).
//
// The table is generated from the sources of Kubernetes by the program
// in gen (go run ./gen): the kinds each group version of k8s.io/api of
// each release from 1.19 registers, with the releases their
// APILifecycle methods state, and the group versions kube-apiserver
// serves by default, from DefaultAPIResourceConfigSource of
// k8s.io/kubernetes of each release. table.txt and defaults.txt are its
// output, embedded.
//
// In scope: the table, its reading, and the verdict for one
// apiVersion and kind at one release. Out of scope: the content of the
// objects (their fields are not checked), resources that a feature gate
// or --runtime-config turns on or off, aggregated APIs (metrics.k8s.io)
// and custom resources, which are the caller's.
package lifecycle
