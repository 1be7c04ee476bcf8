// Package apiserver holds the differential of module builtin against a
// real kube-apiserver: Kubernetes 1.37.2's own server, started in process
// from k8s.io/kubernetes (cmd/kube-apiserver/app/testing) on an embedded
// etcd, with no binary downloaded. Each case is a server-side dry run of a
// create or an update of a built-in object, sent to the server and given
// to builtin.Judge, and the two answers are compared: the error message,
// the warnings and the object the server would store.
//
// The same server runs what else needs a whole kube-apiserver: `kubeversion
// audit` (migrate/audit) on deprecated betas turned on with its runtime
// config, managedFields, Helm releases, StorageVersionMigrations and its
// own audit log; and migrate's runs with the cluster's migrator against
// the in-tree StorageVersionMigration controllers of k8s.io/kubernetes
// (pkg/controller/storageversionmigrator), reading etcd.
//
// It is a module of its own, outside the conformance workspace, because
// building the whole API server costs minutes that the README's test
// command does not spend: CI runs it as a second command.
package apiserver
