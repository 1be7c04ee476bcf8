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
// server decodes them; a typed webhook can read the raw JSON of
// [Request].Objects instead and use [Answer]'s types directly.
//
// A [Converter] composes a Func from steps between pairs of versions,
// v1alpha1 to v1beta1, v1beta1 to v1 and back, and converts between any
// two versions along them. [Converter.Missing] tells which pairs of served
// versions of a CRD it cannot convert.
//
// # Checking a webhook
//
// [CheckResponse] judges a webhook's answer as the API server does, with
// its messages, then does what the server does with a valid answer: it
// restores metadata from the original objects and prunes what the target
// version's schema does not specify ([crd.Prune]). Webhook authors call
// it in unit tests.
//
// # Scope
//
// In scope: the ConversionReview types, serving a conversion function,
// composing conversions, and the server's checks of an answer. Out of
// scope: TLS and serving certificates (use [net/http.Server] with a
// certificate), calling a webhook over the network (the kubeversion
// command does that), the CRD's spec.conversion itself (package crd),
// the coercion of ObjectMeta the server applies to every object it reads,
// and defaulting.
//
// # Differences from the API server
//
// Where the API server has quirks, [CheckResponse] reproduces them and
// says so in its doc. Its deliberate differences:
//
//   - The server validates changed labels and annotations in the random
//     order of Go maps; here keys are checked in sorted order, so that
//     with several errors the message is stable.
//   - Errors of the transport and of decoding the answer as a whole (the
//     body is not JSON) have this package's wording, not client-go's.
package conversion
