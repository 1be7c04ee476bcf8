package conversion

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kubeversion/kubeversion/crd"
)

const (
	cronBeta = `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"5","labels":{"x":"1"}},"spec":{"cronSpec":"*"}}`
	cronV1   = `{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"5","labels":{"x":"1"}},"spec":{"schedule":"*"}}`
	// A CronTab with no name, namespace or uid, to reach the metadata rules
	// behind the identity rules.
	cronAnon    = `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"labels":{"x":"1"}}}`
	webhook     = "conversion webhook for stable.example.com/v1beta1, Kind=CronTab"
	webhookList = webhook + "List"
)

// answerBody builds a webhook's answer.
func answerBody(apiVersion, uid, status string, objects ...string) string {
	return fmt.Sprintf(`{"apiVersion":%q,"kind":"ConversionReview","response":{"uid":%q,"result":{"status":%q},"convertedObjects":[%s]}}`,
		apiVersion, uid, status, strings.Join(objects, ","))
}

// v1Object is cronV1 with its metadata replaced.
func v1Object(metadata string) string {
	return `{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":` + metadata + `,"spec":{"schedule":"*"}}`
}

// checkCase is a request, a webhook's answer and the API server's verdict.
type checkCase struct {
	name      string
	review    string   // of the request; ReviewV1 if empty
	originals []string // cronBeta if nil
	opts      CheckOptions
	body      string
	want      []string // the converted objects, as JSON
	err       string
}

