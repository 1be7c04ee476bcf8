package conversion

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzHandler posts arbitrary bodies to a Handler whose function returns
// its argument, and checks the laws of the answer: a body is accepted
// exactly when DecodeRequest accepts it; a refusal is an error message of
// this package; an answer is a ConversionReview of the request's version
// that echoes its uid and, on success, holds one object per object sent,
// in the desired apiVersion, with the original's kind, metadata name,
// namespace and uid, and every other top-level field unchanged.
//
// Run it with go test -run '^$' -fuzz FuzzHandler ./conversion; a failing
// input is saved under testdata/fuzz/FuzzHandler and replayed by go test.
func FuzzHandler(f *testing.F) {
	obj := `{"apiVersion":"g/v1beta1","kind":"K","metadata":{"name":"a","namespace":"n","uid":"u","labels":{"x":"y"}},"spec":{"n":1.5}}`
	for _, s := range []string{
		reviewBody(ReviewV1, "u1", "g/v1", obj, obj),
		reviewBody(ReviewV1beta1, "u2", "g/v1"),
		reviewBody(ReviewV1, "u3", "v1", `{}`, `{"metadata":null}`, `{"metadata":{"labels":null}}`, `{"n":1e400}`),
		reviewBody(ReviewV1, "u4", "g/v1", `[]`),
		`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}`,
		`{"APIVERSION":"apiextensions.k8s.io/v1","Kind":"ConversionReview","request":{"uid":"x","desiredAPIVersion":"a/b","objects":[{"a":[{"b":null}]}]}}`,
		`{`, `null`, ``, `[1]`,
	} {
		f.Add(s)
	}
	h := &Handler{Convert: func(obj map[string]any, _ string) (map[string]any, error) { return obj, nil }, MaxBodyBytes: 1 << 16}
	f.Fuzz(func(t *testing.T, body string) {
		req, decodeErr := DecodeRequest([]byte(body))
		w := serve(h, "POST", "application/json", body)
		if len(body) > 1<<16 {
			if w.Code != 413 {
				t.Fatalf("body of %d bytes: status %d, want 413", len(body), w.Code)
			}
			return
		}
		if decodeErr != nil {
			if w.Code != 400 || !strings.HasPrefix(w.Body.String(), "conversion: not a ConversionReview: ") {
				t.Fatalf("DecodeRequest refused (%v), handler answered %d %q", decodeErr, w.Code, w.Body)
			}
			return
		}
		var got Review
		if err := json.Unmarshal(w.Body.Bytes(), &got); w.Code != 200 || err != nil {
			t.Fatalf("accepted body answered %d %q (%v)", w.Code, w.Body, err)
		}
		if got.APIVersion != req.APIVersion || got.Kind != ReviewKind || got.Request != nil || got.Response == nil || got.Response.UID != req.Request.UID {
			t.Fatalf("answer %s does not match the request %+v", w.Body, req)
		}
		res := got.Response
		if res.Result.Status == StatusFailure {
			if !strings.HasPrefix(res.Result.Message, "request.objects[") || res.ConvertedObjects != nil {
				t.Fatalf("bad failure %+v", res)
			}
			return
		}
		if res.Result.Status != StatusSuccess || len(res.ConvertedObjects) != len(req.Request.Objects) {
			t.Fatalf("answer %s for %d objects", w.Body, len(req.Request.Objects))
		}
		for i, raw := range req.Request.Objects {
			in, err := decodeObject(raw)
			if err != nil {
				t.Fatalf("object %d was converted but does not decode: %v", i, err)
			}
			out, err := decodeObject(res.ConvertedObjects[i])
			if err != nil {
				t.Fatalf("converted object %d does not decode: %v", i, err)
			}
			checkConverted(t, in, out, req.Request.DesiredAPIVersion)
		}
	})
}

// checkConverted checks the laws of an object returned unchanged by the
// conversion function and passed through Restore.
func checkConverted(t *testing.T, in, out map[string]any, to string) {
	t.Helper()
	if out["apiVersion"] != to {
		t.Fatalf("apiVersion = %v, want %s", out["apiVersion"], to)
	}
	if kind, ok := in["kind"]; ok && !sameJSON(out["kind"], kind) {
		t.Fatalf("kind = %v, want %v", out["kind"], kind)
	}
	for _, f := range []string{"name", "namespace", "uid"} {
		if got, want := metadataString(out, f), metadataString(in, f); got != want {
			t.Fatalf("metadata.%s = %q, want %q", f, got, want)
		}
	}
	for k, v := range in {
		if k != "apiVersion" && k != "metadata" && !sameJSON(out[k], v) {
			t.Fatalf("field %s = %v, want %v", k, out[k], v)
		}
	}
	if _, ok := out["metadata"].(map[string]any); !ok {
		t.Fatalf("metadata = %v, want a map", out["metadata"])
	}
}

// sameJSON reports whether a and b are written as the same JSON: a number
// read as a float, such as 0.0, comes back from the answer written as 0,
// and is read as an integer, as encoding/json and the API server write it.
func sameJSON(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
