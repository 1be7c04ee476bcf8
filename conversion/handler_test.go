package conversion

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// renameSpec converts between v1beta1 (spec.cronSpec) and v1
// (spec.schedule) of stable.example.com, fails on spec.fail and panics on
// spec.panic.
func renameSpec(obj map[string]any, to string) (map[string]any, error) {
	spec, _ := obj["spec"].(map[string]any)
	if spec["panic"] != nil {
		panic("boom")
	}
	if spec["fail"] != nil {
		return nil, errors.New("spec.fail is set")
	}
	from, into := "schedule", "cronSpec"
	if to == "stable.example.com/v1" {
		from, into = into, from
	}
	if v, ok := spec[from]; ok {
		spec[into] = v
		delete(spec, from)
	}
	return obj, nil
}

func reviewBody(apiVersion, uid, to string, objects ...string) string {
	return `{"apiVersion":"` + apiVersion + `","kind":"ConversionReview","request":{"uid":"` + uid +
		`","desiredAPIVersion":"` + to + `","objects":[` + strings.Join(objects, ",") + `]}}`
}

func serve(h http.Handler, method, contentType, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "/convert", strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestHandlerRefuses(t *testing.T) {
	h := &Handler{Convert: renameSpec, MaxBodyBytes: 200}
	ok := reviewBody(ReviewV1, "u", "stable.example.com/v1")
	tests := []struct {
		name, method, contentType, body string
		code                            int
		want                            string
	}{
		{"GET", "GET", "application/json", ok, 405, "conversion: method not allowed, use POST, not GET"},
		{"PUT", "PUT", "application/json", ok, 405, "conversion: method not allowed, use POST, not PUT"},
		{"no content type", "POST", "", ok, 415, `conversion: content type is not application/json: ""`},
		{"yaml", "POST", "application/yaml", ok, 415, `conversion: content type is not application/json: "application/yaml"`},
		{"bad media type", "POST", "application/json;;", ok, 415, `conversion: content type is not application/json: "application/json;;"`},
		{"too large", "POST", "application/json", ok + strings.Repeat(" ", 200), 413, "conversion: body too large: over 200 bytes"},
		{"malformed", "POST", "application/json", `{"apiVersion":`, 400, "conversion: not a ConversionReview: invalid JSON at byte 14: unexpected end of JSON input"},
		// The fast reader once took a NUL byte for the end of the body.
		{"NUL after the review", "POST", "application/json", ok + "\x00garbage", 400,
			fmt.Sprintf(`conversion: not a ConversionReview: invalid JSON at byte %d: invalid character '\x00' after top-level value`, len(ok)+1)},
		{"admission review", "POST", "application/json", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}`, 400,
			`conversion: not a ConversionReview: apiVersion is "admission.k8s.io/v1", want apiextensions.k8s.io/v1 or apiextensions.k8s.io/v1beta1`},
	}
	for _, tt := range tests {
		w := serve(h, tt.method, tt.contentType, tt.body)
		if got := strings.TrimSuffix(w.Body.String(), "\n"); w.Code != tt.code || got != tt.want {
			t.Errorf("%s: got %d %q, want %d %q", tt.name, w.Code, got, tt.code, tt.want)
		}
		if tt.code == 405 && w.Header().Get("Allow") != "POST" {
			t.Errorf("%s: Allow = %q, want POST", tt.name, w.Header().Get("Allow"))
		}
	}
}

func TestHandlerConverts(t *testing.T) {
	const (
		beta = `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"a","namespace":"ns","uid":"1","labels":{"x":"1"}},"spec":{"cronSpec":"* * * * */5","replicas":9007199254740993}}`
		v1   = `{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"labels":{"x":"1"},"name":"a","namespace":"ns","uid":"1"},"spec":{"replicas":9007199254740993,"schedule":"* * * * */5"}}`
	)
	h := &Handler{Convert: renameSpec}
	for _, rv := range []string{ReviewV1, ReviewV1beta1} {
		w := serve(h, "POST", "application/json; charset=utf-8", reviewBody(rv, "uid-"+rv, "stable.example.com/v1", beta, beta))
		if w.Code != 200 || w.Header().Get("Content-Type") != "application/json" {
			t.Errorf("%s: got %d %q: %s", rv, w.Code, w.Header().Get("Content-Type"), w.Body)
			continue
		}
		var got Review
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
			t.Errorf("%s: answer is not JSON: %v", rv, err)
			continue
		}
		want := Review{APIVersion: rv, Kind: ReviewKind, Response: &Response{
			UID: "uid-" + rv, ConvertedObjects: raws(v1, v1), Result: Status{Status: StatusSuccess},
		}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: answer mismatch (-want +got):\n%s", rv, diff)
		}
	}
}

func TestHandlerFailures(t *testing.T) {
	const ok = `{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"a"},"spec":{}}`
	tests := []struct {
		name    string
		convert Func
		objects []string
		want    string
	}{
		{"error", renameSpec, []string{ok, `{"spec":{"fail":1}}`}, "request.objects[1]: spec.fail is set"},
		{"panic", renameSpec, []string{`{"spec":{"panic":1}}`}, "request.objects[0]: the conversion function panicked: boom"},
		{"nil object", func(map[string]any, string) (map[string]any, error) { return nil, nil }, []string{ok},
			"request.objects[0]: the conversion function returned no object"},
		{"not JSON", func(o map[string]any, _ string) (map[string]any, error) { o["c"] = make(chan int); return o, nil }, []string{ok},
			"request.objects[0]: the converted object is not JSON: json: unsupported type: chan int"},
		{"no function", nil, []string{ok}, "conversion: no conversion function"},
	}
	for _, tt := range tests {
		w := serve(&Handler{Convert: tt.convert}, "POST", "application/json", reviewBody(ReviewV1, "u7", "stable.example.com/v1", tt.objects...))
		var got Review
		if err := json.Unmarshal(w.Body.Bytes(), &got); w.Code != 200 || err != nil {
			t.Errorf("%s: got %d %s (%v)", tt.name, w.Code, w.Body, err)
			continue
		}
		want := &Response{UID: "u7", Result: Status{Status: StatusFailure, Message: tt.want}}
		if diff := cmp.Diff(want, got.Response); diff != "" {
			t.Errorf("%s: response mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestHandlerConcurrent sends many reviews at once, each with its own uid
// and objects, and checks that every answer is its own. Run it with -race.
func TestHandlerConcurrent(t *testing.T) {
	srv := httptest.NewServer(&Handler{Convert: renameSpec})
	defer srv.Close()
	const n = 64
	errs := make(chan error, n)
	for i := range n {
		go func() {
			uid := fmt.Sprintf("uid-%d", i)
			obj := fmt.Sprintf(`{"apiVersion":"stable.example.com/v1beta1","kind":"CronTab","metadata":{"name":"n%d"},"spec":{"cronSpec":"%d"}}`, i, i)
			body := reviewBody(ReviewV1, uid, "stable.example.com/v1", obj)
			if i%4 == 3 {
				body = body[:len(body)-1] // malformed
			}
			resp, err := http.Post(srv.URL, "application/json", strings.NewReader(body))
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var got Review
			derr := json.NewDecoder(resp.Body).Decode(&got)
			switch {
			case i%4 == 3:
				if resp.StatusCode != 400 {
					errs <- fmt.Errorf("%s: malformed body got status %d", uid, resp.StatusCode)
					return
				}
			case derr != nil || got.Response == nil || len(got.Response.ConvertedObjects) != 1:
				errs <- fmt.Errorf("%s: bad answer %+v (%v)", uid, got, derr)
				return
			default:
				want := fmt.Sprintf(`{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"n%d"},"spec":{"schedule":"%d"}}`, i, i)
				if got.Response.UID != uid || string(got.Response.ConvertedObjects[0]) != want {
					errs <- fmt.Errorf("%s: got uid %s, object %s", uid, got.Response.UID, got.Response.ConvertedObjects[0])
					return
				}
			}
			errs <- nil
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
