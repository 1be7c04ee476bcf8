// Package crd checks a CustomResourceDefinition by the rules of the
// Kubernetes API server, with its field paths and messages, offline and
// without importing Kubernetes.
//
// [ValidateCreate] and [ValidateUpdate] return what the API server would
// reject when a CRD is created or updated: the registry strategy's
// preparation (status, stored versions, generation) followed by
// ValidateCustomResourceDefinition or ValidateCustomResourceDefinitionUpdate,
// as in k8s.io/apiextensions-apiserver v0.37.2 (Kubernetes 1.37); the
// version rules are those of releases 1.33 to 1.37.
// [PreferredVersion] tells which version discovery advertises and kubectl
// uses by default; [DeprecationWarning] tells what clients of a deprecated
// version are warned; [IsDNS1035Label] checks a version name;
// [Requirements] names the fields that API servers before a release drop;
// [WarningsOnCreate] and [WarningsOnUpdate] return the warnings the server
// sends when it accepts a CRD.
//
// # Scope
//
// In scope is the whole object:
//
//   - metadata: name (which must be <plural>.<group>) and generateName,
//     no namespace, labels, annotations and their total size, owner
//     references, finalizers, managed fields; on update, resourceVersion,
//     generation and the fields that may not change;
//   - the api-approved.kubernetes.io annotation of groups under k8s.io and
//     kubernetes.io;
//   - spec.group, spec.scope, spec.names (plural, singular, kind,
//     listKind, short names, categories) and status.acceptedNames;
//   - spec.preserveUnknownFields, with its ties to defaults and to the
//     conversion strategy;
//   - versions: names and their uniqueness, exactly one storage version,
//     deprecation warnings, a schema per version;
//   - additionalPrinterColumns, subresources (scale paths) and
//     selectableFields (resolved in the schema, at most 8);
//   - spec.conversion: strategy, webhook client config, conversion review
//     versions, and the caBundle on update of an Established CRD;
//   - status.storedVersions on create and update;
//   - on update, what may not change (spec.group and spec.names.plural;
//     spec.scope and spec.names.kind once Established), and the rules
//     relaxed where the live object already broke them;
//   - the content of each openAPIV3Schema (structural rules, keywords,
//     defaults), where and as strictly as the server checks it.
//
// x-kubernetes-validations (CEL) rules need Kubernetes' CEL environment,
// which this package does not import: a [Validator] given a [CELChecker]
// asks it at the points where the server compiles rules, estimates their
// cost and runs them on defaults (module github.com/kubeversion/kubeversion/cel
// has one, with Kubernetes' own code). Without one, ValidateCreate and
// ValidateUpdate leave the rules unchecked and [CountCELRules] says how
// many.
//
// ValidateUpdate sees the new object as the strategy does, not as the
// whole request path: the server's request handling first copies the
// generation, an empty uid, the creationTimestamp and a deletionTimestamp
// from the live object. To check a manifest as kubectl apply would send
// it, give it the live object's resourceVersion and those fields first.
//
// # Upgrades
//
// [CheckUpgrade] reports what replacing a live CustomResourceDefinition by
// a new revision does to clients and stored objects, which the API server
// accepts silently: served versions removed (and whether they were
// deprecated first), kubectl's default version changing or deprecated, a
// storage version move (with the migration as kubectl commands), stored
// versions left unserved, fields lost under conversion strategy None,
// conversion strategy changes, newly served versions a webhook must
// convert, and schema changes that break existing objects or clients,
// under names like crdify's ([UpgradeChecks]). Without a live object only
// the checks that need none run. Schemas are compared within each version
// kept, across the storage move, and between served versions neighbouring
// in priority (not with strategy Webhook); with a live object, only pairs
// that involve a new or changed version; the findings of that last
// comparison carry the lower version in [Finding].From, so that a tool can
// weigh them lower than those of a version kept. Documentation keywords are
// ignored, a missing x-kubernetes-list-type reads as atomic and a missing
// map type as granular, and a change to any other keyword that no check
// judges, CEL rules included, is reported as unhandled-change rather than
// judged. Unlike crdify, loosening changes (exclusiveMaximum made
// inclusive, allOf subschemas, not or anyOf removed, anyOf branches added)
// are not reported, and a type removed, which accepts more values, is
// type-removed rather than type-changed, as integer to number, which
// every stored integer passes, is type-widened. Findings of the storage move say
// "storage moves from v1beta1 to v1: ...", those of two served versions
// "from v1beta1 to v1: ...".
//
// # Errors
//
// Errors come in the API server's order: metadata; spec (group, scope,
// missing schemas, preserveUnknownFields with defaults, then by version:
// its name, deprecationWarning, schema, subresources, printer columns and
// selectable fields; duplicate names; the count of storage versions;
// spec.version; required names; spec.names; the top-level schema,
// subresources, printer columns and selectable fields; conversion); on
// update the fields that may not change; status.acceptedNames;
// status.storedVersions; the approval annotation; preserveUnknownFields.
//
// An [Error]'s Field is its path as the server prints it, and its Path
// method returns the steps of that path, names, keys and indices, so that
// a caller need not read them back from the string; [V1Path] moves the
// steps of the internal paths listed below to the v1 document.
//
// An [Error] prints its value as the server does: a string quoted, a
// number or boolean as is, anything else as the JSON of the server's
// internal Go type, with Go field names and every field present. A list of
// versions prints without what all versions share, which the server keeps
// at the top level: a one-version CRD prints in a few hundred bytes
// however large its schema.
//
// The server validates its internal form of the object, converted from
// v1 with defaults applied, and these quirks of it are reproduced:
//
//   - A schema, subresources, printer columns or selectable fields that
//     are the same in every version (nil and empty counting as the same)
//     are checked once, at spec.validation, spec.subresources,
//     spec.additionalPrinterColumns or spec.selectableFields. Selectable
//     fields shared by versions whose schemas differ are rejected with
//     "may only be set when validations.schema is included", and a shared
//     schema that the server cannot convert is reported at
//     spec.schema.openAPIV3Schema, a path that does not exist.
//   - An invalid name of the first version is reported twice, at
//     spec.versions[0].name and at spec.version. An empty first name is
//     reported once.
//   - spec.names.singular defaults to the lowercased kind and listKind to
//     kind+"List" before they are checked, so that an invalid kind can
//     fail three times. A printer column's jsonPath is reported at
//     JSONPath.
//   - With two versions of the same name, the second takes the
//     subresources of the first.
//   - Conversion errors use the internal paths
//     spec.conversion.webhookClientConfig and
//     spec.conversion.conversionReviewVersions, not the v1 paths under
//     spec.conversion.webhook. The webhook service's name and namespace
//     are checked in each other's place: a missing namespace is reported at
//     service.name.
//   - A deprecationWarning longer than 256 bytes (not characters) is
//     rejected with the message "must be <= 256 characters long".
//   - With two versions of the same name, the second one marked storage
//     is reported as missing from status.storedVersions even when it is
//     there.
//   - The generateName check masks a trailing dash by dropping two bytes
//     and adding "a".
//   - Among the errors of metadata, one that repeats the message of an
//     earlier one is dropped.
//   - Label values and the parts of label keys are limited to "63 bytes",
//     a version name and spec.group to "63 characters" and "253
//     characters", as the server's two sets of messages say.
//   - A selectable field's path must use dots; a property whose name holds
//     a dot cannot be selected.
//
// # Decoding
//
// [Decode] reads a document nested at most [MaxDepth] (10000) levels
// deep, the API server's limit, and fails past it with the server's
// message, invalid character '{' exceeded max depth, before reading
// further. The path of an unknown or duplicate field is written only for
// the 100 it reports, and each schema under items, additionalProperties,
// additionalItems or dependencies is decoded once, where the server
// decodes it again for each of these wrappers it is nested in: time and
// memory grow with the size of the document, whatever its depth.
//
// # Schemas
//
// Each openAPIV3Schema is checked as validateCustomResourceDefinitionValidation
// checks it: the keywords, the status-subresource root, the structural
// rules (types everywhere, metadata at the root and in embedded resources,
// the x-kubernetes-* extensions, list and map types), the checks of
// x-kubernetes-validations that need no CEL (fieldPath, reason, message),
// and the defaults. These quirks of the server are reproduced:
//
//   - At a status-subresource root only the first misplaced keyword is
//     reported, in the order of the server's internal type; an empty list
//     or map there, such as enum: [], counts as set.
//   - Structural errors are sorted by message, and reported only when the
//     schema has no other error; defaults are checked only when the schema
//     is structural. $schema is reported only then, as "OpenAPIV3Schema
//     'schema' is not supported".
//   - Value validations under allOf, anyOf, oneOf or not are checked
//     against the structural schema only at the root; a nested
//     additionalProperties: false is accepted there.
//   - x-kubernetes-int-or-string accepts only exactly
//     anyOf: [{type: integer}, {type: string}], or the same as allOf[0].
//   - A fieldPath token longer than 64 KiB ends the server's scan early;
//     the part read so far decides.
//
// # Custom resources
//
// [ValidateObject] and [ValidateObjectUpdate] judge a custom resource, the
// JSON of an object of a CRD, as the API server does when it is created
// or replaces a live object, and return what the server stores
// ([ObjectResult]): the request's strict decoding (duplicate fields, and
// the unknown fields that pruning drops), the metadata read and written
// back, pruning, defaulting, the system fields the handler sets or keeps,
// generateName, the status that the status subresource owns, the
// generation; then the strategy's validation: apiVersion and kind, the
// metadata (name, namespace against the scope, labels, annotations,
// finalizers, owner references, and on update the fields that may not
// change), the schema in kube-openapi's words (with validation ratcheting
// on update: an unchanged invalid value passes), the fields the scale
// subresource reads, embedded resources, list types set and map, and the
// CEL rules through a [CELEvaluator] (see [ObjectValidator]), which the
// server skips, saying so, after an error of a kind that makes them
// unreliable; then the warnings: the version's deprecation, and finalizer
// names that are not domain-qualified.
//
// Not in scope: admission (webhooks, ValidatingAdmissionPolicy), which a
// cluster may add; quotas and names already taken; and the conversion of
// the live object by a webhook, which needs the webhook (a live object of
// another version converts only with strategy None). Deliberate
// differences: the server reports the schema errors of sibling fields in
// random order, here they are sorted; a generated name is the one the
// server's generator draws first from a source seeded with 1, where the
// server's is random; the request's namespace is the object's, else
// "default", as kubectl sends it without a context namespace.
//
// # Defaults, values and pruning
//
// A default must be unchanged by pruning ("must not have unknown
// fields"), its apiVersion, kind and metadata must be valid where it
// makes up a resource, and it must be valid against its schema, in the
// words of kube-openapi's validator, which reads "<path> in body must be
// of type string: "integer"" and names list items default.[0]. As there, a
// format excuses a string from the type check unless the type is integer
// or number, enum entries match after Go's conversions (1.5 matches 1) and
// null matches no enum, integer values meet bounds truncated to integers,
// and anyOf and oneOf report the errors of their best branch.
//
// Checking a default coerces its embedded metadata in place, in the
// object the server validates: unknown and empty fields are dropped as
// ObjectMeta is written back. The server prints its errors only at the
// end, so every error holding that default, the schema around it or
// spec.versions prints it coerced: {"metadata":{"unknownField":1}} as
// {"metadata":{}}, and a root default without "name": "". ValidateCreate
// and ValidateUpdate do the same in a copy and leave the CRD given
// unchanged; a list of versions still prints without what all versions
// shared before the coercion. Coercion can make per-version schemas that
// differed identical; the server then reports "per-version schemas may
// not all be set to identical values (top-level validation should be used
// instead)" at spec.versions, and so does this package.
//
// [Prune] removes what a schema does not specify, as the server's pruning
// does; [Coerce] is the rest of what the server does to an object it
// converts (metadata checked and written back, nulls the schema does not
// allow dropped); [Default] sets a schema's defaults, as the server does
// to every object it reads from a request or from etcd.
//
// Deliberate differences, where the server is not deterministic or fails:
//
//   - The server reports labels, annotations, stored versions missing from
//     spec.versions, and the properties of a schema it cannot convert in
//     the random order of a Go map; here they come sorted, or in index
//     order.
//   - The server also walks in random map order the properties,
//     definitions and dependencies of a schema, and the fields of a
//     default; here they come in sorted name order. The set of errors is
//     the same. Where coercing a default's metadata fails partway (an
//     apiVersion that is not a string beside metadata to coerce, or two
//     embedded resources in one default), how much the server coerced
//     before it stopped depends on that order; here fields go in sorted
//     order.
//   - Where the server panics (a selectable field whose path goes on below
//     additionalProperties without a schema, or is looked up in a schema
//     it cannot convert), the path is reported as not referring to a valid
//     field; a fieldPath rule that goes below a boolean additionalProperties
//     is reported as "must be a valid path".
package crd
