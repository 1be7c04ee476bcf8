// Package builtin judges built-in Kubernetes objects (Deployments,
// Services, ConfigMaps, RBAC and the rest a kube-apiserver serves) as the
// API server of the pinned release, Kubernetes 1.37.2, judges a create or
// an update, with the server's own code from k8s.io/kubernetes: its
// scheme's strict decoding, defaulting and conversion, and each
// resource's registry store and strategy (preparation, validation,
// canonicalization and warnings), run as a server-side dry run.
//
// In scope, for every kind a 1.37 kube-apiserver serves by default and
// the beta and alpha kinds it can serve: strict field checks (unknown and
// duplicate fields, as kubectl's default --validate=strict asks the server
// for), defaults, conversion, ObjectMeta and its namespace against the
// resource's scope, generateName, the strategy's validation and warnings,
// and on update the strategy's update rules against the live object.
//
// Out of scope, because each needs the state of a cluster: admission
// plugins (quotas, LimitRanges, Pod Security, service accounts, default
// storage classes), admission webhooks, ValidatingAdmissionPolicies,
// references to other objects, RBAC's escalation check (it depends on the
// requester's own permissions), and the ranges a Service's cluster IPs
// and node ports come from: a Service is judged as by a single-stack IPv4
// cluster whose ranges hold every address and port, and the addresses and
// ports such a server would allocate are left out of the stored object.
// Feature gates have the release's defaults. API versions are judged by the release that serves
// them elsewhere (the command's lifecycle table): Judge only judges the
// content of a type the pinned release still has.
//
// This package imports Kubernetes' code, so it is a module of its own and
// the library (the root module's packages) never imports it.
package builtin
