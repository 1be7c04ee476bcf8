// Package conversion writes and checks conversion webhooks for
// CustomResourceDefinitions, by the rules of the Kubernetes API server
// (k8s.io/apiextensions-apiserver, releases 1.33 to 1.37), without
// importing Kubernetes.
//
// # Writing a webhook
//
// A [Handler] serves a [Func] as a webhook: it decodes a ConversionReview
// of apiextensions.k8s.io/v1 or v1beta1 ([Review]), converts each object,
// restores what a webhook may not change ([Restore]), and answers in the
// same review version. Objects reach the Func as maps, decoded as the
// server decodes them. It reads at most 3 MiB of body, the API server's
// own request limit, unless told otherwise ([DefaultMaxBodyBytes]); give
// its http.Server timeouts, as examples/crontab-webhook does. A webhook that wants the raw JSON can decode the
// body with [DecodeRequest] and build its [Response] itself.
//
// A [Converter] composes a Func from steps between pairs of versions,
// v1alpha1 to v1beta1, v1beta1 to v1 and back, and converts between any
// two versions along them; [TypedStep] writes a step with Go types.
// [Converter.Missing] tells which pairs of served versions of a CRD it
// cannot convert.
//
// # Checking a webhook
//
// [NewRequest] builds the ConversionReview the API server would send for
// given objects. [CheckResponse] judges a webhook's answer as the server
// does, with its messages, then does what the server does with a valid
// answer: it restores metadata from the original objects, prunes what the
// target version's schema does not specify and coerces metadata
// ([crd.Coerce]). Webhook authors call it in unit tests.
//
// # Scope
//
// In scope: the ConversionReview types, serving a conversion function,
// composing conversions, the requests the server sends, and the server's
// checks of an answer. Out of
// scope: TLS and serving certificates (use [net/http.Server] with a
// certificate), calling a webhook over the network (the kubeversion
// command does that), the CRD's spec.conversion itself (package crd),
// and defaulting.
//
// # Differences from the API server
//
// Where the API server has quirks, [CheckResponse] reproduces them and
// says so in its doc. Its deliberate differences:
//
//   - The server validates labels and annotations, and checks that their
//     values are strings, in the random order of Go maps; here keys go in
//     sorted order, so that with several errors the message is stable.
//   - With several fields of the wrong type in one answer, encoding/json
//     reports the first in the document; here the first in the order
//     apiVersion, kind, response, uid, convertedObjects, result, status,
//     message, reason, code.
//   - The server reads a body that does not start with '{' as YAML. Here
//     such a body is read as JSON if it is JSON, and otherwise taken for a
//     YAML plain scalar (a string), as texts like "404 page not found" are;
//     YAML mappings and lists written as YAML are not recognized.
//   - The server prunes and coerces a single converted object
//     ([crd.Coerce]) in its codec; here every converted object is, in a
//     list too.
package conversion
