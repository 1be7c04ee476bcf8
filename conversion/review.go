package conversion

import "encoding/json"

// The apiVersion values of a ConversionReview, and its kind. The API server
// sends the first of a CRD's spec.conversion.webhook.conversionReviewVersions
// that it knows, and a webhook answers in the same version.
const (
	ReviewV1      = "apiextensions.k8s.io/v1"
	ReviewV1beta1 = "apiextensions.k8s.io/v1beta1"
	ReviewKind    = "ConversionReview"
)

// Review is a ConversionReview of apiextensions.k8s.io/v1 or v1beta1: the
// two versions have the same fields, and APIVersion tells them apart. The
// API server sends a Review with Request set and expects one with Response
// set. For example, a request reads
//
//	{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
//	 "request": {"uid": "705ab4f5", "desiredAPIVersion": "stable.example.com/v1", "objects": [...]}}
type Review struct {
	APIVersion string    `json:"apiVersion"`
	Kind       string    `json:"kind"`
	Request    *Request  `json:"request,omitempty"`
	Response   *Response `json:"response,omitempty"`
}

// Request is the request of a [Review]: the objects to convert, each a
// custom resource as raw JSON, and the apiVersion ("group/version") to
// convert them to. UID identifies the call; the answer must echo it.
// For example:
//
//	Request{UID: "705ab4f5", DesiredAPIVersion: "stable.example.com/v1", Objects: []json.RawMessage{...}}
type Request struct {
	UID               string            `json:"uid"`
	DesiredAPIVersion string            `json:"desiredAPIVersion"`
	Objects           []json.RawMessage `json:"objects"`
}

// Response is the response of a [Review]: the UID of the request, the
// converted objects in the order of the request, and the result, whose
// Status is [StatusSuccess] or [StatusFailure]. For example:
//
//	Response{UID: "705ab4f5", ConvertedObjects: []json.RawMessage{...}, Result: Status{Status: "Success"}}
type Response struct {
	UID              string            `json:"uid"`
	ConvertedObjects []json.RawMessage `json:"convertedObjects"`
	Result           Status            `json:"result"`
}

// Status is the result of a [Response], the fields of a Kubernetes
// metav1.Status that a conversion webhook sets. For example, a failure
// reads Status{Status: "Failure", Message: "spec.cronSpec: not a string"}.
// The API server shows Message to the client as the reason of the failure.
type Status struct {
	Status  string `json:"status,omitempty"`
	Message string `json:"message,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Code    int32  `json:"code,omitempty"`
}

// The values of [Status].Status.
const (
	StatusSuccess = "Success"
	StatusFailure = "Failure"
)
