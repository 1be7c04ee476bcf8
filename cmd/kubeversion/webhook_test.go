package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/webhookcheck"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/webhookcheck/webhooktest"
	"github.com/kubeversion/kubeversion/conversion"
)

// cronTabSteps converts the CronTab of testdata/webhook: v1beta1's
// spec.cronSpec and spec.image are v1's spec.schedule and
// spec.jobTemplate.image. With lossy, v1beta1 to v1 forgets replicas.
func cronTabSteps(lossy bool) *conversion.Converter {
	move := func(spec map[string]any, from, to string) {
		if v, ok := spec[from]; ok {
			spec[to] = v
			delete(spec, from)
		}
	}
	var c conversion.Converter
	c.AddStep("v1beta1", "v1", func(obj map[string]any) (map[string]any, error) {
		if spec, ok := obj["spec"].(map[string]any); ok {
			move(spec, "cronSpec", "schedule")
			if image, ok := spec["image"]; ok {
				spec["jobTemplate"] = map[string]any{"image": image}
				delete(spec, "image")
			}
			if lossy {
				delete(spec, "replicas")
			}
		}
		return obj, nil
	})
	c.AddStep("v1", "v1beta1", func(obj map[string]any) (map[string]any, error) {
		if spec, ok := obj["spec"].(map[string]any); ok {
			move(spec, "schedule", "cronSpec")
			if t, ok := spec["jobTemplate"].(map[string]any); ok {
				spec["image"] = t["image"]
				delete(spec, "jobTemplate")
			}
		}
		return obj, nil
	})
	return &c
}

// breakAnswer returns a webhook that answers as the correct one, then
// changes its answer with f.
func breakAnswer(f func(r *conversion.Response)) http.Handler {
	correct := &conversion.Handler{Convert: cronTabSteps(false).Convert}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		correct.ServeHTTP(rec, r)
		var review conversion.Review
		if err := json.Unmarshal(rec.Body.Bytes(), &review); err != nil || review.Response == nil {
			http.Error(w, "test webhook: "+rec.Body.String(), http.StatusInternalServerError)
			return
		}
		f(review.Response)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(&review)
	})
}

// breakObjects changes each converted object with f.
func breakObjects(f func(obj map[string]any)) http.Handler {
	return breakAnswer(func(r *conversion.Response) {
		for i, raw := range r.ConvertedObjects {
			var obj map[string]any
			json.Unmarshal(raw, &obj)
			f(obj)
			r.ConvertedObjects[i], _ = json.Marshal(obj)
		}
	})
}

func setMetadata(key string, value any) func(obj map[string]any) {
	return func(obj map[string]any) { obj["metadata"].(map[string]any)[key] = value }
}

