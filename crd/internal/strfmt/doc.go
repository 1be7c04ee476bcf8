// Package strfmt checks strings against the formats of kube-openapi's
// default registry (k8s.io/kube-openapi/pkg/validation/strfmt): the
// formats the API server checks when it validates a value, such as a
// default, against a schema. For example, Valid("date-time",
// "2020-01-01T10:00:00Z") is true.
//
// In scope: which formats are known and whether a string is valid in one,
// with kube-openapi's leniencies (names match without dashes, IPv4 octets
// may have leading zeros); and which formats the API server recognizes in
// a CRD schema, by type and by release ([Recognized]), as it warns of the
// others and drops them from the schemas it validates custom resources
// with. Not in scope: the messages of a failed check,
// which package openapi writes.
package strfmt
