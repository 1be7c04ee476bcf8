package conversion

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

// ErrNoReviewVersion is the error the API server reports when none of a
// CRD's conversionReviewVersions is v1 or v1beta1.
var ErrNoReviewVersion = errors.New("no supported conversion review versions")

// NewRequest returns the ConversionReview the API server sends to def's
// conversion webhook to convert objects to version (a version name such
// as "v1"), with uid as request.uid, and the indices of the objects it
// sends. It returns a nil Review and a nil error when the server makes no
// call: spec.conversion.strategy is not Webhook, no object needs
// converting, or a single object holds nothing but apiVersion and kind.
// For example, converting a v1beta1 and a v1 object to v1 as a list sends
// only the first, and the indices are [0].
//
// As the server, it sends the objects whose apiVersion is not
// group/version, in a list or alone (list false: objects holds one
// object), in the first review version of conversionReviewVersions it
// knows. Its errors are the server's, in its order:
//
//	stable.example.com/v1beta1, Kind=CronTab is unstructured and is not suitable for converting to "example.com/v1"
//	request to convert CR to an invalid group/version: stable.example.com/v2
//	request to convert CR from an invalid group/version: stable.example.com/v0
//	request to convert CR list failed, list index 1 has invalid group/version: v1
//	no supported conversion review versions
//
// The server's request also carries an empty response stub, which
// NewRequest leaves out. A version is valid when spec.versions names it,
// served or not. A list
// is taken to have its first object's group/version and kind, with
// "List" appended to the kind.
func NewRequest(def *crd.CustomResourceDefinition, objects []map[string]any, list bool, version, uid string) (*Review, []int, error) {
	if !list && len(objects) != 1 {
		return nil, nil, fmt.Errorf("conversion: NewRequest of a single object got %d objects", len(objects))
	}
	valid := func(gv groupVersion) bool {
		if gv.group != def.Spec.Group {
			return false
		}
		for _, v := range def.Spec.Versions {
			if v.Name == gv.version {
				return true
			}
		}
		return false
	}
	to := groupVersion{def.Spec.Group, version}
	if len(objects) > 0 {
		// The server finds the target kind by the source's group.
		if from, kind := objectGVK(objects[0]); from.group != to.group {
			if list {
				kind += "List"
			}
			return nil, nil, fmt.Errorf("%s is unstructured and is not suitable for converting to %q", gvkString(from, kind), to)
		}
	}
	if !valid(to) {
		return nil, nil, fmt.Errorf("request to convert CR to an invalid group/version: %s", to)
	}
	if len(objects) > 0 {
		if from, _ := objectGVK(objects[0]); !valid(from) {
			return nil, nil, fmt.Errorf("request to convert CR from an invalid group/version: %s", from)
		}
	}
	if list {
		for i, o := range objects {
			if gv, _ := objectGVK(o); !valid(gv) {
				return nil, nil, fmt.Errorf("request to convert CR list failed, list index %d has invalid group/version: %s", i, gv)
			}
		}
	}
	conv := def.Spec.Conversion
	if conv == nil || conv.Strategy != crd.WebhookConverter || !list && onlyTypeMeta(objects[0]) {
		return nil, nil, nil
	}
	desired := to.String()
	var sent []int
	var raws []json.RawMessage
	for i, o := range objects {
		have := stringField(o, "apiVersion")
		if !list {
			gv, _ := objectGVK(o)
			have = gv.String()
		}
		if have == desired {
			continue
		}
		b, err := json.Marshal(o)
		if err != nil {
			return nil, nil, fmt.Errorf("conversion: objects[%d]: %v", i, err)
		}
		sent = append(sent, i)
		raws = append(raws, b)
	}
	review := ""
	if conv.Webhook != nil {
		review = firstKnownReview(conv.Webhook.ConversionReviewVersions)
	}
	if review == "" {
		return nil, nil, ErrNoReviewVersion
	}
	if len(sent) == 0 {
		return nil, nil, nil
	}
	return &Review{APIVersion: review, Kind: ReviewKind, Request: &Request{UID: uid, DesiredAPIVersion: desired, Objects: raws}}, sent, nil
}

// firstKnownReview returns the apiVersion of the first review version the
// server knows, or "".
func firstKnownReview(versions []string) string {
	for _, v := range versions {
		switch v {
		case "v1":
			return ReviewV1
		case "v1beta1":
			return ReviewV1beta1
		}
	}
	return ""
}

// onlyTypeMeta reports whether obj holds apiVersion and kind and nothing
// else, an object the server converts without calling the webhook.
func onlyTypeMeta(obj map[string]any) bool {
	_, a := obj["apiVersion"]
	_, k := obj["kind"]
	return len(obj) == 2 && a && k
}
