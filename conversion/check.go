package conversion

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion/crd"
)

// CheckOptions tells [CheckResponse] what the API server knew when it
// called the webhook. The zero value judges a single object and prunes
// nothing; for a list with the target schema:
//
//	CheckOptions{List: true, Schema: v1.Schema.OpenAPIV3Schema}
type CheckOptions struct {
	// Input is the group, version and kind of what the server converted,
	// as its messages print it: "stable.example.com/v1beta1, Kind=CronTab",
	// or for a list "stable.example.com/v1beta1, Kind=CronTabList". Empty
	// means that of the first object of the request, with "List" appended
	// to the kind when List is set.
	Input string
	// List is true when the server converted a list; its messages then
	// differ, and name objects by their index in the request.
	List bool
	// Schema is the openAPIV3Schema of the desired version. Converted
	// objects are pruned and coerced by it as the server does after a
	// conversion, by [crd.Coerce]: unknown fields and non-nullable nulls
	// removed, metadata rewritten as an ObjectMeta. Nil means none of
	// this, as with spec.preserveUnknownFields (where the server would
	// still coerce metadata).
	Schema *crd.JSONSchemaProps
}

// Converted is an object of a webhook's answer as the API server keeps it
// after [CheckResponse]: its metadata restored from the original, then
// pruned and coerced. Pruned lists the paths pruning removed, sorted, as
// [crd.Prune] returns them: fields the webhook wrote that the desired
// version's schema does not specify, lost without an error.
type Converted struct {
	Object map[string]any
	Pruned []string
}

// CheckResponse judges body, a webhook's answer to request, as the API
// server judges it, and returns the converted objects as the server would
// keep them, or the error the server would report, word for word. For
// example, an answer with one object too few to a v1 request gives
//
//	conversion webhook for stable.example.com/v1beta1, Kind=CronTab returned 0 objects, expected 1
//
// The body is decoded as client-go decodes it into a ConversionReview of
// the request's version: a body that does not start with '{' is read as
// YAML; apiVersion and kind are found ignoring case and default to the
// review's; another type fails ("no kind ... is registered", "converting
// ... unknown conversion"); the review's own fields match case-sensitively;
// a field of the wrong type gives encoding/json's message with the
// server's Go type names. Then, in the server's order: for a v1 request, the
// answer must be a v1 ConversionReview; it must have a response; for v1,
// response.uid must be request.uid; result.status must be Success; the
// answer must hold as many objects as the request; then each object must
// decode and have a kind, the desired apiVersion, and the kind,
// metadata.name, namespace and uid of its original; its metadata must be
// a map, and its labels and annotations maps of strings that pass
// Kubernetes' validation when they changed. Other changes to metadata are
// dropped silently: the object keeps its original's metadata with the
// answer's labels and annotations. Last, each object is pruned and
// coerced by opts.Schema; an error there (metadata that does not read as
// an ObjectMeta) comes bare, as from the server.
//
// Quirks of the server reproduced here: a v1beta1 answer is checked
// neither for its type nor for its uid; a single object that does not
// decode or lacks a kind gives the decoding error alone, without
// "conversion webhook for"; an apiVersion with two slashes reads as a
// missing kind; annotation errors name the field metadata.annotation; an
// empty body is reported as "0-length response with status code: 200 and
// content type: application/json", the server's words for an empty answer
// to a successful HTTP exchange (body is taken to be one).
//
// The server never sends an object that holds only apiVersion and kind,
// nor one already in the desired version; CheckResponse judges whatever
// request it is given. An error about request itself (no request, an
// object that is not JSON, a desiredAPIVersion with two slashes) starts
// with "conversion:".
func CheckResponse(request *Review, body []byte, opts CheckOptions) ([]Converted, error) {
	if request == nil || request.Request == nil {
		return nil, errors.New("conversion: CheckResponse needs a request")
	}
	req := request.Request
	toGV, ok := parseGroupVersion(req.DesiredAPIVersion)
	if !ok {
		return nil, fmt.Errorf("conversion: request.desiredAPIVersion %q is not group/version", req.DesiredAPIVersion)
	}
	originals := make([]map[string]any, len(req.Objects))
	for i, raw := range req.Objects {
		o, err := decodeObject(raw)
		if err != nil {
			return nil, fmt.Errorf("conversion: request.objects[%d]: %v", i, err)
		}
		originals[i] = o
	}
	input := opts.Input
	if input == "" && len(originals) > 0 {
		gv, kind := objectGVK(originals[0])
		if opts.List {
			kind += "List"
		}
		input = gvkString(gv, kind)
	}

	review := "v1beta1"
	if request.APIVersion == ReviewV1 {
		review = "v1"
	}
	answer, err := decodeAnswer(body, review)
	if err != nil {
		return nil, fmt.Errorf("conversion webhook for %v failed: %v", input, err)
	}
	objects, reason := judgeAnswer(review == "v1", req.UID, answer)
	if reason != "" {
		return nil, fmt.Errorf("conversion webhook for %v failed: %s", input, reason)
	}
	if len(objects) != len(originals) {
		return nil, fmt.Errorf("conversion webhook for %v returned %d objects, expected %d", input, len(objects), len(originals))
	}
	out := make([]Converted, len(objects))
	for i, raw := range objects {
		obj, err := checkObject(input, opts.List, i, originals[i], raw, toGV)
		if err != nil {
			return nil, err
		}
		out[i].Object = obj
		if opts.Schema != nil {
			pruned, err := crd.Coerce(obj, opts.Schema)
			if err != nil {
				return nil, err // the server's schemaCoercingConverter returns it bare
			}
			out[i].Pruned = pruned
		}
	}
	return out, nil
}

// judgeAnswer is the server's getConvertedObjectsFromResponse: it returns
// the converted objects, or the reason the answer is refused.
func judgeAnswer(v1 bool, uid string, a *answer) ([]json.RawMessage, string) {
	if v1 && (a.APIVersion != ReviewV1 || a.Kind != ReviewKind) {
		gv, _ := parseGroupVersion(a.APIVersion)
		return nil, fmt.Sprintf("expected webhook response of %s, got %s", gvkString(groupVersion{"apiextensions.k8s.io", "v1"}, ReviewKind), gvkString(gv, a.Kind))
	}
	if a.Response == nil {
		return nil, "no response provided"
	}
	if v1 && a.Response.UID != uid {
		return nil, fmt.Sprintf("expected response.uid=%q, got %q", uid, a.Response.UID)
	}
	if res := a.Response.Result; res.Status != StatusSuccess {
		if res.Message != "" {
			return nil, res.Message
		}
		return nil, fmt.Sprintf("response.result.status was '%s', not 'Success'", res.Status)
	}
	return a.Response.ConvertedObjects, ""
}