// webhookServer starts h on the loopback with TLS, and returns its URL
// and a file with its certificate, for --ca. It records every request's
// uid, and fails the test on a request the API server would not send.
func webhookServer(t *testing.T, h http.Handler) (url, ca string, uids *[]string) {
	t.Helper()
	var mu sync.Mutex
	var seen []string
	url, ca = webhooktest.TLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var review conversion.Review
		json.Unmarshal(body, &review)
		mu.Lock()
		if review.Request != nil {
			seen = append(seen, review.Request.UID)
		}
		mu.Unlock()
		if r.ProtoMajor != 1 || r.ProtoMinor != 1 || r.Method != http.MethodPost || r.URL.Query().Get("timeout") != "30s" ||
			r.Header.Get("Content-Type") != "application/json" || r.URL.Path != "/convert" {
			t.Errorf("webhook got %s %s %s, Content-Type %q", r.Method, r.URL, r.Proto, r.Header.Get("Content-Type"))
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	return url, ca, &seen
}

// runCheck runs webhook check with -o json in testdata/webhook and returns
// the summary, the standard error and the exit status.
func runCheck(t *testing.T, args ...string) (webhookcheck.Result, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := runWebhook(&env{strings.NewReader(""), &out, &errOut}, append([]string{"check", "-o", "json"}, args...))
	var s webhookcheck.Result
	if status != exitError {
		if err := json.Unmarshal(out.Bytes(), &s); err != nil {
			t.Fatalf("webhook check %q: output is not JSON: %v\n%s", args, err, out.String())
		}
	}
	return s, errOut.String(), status
}

const (
	crdFile     = "testdata/webhook/crontab-crd.yaml"
	samplesFile = "testdata/webhook/crontabs.yaml"
)

func TestWebhookCheckCorrect(t *testing.T) {
	url, ca, uids := webhookServer(t, &conversion.Handler{Convert: cronTabSteps(false).Convert})
	s, stderr, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
	if status != exitOK || len(s.Findings) != 0 || stderr != "" {
		t.Fatalf("status %d, findings %v, stderr %q; want 0, none, none", status, s.Findings, stderr)
	}
	// 3 samples, 2 served versions: 3 round trips of 2 calls, and a list
	// to each version (1 object to v1beta1, 2 to v1).
	if s.Calls != 8 || len(*uids) != 8 {
		t.Errorf("calls = %d, webhook saw %d; want 8", s.Calls, len(*uids))
	}
	distinct := map[string]bool{}
	for _, u := range *uids {
		distinct[u] = true
	}
	if len(distinct) != len(*uids) {
		t.Errorf("uids %q are not distinct", *uids)
	}
}

// TestWebhookCheckBroken runs webhook check against a webhook broken in
// each way the API server checks, and wants the server's message.
func TestWebhookCheckBroken(t *testing.T) {
	withCode := func(code int, body string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if body != "" {
				w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			}
			w.WriteHeader(code)
			io.WriteString(w, body)
		})
	}
	const single = "conversion webhook for stable.example.com/v1beta1, Kind=CronTab"
	tests := []struct {
		name    string
		webhook http.Handler
		want    []string // in the messages of the findings
	}{
		{"wrong uid", breakAnswer(func(r *conversion.Response) { r.UID = "wrong" }),
			[]string{single + ` failed: expected response.uid=`, `got "wrong"`}},
		{"one object too many", breakAnswer(func(r *conversion.Response) { r.ConvertedObjects = append(r.ConvertedObjects, r.ConvertedObjects[0]) }),
			[]string{single + " returned 2 objects, expected 1"}},
		{"dropped object", breakAnswer(func(r *conversion.Response) {
			if len(r.ConvertedObjects) > 1 {
				r.ConvertedObjects = r.ConvertedObjects[1:]
			}
		}), []string{"conversion webhook for stable.example.com/v1beta1, Kind=CronTabList returned 1 objects, expected 2"}},
		{"changed name", breakObjects(setMetadata("name", "other")),
			[]string{"must have the same name: every-minute != other"}},
		{"changed namespace", breakObjects(setMetadata("namespace", "other")),
			[]string{"must have the same namespace: default != other"}},
		{"changed uid", breakObjects(setMetadata("uid", "other")),
			[]string{"must have the same UID:  != other"}},
		{"changed kind", breakObjects(func(obj map[string]any) { obj["kind"] = "CronJob" }),
			[]string{"invalid kind (expected CronTab, received CronJob)"}},
		{"invalid label", breakObjects(setMetadata("labels", map[string]any{"bad key!": "x"})),
			[]string{`metadata.labels: Invalid value: "bad key!"`}},
		{"lossy", &conversion.Handler{Convert: cronTabSteps(true).Convert},
			[]string{"does not come back as it was: spec.replicas lost (was 1)"}},
		{"field the schema prunes", breakObjects(func(obj map[string]any) { obj["spec"].(map[string]any)["extra"] = true }),
			[]string{
				"every-minute, v1beta1 to v1: the v1 schema prunes what the webhook wrote, silently: spec.extra",
				"every-minute, v1 to v1beta1: the v1beta1 schema prunes what the webhook wrote, silently: spec.extra",
			}},
		{"500", withCode(500, "boom\n"),
			[]string{single + ` failed: an error on the server ("boom") has prevented the request from succeeding`}},
		{"301", withCode(301, ""),
			[]string{single + " failed: the server responded with the status code 301 but did not return more information"}},
		{"403", withCode(403, "go away"), []string{single + " failed: go away"}},
		{"404", withCode(404, "404 page not found"), []string{single + " failed: the server could not find the requested resource"}},
		{"503", withCode(503, ""),
			[]string{single + " failed: the server is currently unable to handle the request"}},
		{"empty body", withCode(200, ""),
			[]string{single + " failed: 0-length response with status code: 200 and content type: application/json"}},
		{"204", withCode(204, ""),
			[]string{single + " failed: 0-length response with status code: 204 and content type: application/json"}},
		{"bad content type", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json; charset")
			io.WriteString(w, "{}")
		}), []string{single + " failed: Internal error occurred: mime: invalid media parameter"}},
		{"Status body", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"apiVersion": "v1", "kind": "Status", "status": "Failure", "message": "no such version"}`)
		}), []string{single + " failed: no such version"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, ca, _ := webhookServer(t, tt.webhook)
			s, stderr, status := runCheck(t, "--crd", crdFile, "--url", url, "--ca", ca, samplesFile)
			if status != exitInvalid || stderr != "" {
				t.Errorf("status %d, stderr %q; want 1 and nothing", status, stderr)
			}
			var all strings.Builder
			for _, f := range s.Findings {
				if f.File != samplesFile || f.Line < 1 {
					t.Errorf("finding not located at a sample: %v", f)
				}
				all.WriteString(f.String() + "\n")
			}
			for _, w := range tt.want {
				if !strings.Contains(all.String(), w) {
					t.Errorf("no finding says %q; findings:\n%s", w, all.String())
				}
			}
		})
	}
}
