// Package crd checks the versions of a CustomResourceDefinition by the
// rules of the Kubernetes API server, with its field paths and messages,
// offline and without importing Kubernetes.
//
// [ValidateCreate] and [ValidateUpdate] return what the API server
// (k8s.io/apiextensions-apiserver, releases 1.33 to 1.37) would reject when
// a CRD is created or updated, after the server's registry strategy has set
// status.storedVersions. [PreferredVersion] tells which version discovery
// advertises and kubectl uses by default; [DeprecationWarning] tells what
// clients of a deprecated version are warned; [IsDNS1035Label] checks a
// version name.
//
// # Scope
//
// In scope are the rules on versions: version names and their uniqueness,
// exactly one storage version, status.storedVersions on create and update,
// deprecation warnings, the presence of a schema per version, and
// spec.conversion (strategy, webhook client config, conversion review
// versions). Out of scope: the content of schemas (structural rules, CEL,
// defaults), metadata.name, spec.names, spec.scope, spec.group, printer
// columns, subresources and selectable fields. A CRD that passes here can
// still be rejected for those.
//
// # Errors
//
// Errors come in this order, which is the API server's: missing schemas by
// version; by version, its name and its deprecationWarning; duplicate
// names; the count of storage versions; spec.version; spec.conversion;
// status.storedVersions. The API server emits the "missing from
// spec.versions" errors of status.storedVersions in random order; here
// they come in index order.
//
// Where the API server has quirks, they are reproduced:
//
//   - An invalid name of the first version is reported twice, at
//     spec.versions[0].name and at spec.version, because the server's
//     internal type repeats it there. An empty first name is reported once.
//   - Conversion errors use the internal paths
//     spec.conversion.webhookClientConfig and
//     spec.conversion.conversionReviewVersions, not the v1 paths under
//     spec.conversion.webhook.
//   - The webhook service's name and namespace are checked in each other's
//     place: a missing namespace is reported at service.name.
//   - A deprecationWarning longer than 256 bytes (not characters) is
//     rejected with the message "must be <= 256 characters long".
//   - With two versions of the same name, the second one marked storage
//     is reported as missing from status.storedVersions even when it is
//     there.
//
// Lists of versions in error values print as JSON with the v1 field names,
// where the API server prints its internal Go field names.
package crd