// checkCases returns the cases of TestCheckResponse. The request's uid is
// "req-1".
func checkCases() []checkCase {
	ok := answerBody(ReviewV1, "req-1", "Success", cronV1)
	return []checkCase{
		{name: "valid", body: ok, want: []string{cronV1}},
		{name: "v1beta1 answer to v1", body: answerBody(ReviewV1beta1, "req-1", "Success", cronV1),
			err: webhook + " failed: converting (v1beta1.ConversionReview) to (v1.ConversionReview): unknown conversion"},
		{name: "wrong kind of answer", body: strings.Replace(ok, `"kind":"ConversionReview"`, `"kind":"Review"`, 1),
			err: webhook + ` failed: no kind "Review" is registered for version "apiextensions.k8s.io/v1" in scheme "pkg/runtime/scheme.go:111"`},
		{name: "v1beta1 does not check the type", review: ReviewV1beta1, body: `{"response":{"uid":"x","result":{"status":"Success"},"convertedObjects":[` + cronV1 + `]}}`, want: []string{cronV1}},
		{name: "no response", body: `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}`, err: webhook + " failed: no response provided"},
		{name: "null response", body: `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","response":null}`, err: webhook + " failed: no response provided"},
		{name: "field names are case-sensitive", body: strings.Replace(ok, `"response"`, `"Response"`, 1), err: webhook + " failed: no response provided"},
		{name: "uid", body: answerBody(ReviewV1, "other", "Success", cronV1), err: webhook + ` failed: expected response.uid="req-1", got "other"`},
		{name: "v1beta1 does not check the uid", review: ReviewV1beta1, body: answerBody(ReviewV1beta1, "other", "Success", cronV1), want: []string{cronV1}},
		{name: "failure with a message", body: `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","response":{"uid":"req-1","result":{"status":"Failure","message":"cannot convert"}}}`,
			err: webhook + " failed: cannot convert"},
		{name: "failure without a message", body: answerBody(ReviewV1, "req-1", "Failure", cronV1), err: webhook + " failed: response.result.status was 'Failure', not 'Success'"},
		{name: "no status", body: answerBody(ReviewV1, "req-1", "", cronV1), err: webhook + " failed: response.result.status was '', not 'Success'"},
		{name: "success is case-sensitive", body: answerBody(ReviewV1, "req-1", "success", cronV1), err: webhook + " failed: response.result.status was 'success', not 'Success'"},
		{name: "too few", body: answerBody(ReviewV1, "req-1", "Success"), err: webhook + " returned 0 objects, expected 1"},
		{name: "too many", body: answerBody(ReviewV1, "req-1", "Success", cronV1, cronV1), err: webhook + " returned 2 objects, expected 1"},
		{name: "not JSON", body: `{"apiVersion"`, err: webhook + " failed: couldn't get version/kind; json parse error: unexpected end of JSON input"},
		{name: "uid not a string", body: `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","response":{"uid":1}}`,
			err: webhook + " failed: json: cannot unmarshal number into Go struct field ConversionResponse.response.uid of type types.UID"},

		// A single object: decoding errors come bare.
		{name: "object is an array", body: answerBody(ReviewV1, "req-1", "Success", `[]`), err: "json: cannot unmarshal array into Go value of type map[string]interface {}"},
		{name: "object is null", body: answerBody(ReviewV1, "req-1", "Success", `null`), err: "unexpected end of JSON input"},
		{name: "no kind", body: answerBody(ReviewV1, "req-1", "Success", `{"apiVersion":"stable.example.com/v1"}`),
			err: `Object 'Kind' is missing in '{"apiVersion":"stable.example.com/v1"}'`},
		{name: "kind not a string", body: answerBody(ReviewV1, "req-1", "Success", `{"kind":1}`), err: `Object 'Kind' is missing in '{"kind":1}'`},
		{name: "two slashes read as no kind", body: answerBody(ReviewV1, "req-1", "Success", `{"apiVersion":"a/b/c","kind":"CronTab"}`),
			err: `Object 'Kind' is missing in '{"apiVersion":"a/b/c","kind":"CronTab"}'`},
		{name: "group version", body: answerBody(ReviewV1, "req-1", "Success", cronBeta),
			err: webhook + " returned invalid object at index 0: invalid groupVersion (expected stable.example.com/v1, received stable.example.com/v1beta1)"},
		{name: "core group version", body: answerBody(ReviewV1, "req-1", "Success", `{"apiVersion":"v1","kind":"CronTab"}`),
			err: webhook + " returned invalid object at index 0: invalid groupVersion (expected stable.example.com/v1, received v1)"},
		{name: "kind", body: answerBody(ReviewV1, "req-1", "Success", strings.Replace(cronV1, `"CronTab"`, `"CronJob"`, 1)),
			err: webhook + " returned invalid object at index 0: invalid kind (expected CronTab, received CronJob)"},
		{name: "name", body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"name":"b","namespace":"ns","uid":"u1"}`)),
			err: webhook + " returned invalid object: must have the same name: a != b"},
		{name: "namespace", body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"name":"a","uid":"u1"}`)),
			err: webhook + " returned invalid object: must have the same namespace: ns != "},
		{name: "uid of the object", body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"name":"a","namespace":"ns","uid":"u2"}`)),
			err: webhook + " returned invalid object: must have the same UID: u1 != u2"},
		{name: "metadata missing fails on the name", body: answerBody(ReviewV1, "req-1", "Success", `{"apiVersion":"stable.example.com/v1","kind":"CronTab"}`),
			err: webhook + " returned invalid object: must have the same name: a != "},

		// Metadata, with an original that has no identity to lose.
		{name: "metadata missing", originals: []string{cronAnon}, body: answerBody(ReviewV1, "req-1", "Success", `{"apiVersion":"stable.example.com/v1","kind":"CronTab"}`),
			err: webhook + " returned invalid metadata: missing metadata in converted object"},
		{name: "metadata not a map", originals: []string{cronAnon}, body: answerBody(ReviewV1, "req-1", "Success", v1Object(`[]`)),
			err: webhook + " returned invalid metadata: invalid metadata of type []interface {} in converted object"},
		{name: "metadata null", originals: []string{cronAnon}, body: answerBody(ReviewV1, "req-1", "Success", v1Object(`null`)),
			err: webhook + " returned invalid metadata: invalid metadata of type <nil> in converted object"},
		{name: "original metadata null", originals: []string{`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":null}`},
			body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{}`)), err: webhook + " returned invalid metadata: invalid metadata of type <nil> in input object"},
		{name: "original without metadata", originals: []string{`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","spec":{}}`},
			body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"generation":2,"labels":{"a":"b"}}`)), want: []string{v1Object(`{"labels":{"a":"b"}}`)}},
		{name: "labels not a map", originals: []string{cronAnon}, body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"labels":"x"}`)),
			err: webhook + " returned invalid metadata: invalid metadata.labels of type string in converted object"},
		{name: "label not a string", originals: []string{cronAnon}, body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"labels":{"x":1}}`)),
			err: webhook + " returned invalid metadata: metadata.labels[x] must be a string, but is int64 in converted object"},
		{name: "annotation not a string", originals: []string{cronAnon}, body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"annotations":{"a":"","b":1.5}}`)),
			err: webhook + " returned invalid metadata: metadata.annotations[b] must be a string, but is float64 in converted object"},
		{name: "original labels not a map", originals: []string{`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"labels":[]}}`},
			body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"labels":{}}`)), err: webhook + " returned invalid metadata: invalid metadata.labels of type []interface {} in original object"},
		{name: "changed label invalid", originals: []string{cronAnon}, body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"labels":{"x":"-"}}`)),
			err: webhook + ` returned invalid metadata: metadata.labels: Invalid value: "-": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`},
		{name: "unchanged invalid label passes", originals: []string{`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"labels":{"x":"-"}}}`},
			body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"labels":{"x":"-"}}`)), want: []string{v1Object(`{"labels":{"x":"-"}}`)}},
		{name: "changed annotation invalid", originals: []string{cronAnon}, body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"annotations":{"a/b/c":""}}`)),
			err: webhook + ` returned invalid metadata: metadata.annotation: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`},
		{name: "other metadata changes are dropped, labels and annotations kept",
			body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"9","finalizers":["f"],"labels":{"y":"2"},"annotations":{"Example.com/A":"x"}}`)),
			want: []string{v1Object(`{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"5","labels":{"y":"2"},"annotations":{"Example.com/A":"x"}}`)}},
		{name: "null labels are removed", body: answerBody(ReviewV1, "req-1", "Success", v1Object(`{"name":"a","namespace":"ns","uid":"u1","labels":null}`)),
			want: []string{v1Object(`{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"5"}`)}},

		// A list: messages name the index among the objects sent.
		{name: "list", originals: []string{cronBeta, cronAnon}, opts: CheckOptions{List: true},
			body: answerBody(ReviewV1, "req-1", "Success", cronV1, v1Object(`{"labels":{"x":"1"}}`)), want: []string{cronV1, v1Object(`{"labels":{"x":"1"}}`)}},
		{name: "list decoding", originals: []string{cronBeta, cronAnon}, opts: CheckOptions{List: true, Input: "stable.example.com/v1beta1, Kind=CronTabList"},
			body: answerBody(ReviewV1, "req-1", "Success", cronV1, `{}`),
			err:  "conversion webhook for stable.example.com/v1beta1, Kind=CronTabList returned invalid converted object at index 1: Object 'Kind' is missing in '{}'"},
		{name: "list group version", originals: []string{cronBeta, cronAnon}, opts: CheckOptions{List: true},
			body: answerBody(ReviewV1, "req-1", "Success", cronBeta, cronV1),
			err:  webhookList + " returned invalid converted object at index 0: invalid groupVersion (expected stable.example.com/v1, received stable.example.com/v1beta1)"},
		{name: "list identity", originals: []string{cronBeta, cronAnon}, opts: CheckOptions{List: true},
			body: answerBody(ReviewV1, "req-1", "Success", cronV1, cronV1), err: webhookList + " returned invalid converted object at index 1: must have the same name:  != a"},
		{name: "list metadata", originals: []string{cronBeta, cronAnon}, opts: CheckOptions{List: true},
			body: answerBody(ReviewV1, "req-1", "Success", cronV1, v1Object(`{"labels":7}`)),
			err:  webhookList + " returned invalid metadata in object at index 1: invalid metadata.labels of type int64 in converted object"},

		// Pruning by the target schema.
		{name: "pruned", opts: CheckOptions{Schema: &crd.JSONSchemaProps{Type: "object", Properties: map[string]crd.JSONSchemaProps{
			"spec": {Type: "object", Properties: map[string]crd.JSONSchemaProps{"schedule": {Type: "string"}}}}}},
			body: answerBody(ReviewV1, "req-1", "Success", strings.Replace(cronV1, `"schedule":"*"`, `"schedule":"*","cronSpec":"*"`, 1)), want: []string{cronV1}},

		// How client-go decodes the answer, as the real server reported it.
		{name: "empty body", body: "", err: webhook + " failed: 0-length response with status code: 200 and content type: application/json"},
		{name: "body is an array", body: "[]", err: webhook + ` failed: couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\"apiVersion,omitempty\""; Kind string "json:\"kind,omitempty\"" }`},
		{name: "plain text is read as YAML", body: "404 page not found\n", err: webhook + ` failed: couldn't get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string "json:\"apiVersion,omitempty\""; Kind string "json:\"kind,omitempty\"" }`},
		{name: "body is a number", body: " 5", err: webhook + ` failed: couldn't get version/kind; json parse error: json: cannot unmarshal number into Go value of type struct { APIVersion string "json:\"apiVersion,omitempty\""; Kind string "json:\"kind,omitempty\"" }`},
		{name: "the type is found ignoring case", body: `{"apiVersion":"apiextensions.k8s.io/v1","Kind":"Foo"}`, err: webhook + ` failed: no kind "Foo" is registered for version "apiextensions.k8s.io/v1" in scheme "pkg/runtime/scheme.go:111"`},
		{name: "garbage", body: "{]", err: webhook + " failed: couldn't get version/kind; json parse error: invalid character ']' looking for beginning of object key string"},
		{name: "kind is a number", body: `{"kind":5}`, err: webhook + " failed: couldn't get version/kind; json parse error: json: cannot unmarshal number into Go struct field .kind of type string"},
		{name: "null body", body: "null", err: webhook + " failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got /, Kind="},
		{name: "null body to v1beta1", review: ReviewV1beta1, body: "null", err: webhook + " failed: no response provided"},
		{name: "no apiVersion", body: `{"kind":"ConversionReview","response":{"uid":"req-1","result":{"status":"Success"},"convertedObjects":[` + cronV1 + `]}}`,
			err: webhook + " failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got /, Kind=ConversionReview"},
		{name: "no kind", body: `{"apiVersion":"apiextensions.k8s.io/v1","response":{}}`, err: webhook + " failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got apiextensions.k8s.io/v1, Kind="},
		{name: "no kind to v1beta1", review: ReviewV1beta1, body: `{"apiVersion":"apiextensions.k8s.io/v1","response":{}}`, err: webhook + " failed: converting (v1.ConversionReview) to (v1beta1.ConversionReview): unknown conversion"},
		{name: "neither to v1beta1", review: ReviewV1beta1, body: `{"response":{"result":{"status":"Success"},"convertedObjects":[` + cronV1 + `]}}`, want: []string{cronV1}},
		{name: "core group", body: `{"apiVersion":"v1","kind":"ConversionReview"}`, err: webhook + ` failed: no kind "ConversionReview" is registered for version "v1" in scheme "pkg/runtime/scheme.go:111"`},
		{name: "other group", body: `{"apiVersion":"foo.io/v1","kind":"ConversionReview"}`, err: webhook + ` failed: no kind "ConversionReview" is registered for version "foo.io/v1" in scheme "pkg/runtime/scheme.go:111"`},
		{name: "a CRD", body: `{"apiVersion":"apiextensions.k8s.io/v1beta1","kind":"CustomResourceDefinition"}`, err: webhook + " failed: converting (v1beta1.CustomResourceDefinition) to (v1.ConversionReview): unknown conversion"},
		{name: "a Status", body: `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"custom message","code":400}`,
			err: webhook + " failed: converting (v1.Status) to (v1.ConversionReview): unknown conversion"},
		{name: "a Status under any apiVersion", body: `{"kind":"Status","apiVersion":"foo.io/v2"}`,
			err: webhook + " failed: converting (v1.Status) to (v1.ConversionReview): unknown conversion"},
		{name: "two slashes", body: `{"apiVersion":"a/b/c","kind":"ConversionReview"}`, err: webhook + " failed: unexpected GroupVersion string: a/b/c"},
		{name: "status a number", body: strings.Replace(ok, `"status":"Success"`, `"status":1`, 1), err: webhook + " failed: json: cannot unmarshal number into Go struct field Status.response.result.status of type string"},
		{name: "message a number", body: strings.Replace(ok, `"status":"Success"`, `"status":"Failure","message":3`, 1), err: webhook + " failed: json: cannot unmarshal number into Go struct field Status.response.result.message of type string"},
		{name: "result an array", body: strings.Replace(ok, `{"status":"Success"}`, `[]`, 1), err: webhook + " failed: json: cannot unmarshal array into Go struct field ConversionResponse.response.result of type v1.Status"},
		{name: "response an array", body: `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","response":[]}`, err: webhook + " failed: json: cannot unmarshal array into Go struct field ConversionReview.response of type v1.ConversionResponse"},
		{name: "objects an object", body: `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","response":{"convertedObjects":{}}}`,
			err: webhook + " failed: json: cannot unmarshal object into Go struct field ConversionResponse.response.convertedObjects of type []runtime.RawExtension"},
		{name: "duplicate uid, the last counts", body: strings.Replace(ok, `"uid":"req-1"`, `"uid":"x","uid":"req-1"`, 1), want: []string{cronV1}},
	}
}

