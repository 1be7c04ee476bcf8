package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/conversion"
)

// The review the webhook benchmark serves, and the checks of an answer
// that prove both webhooks convert it alike.

// wbObjects is the number of objects in the benchmark's review.
const wbObjects = 100

// wbUID is the request.uid of every review here.
const wbUID = "705ab4f5-6393-11e8-b7cc-42010a800002"

// wbObject returns the i-th CronTab in version ("v1beta1" or "v1") as the
// API server stores it: full metadata with managedFields, labels on most
// objects, annotations on half, and spec fields sometimes left out. The
// same i gives the same CronTab in both versions, so that converting one
// must give the other.
func wbObject(i int, version string) map[string]any {
	meta := map[string]any{
		"name":              fmt.Sprintf("crontab-%03d", i),
		"namespace":         "default",
		"uid":               fmt.Sprintf("6f1c3a52-9d1e-4b6a-8c2f-%012d", i),
		"resourceVersion":   strconv.Itoa(48000 + i),
		"generation":        1 + i%3,
		"creationTimestamp": "2026-01-02T03:04:05Z",
		"managedFields": []any{map[string]any{
			"manager":    "kubectl-client-side-apply",
			"operation":  "Update",
			"apiVersion": "stable.example.com/v1beta1",
			"time":       "2026-01-02T03:04:05Z",
			"fieldsType": "FieldsV1",
			"fieldsV1":   map[string]any{"f:spec": map[string]any{"f:cronSpec": map[string]any{}, "f:image": map[string]any{}}},
		}},
	}
	if i%5 != 0 {
		meta["labels"] = map[string]any{"app": "cron", "tier": "t" + strconv.Itoa(i%3)}
	}
	if i%2 == 0 {
		meta["annotations"] = map[string]any{"example.com/owner": "team-" + strconv.Itoa(i%4)}
	}
	schedule := fmt.Sprintf("*/%d * * * *", 1+i%59)
	image := ""
	if i%4 != 3 {
		image = fmt.Sprintf("registry.example.com/cron:%d.%d", i/10, i%10)
	}
	spec := map[string]any{}
	if version == "v1beta1" {
		spec["cronSpec"] = schedule
		if image != "" {
			spec["image"] = image
		}
	} else {
		spec["schedule"] = schedule
		if image != "" {
			spec["jobTemplate"] = map[string]any{"image": image}
		}
	}
	if i%3 != 2 {
		spec["replicas"] = i % 7
	}
	return map[string]any{"apiVersion": "stable.example.com/" + version, "kind": "CronTab", "metadata": meta, "spec": spec}
}

// wbCase is a review and what a correct webhook answers to it.
type wbCase struct {
	name     string
	review   string // its apiVersion
	from, to string // the versions of the objects and the desired one
	bad      int    // the index of an object with replicas -1, or -1
}

// body returns the review the API server sends for c, of wbObjects objects.
func (c wbCase) body() []byte {
	objs := make([]json.RawMessage, wbObjects)
	for i := range objs {
		o := wbObject(i, c.from)
		if i == c.bad {
			o["spec"].(map[string]any)["replicas"] = -1
		}
		objs[i] = wbMarshal(o)
	}
	return wbMarshal(conversion.Review{
		APIVersion: c.review,
		Kind:       conversion.ReviewKind,
		Request:    &conversion.Request{UID: wbUID, DesiredAPIVersion: "stable.example.com/" + c.to, Objects: objs},
	})
}

func wbMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // cannot happen: the values here are JSON
	}
	return b
}

// wbAnswer is a webhook's answer decoded: the fields of the review, and
// the converted objects as JSON values.
type wbAnswer struct {
	apiVersion, kind, uid, status, message string
	objects                                []any
}

