// Package cluster is how the kubeversion command reaches a live cluster:
// the client configuration of a kubeconfig context, chosen as kubectl's
// --kubeconfig and --context choose it ([ClientConfig]), and the reads of
// live CustomResourceDefinitions of `kubeversion lint --old cluster:`
// ([LiveCRDs]). `kubeversion migrate` loads its configuration here and
// passes it to the engine, package migrate, which loads none itself.
// [RouteLogs] makes client-go's own log lines the command's, or drops them.
package cluster
