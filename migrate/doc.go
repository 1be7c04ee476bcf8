// Package migrate moves every stored object of a CustomResourceDefinition to
// the CRD's storage version on a live cluster, then trims
// status.storedVersions to that version: the engine of
// `kubeversion migrate CRD-NAME`, and only the engine. The command holds
// the rest (its flags, usage text and exit statuses, the kubeconfig
// loading, the printing of reports and progress): a caller gives [New] a
// client configuration and [Options], and gets a [Report] or a [Plan] and
// an error back, that errors.Is matches with the Err* errors of this
// package.
//
// The API server stores a custom resource encoded in the version that was
// the storage version when the object was last written, and skips the etcd
// write of an update whose new encoding equals the stored bytes. A write
// that changes nothing therefore re-encodes exactly the objects still stored
// in an older version, and costs no etcd write for the others. [Migrator.Run]
// relies on that, in three phases:
//
//   - preflight: read the CRD (uid, generation, storage version,
//     storedVersions); stop with nothing to do when storedVersions is already
//     only the storage version; refuse while a StorageVersionMigration runs
//     for it; list one object to prove objects can be read (a broken
//     conversion webhook fails here); wait until discovery's
//     storageVersionHash names the storage version, then a settle delay;
//   - rewrite: list metadata only, page by page (a 410 Gone on a continue
//     token continues with the token of the 410, or lists again and skips
//     what was done), and send each object the merge patch
//     {"apiVersion", "kind", "metadata": {"resourceVersion"}} — the body of
//     the in-tree StorageVersionMigration controller of Kubernetes 1.37: no
//     create on patch, no managedFields entry, a Conflict when the object
//     changed since it was listed. Conflict and NotFound count as done; 429,
//     5xx and timeouts are retried with backoff; any other error is recorded
//     for its object and the run goes on;
//   - commit: only when no object failed, a JSON patch of the CRD's /status
//     whose test operations pin the uid, the generation, the storage version
//     and the current storedVersions, so that a CRD changed during the run
//     makes the commit fail instead of hiding data stored in another version.
//
// [Migrator.Plan] is the dry run: the preflight without waiting, and the
// count of objects per namespace. A state file ([State]) lets an interrupted
// run resume after the last page it finished.
//
// [Migrator.RunWithClusterMigrator] (--use-cluster-migrator) delegates the
// rewrite to the in-tree StorageVersionMigration controller of
// kube-controller-manager (KEP-4192): the same preflight and waits, then a
// StorageVersionMigration {spec.resource: {group, resource}} created at the
// version discovery shows (storagemigration.k8s.io/v1, else v1beta1),
// polled until Succeeded or Failed, its "N/M objects not yet migrated"
// figures passed to Options.Progress. After Succeeded it gives the
// controller Options.TrimWait to trim storedVersions (1.36 and later do,
// when the CRD's generation did not change), then commits as above if
// storedVersions is still not the storage version (1.35 never trims).
// After Failed it leaves storedVersions as read at the start, and puts it
// back if the controller trimmed it anyway: the migration runner of
// v1.37.2 trims whenever the generation is unchanged, success or not.
// [Migrator.PlanWithClusterMigrator] is its dry run.
//
// Out of scope: the StorageVersionMigration API v1alpha1 (1.30–1.34), the
// removal of managedFields entries of versions no longer served, RBAC
// preflight checks, and any check that every API server of a highly
// available control plane switched storage versions (no API exposes it; the
// discovery hash and the settle delay are the heuristic).
package migrate
