// Package audit reads a live cluster and reports what breaks at its next
// upgrade: the engine of `kubeversion audit`, and only the engine. The
// command holds the rest (flags, kubeconfig loading, output formats and
// exit statuses): a caller gives [Run] a client configuration and
// [Options], and gets a [Report] back.
//
// What it reads, each through the API server, read-only:
//
//   - the server's version, which sets the target release: the next minor
//     after it, unless Options.Target names one;
//   - /metrics: apiserver_requested_deprecated_apis, the gauge the API
//     server sets for every group, version, resource and subresource
//     requested through a deprecated version (built-in ones with the
//     release that removes them, and CRD versions marked deprecated), and
//     apiserver_request_total for how many requests each had. Each API
//     server instance counts only the requests it served since it started:
//     the report says how many instances the cluster has, from their
//     identity leases in kube-system, when it can read them;
//   - every CustomResourceDefinition, in pages: a status.storedVersions
//     that lists more than the storage version (objects may still be
//     stored in the others, and the API server refuses to drop those from
//     spec.versions: `kubeversion migrate NAME` moves them); a stored
//     version no longer served; a conversion webhook whose caBundle holds
//     an expired certificate, or whose Service has no ready endpoint in
//     its EndpointSlices;
//   - the managedFields of the objects of each kind with a version that
//     breaks at the target (Options.OldVersions, and the CRDs' deprecated
//     or unserved versions): the managers that last wrote through one;
//   - the StorageVersionMigrations that failed or run;
//   - audit logs (Options.AuditLogs): who requested a deprecated version;
//   - Helm 3 releases: the latest revision of each, and the last deployed
//     one, decoded with Helm's own storage drivers.
//
// Every source that could not be read is in Report.Sources with the
// reason, so that a report with no findings never claims more than was
// read.
//
// Every list is paged and bounded, and Options.Timeout bounds the run.
//
// Not yet in scope: Helm 2 releases, and webhooks given by URL (their
// reachability is not checked).
package audit