// wbServe posts body to h as the API server does and decodes the answer.
func wbServe(h http.Handler, body []byte) (wbAnswer, error) {
	w := wbPost(h, body)
	if w.Code != http.StatusOK {
		return wbAnswer{}, fmt.Errorf("HTTP status %d: %s", w.Code, w.Body)
	}
	var r conversion.Review
	if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
		return wbAnswer{}, fmt.Errorf("decoding the answer: %v", err)
	}
	if r.Response == nil {
		return wbAnswer{}, fmt.Errorf("the answer has no response: %s", w.Body)
	}
	a := wbAnswer{apiVersion: r.APIVersion, kind: r.Kind, uid: r.Response.UID, status: r.Response.Result.Status, message: r.Response.Result.Message}
	for i, raw := range r.Response.ConvertedObjects {
		var o any
		if err := json.Unmarshal(raw, &o); err != nil {
			return wbAnswer{}, fmt.Errorf("decoding convertedObjects[%d]: %v", i, err)
		}
		a.objects = append(a.objects, o)
	}
	return a, nil
}

// wbPost is what the benchmark times: one request through h.
func wbPost(h http.Handler, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// wbCheck serves c's review through h and returns what is wrong with the
// answer: anything but the review's version and kind, the request's uid,
// and either result Success with each object converted (the same CronTab
// in the desired version) and accepted by conversion.CheckResponse as the
// API server would, or, when c has a bad object, result Failure with the
// conversion's message and no objects.
func wbCheck(h http.Handler, c wbCase) (wbAnswer, []string) {
	body := c.body()
	a, err := wbServe(h, body)
	if err != nil {
		return a, []string{err.Error()}
	}
	var errs []string
	for _, f := range []struct{ name, got, want string }{
		{"apiVersion", a.apiVersion, c.review},
		{"kind", a.kind, conversion.ReviewKind},
		{"response.uid", a.uid, wbUID},
	} {
		if f.got != f.want {
			errs = append(errs, fmt.Sprintf("%s = %q, want %q", f.name, f.got, f.want))
		}
	}
	if c.bad >= 0 {
		if a.status != conversion.StatusFailure || len(a.objects) != 0 || !strings.Contains(a.message, "spec.replicas -1 is negative") {
			errs = append(errs, fmt.Sprintf("result %s %q with %d objects, want Failure with the message of the conversion and no objects", a.status, a.message, len(a.objects)))
		}
		return a, errs
	}
	if a.status != conversion.StatusSuccess {
		errs = append(errs, fmt.Sprintf("result %s %q, want Success", a.status, a.message))
	}
	if len(a.objects) != wbObjects {
		return a, append(errs, fmt.Sprintf("%d objects, want %d", len(a.objects), wbObjects))
	}
	wrong := 0
	for i, got := range a.objects {
		var want any
		if err := json.Unmarshal(wbMarshal(wbObject(i, c.to)), &want); err != nil {
			panic(err)
		}
		if !reflect.DeepEqual(got, want) {
			if wrong++; wrong <= 2 {
				errs = append(errs, fmt.Sprintf("convertedObjects[%d] =\n%s\nwant\n%s", i, wbMarshal(got), wbMarshal(want)))
			}
		}
	}
	if wrong > 2 {
		errs = append(errs, fmt.Sprintf("and %d more objects differ", wrong-2))
	}
	review, err := conversion.DecodeRequest(body)
	if err != nil {
		return a, append(errs, err.Error())
	}
	if _, err := conversion.CheckResponse(review, wbPost(h, body).Body.Bytes(), conversion.CheckOptions{List: true}); err != nil {
		errs = append(errs, "the API server would refuse the answer: "+err.Error())
	}
	return a, errs
}

// wbCases are the reviews both webhooks must answer alike; the first is
// the benchmark's.
var wbCases = []wbCase{
	{"v1beta1-to-v1", conversion.ReviewV1, "v1beta1", "v1", -1},
	{"v1-to-v1beta1", conversion.ReviewV1, "v1", "v1beta1", -1},
	{"review-v1beta1", conversion.ReviewV1beta1, "v1beta1", "v1", -1},
	{"failure", conversion.ReviewV1, "v1beta1", "v1", 37},
}

// TestWebhookBenchEquivalent proves that the two webhooks of the