func TestCheckResponse(t *testing.T) {
	for _, tt := range checkCases() {
		review := tt.review
		if review == "" {
			review = ReviewV1
		}
		originals := tt.originals
		if originals == nil {
			originals = []string{cronBeta}
		}
		req := &Review{APIVersion: review, Kind: ReviewKind, Request: &Request{UID: "req-1", DesiredAPIVersion: "stable.example.com/v1", Objects: raws(originals...)}}
		got, err := CheckResponse(req, []byte(tt.body), tt.opts)
		if gotErr := fmt.Sprint(err); tt.err != "" && gotErr != tt.err || tt.err == "" && err != nil {
			t.Errorf("%s: CheckResponse error\n got %v\nwant %s", tt.name, err, tt.err)
			continue
		}
		var want []map[string]any
		for _, w := range tt.want {
			o, err := decodeObject([]byte(w))
			if err != nil {
				t.Fatalf("%s: bad test object %s: %v", tt.name, w, err)
			}
			want = append(want, o)
		}
		var objects []map[string]any
		for _, c := range got {
			objects = append(objects, c.Object)
		}
		if diff := cmp.Diff(want, objects); diff != "" {
			t.Errorf("%s: CheckResponse objects mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestCheckResponsePruned(t *testing.T) {
	schema := &crd.JSONSchemaProps{Type: "object", Properties: map[string]crd.JSONSchemaProps{
		"spec": {Type: "object", Properties: map[string]crd.JSONSchemaProps{"schedule": {Type: "string"}}}}}
	req := &Review{APIVersion: ReviewV1, Kind: ReviewKind, Request: &Request{UID: "u", DesiredAPIVersion: "stable.example.com/v1", Objects: raws(cronBeta)}}
	body := answerBody(ReviewV1, "u", "Success", strings.Replace(cronV1, `"spec":{`, `"status":{"x":1},"spec":{"b":1,"a":2,`, 1))
	got, err := CheckResponse(req, []byte(body), CheckOptions{Schema: schema})
	if err != nil || len(got) != 1 {
		t.Fatalf("CheckResponse = %v, %v", got, err)
	}
	if diff := cmp.Diff([]string{"spec.a", "spec.b", "status"}, got[0].Pruned); diff != "" {
		t.Errorf("Pruned mismatch (-want +got):\n%s", diff)
	}
	got, err = CheckResponse(req, []byte(body), CheckOptions{})
	if err != nil || got[0].Pruned != nil || got[0].Object["status"] == nil {
		t.Errorf("without a schema: CheckResponse = %+v, %v; want nothing pruned", got, err)
	}
}

func TestCheckResponseBadRequest(t *testing.T) {
	body := []byte(answerBody(ReviewV1, "u", "Success"))
	tests := []struct {
		name string
		req  *Review
		want string
	}{
		{"nil", nil, "conversion: CheckResponse needs a request"},
		{"no request", &Review{APIVersion: ReviewV1}, "conversion: CheckResponse needs a request"},
		{"desired", &Review{Request: &Request{DesiredAPIVersion: "a/b/c"}}, `conversion: request.desiredAPIVersion "a/b/c" is not group/version`},
		{"object", &Review{Request: &Request{DesiredAPIVersion: "a/b", Objects: []json.RawMessage{json.RawMessage(`[]`)}}}, "conversion: request.objects[0]: an array, not an object"},
	}
	for _, tt := range tests {
		if _, err := CheckResponse(tt.req, body, CheckOptions{}); fmt.Sprint(err) != tt.want {
			t.Errorf("%s: CheckResponse error %v, want %s", tt.name, err, tt.want)
		}
	}
}

// TestHandlerPassesCheck checks that what the Handler answers, the API
// server accepts, including when the conversion function breaks the
// rules Restore repairs.
func TestHandlerPassesCheck(t *testing.T) {
	careless := func(obj map[string]any, to string) (map[string]any, error) {
		return map[string]any{"kind": "Other", "metadata": map[string]any{"name": "z", "labels": map[string]any{"y": "2"}}, "spec": obj["spec"]}, nil
	}
	for _, rv := range []string{ReviewV1, ReviewV1beta1} {
		body := reviewBody(rv, "u9", "stable.example.com/v1", cronBeta, cronAnon)
		req, err := DecodeRequest([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		w := serve(&Handler{Convert: careless}, "POST", "application/json", body)
		got, err := CheckResponse(req, w.Body.Bytes(), CheckOptions{List: true})
		if err != nil {
			t.Errorf("%s: the server would refuse the Handler's answer: %v", rv, err)
			continue
		}
		want := strings.Replace(v1Object(`{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"5","labels":{"y":"2"}}`), "schedule", "cronSpec", 1)
		if w, _ := decodeObject([]byte(want)); len(got) != 2 || !cmp.Equal(w, got[0].Object) {
			t.Errorf("%s: got %v, want first %s", rv, got, want)
		}
	}
}

func TestCheckResponseCoerced(t *testing.T) {
	schema := &crd.JSONSchemaProps{Type: "object", Properties: map[string]crd.JSONSchemaProps{
		"spec": {Type: "object", Properties: map[string]crd.JSONSchemaProps{"schedule": {Type: "string"}, "note": {Type: "string", Nullable: true}}}}}
	tests := []struct {
		name, original, converted, want, err string
	}{
		{"unknown metadata and non-nullable nulls go",
			`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"a","foo":1},"spec":{}}`,
			`{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"a"},"spec":{"schedule":null,"note":null}}`,
			`{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"a"},"spec":{"note":null}}`, ""},
		{"metadata that is no ObjectMeta fails bare",
			`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"generation":"x"},"spec":{}}`,
			`{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{},"spec":{}}`,
			"", "json: cannot unmarshal string into Go struct field ObjectMeta.generation of type int64"},
	}
	for _, tt := range tests {
		req := &Review{APIVersion: ReviewV1, Kind: ReviewKind, Request: &Request{UID: "u", DesiredAPIVersion: "stable.example.com/v1", Objects: raws(tt.original)}}
		got, err := CheckResponse(req, []byte(answerBody(ReviewV1, "u", "Success", tt.converted)), CheckOptions{Schema: schema})
		if fmt.Sprint(err) != tt.err && !(err == nil && tt.err == "") {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
			continue
		}
		if tt.want == "" {
			continue
		}
		want, _ := decodeObject([]byte(tt.want))
		if len(got) != 1 {
			t.Errorf("%s: got %d objects", tt.name, len(got))
		} else if diff := cmp.Diff(want, got[0].Object); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
