package audit

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"k8s.io/client-go/rest"
)

// TestMetricsForbidden: a user who may not read /metrics gets a report of
// the CRDs that says the metrics were not read, and why, and no error.
// The API server is reached through a proxy that refuses /metrics as an
// RBAC-enforcing server refuses it.
func TestMetricsForbidden(t *testing.T) {
	t.Parallel()
	s := start(t)
	upstream, err := url.Parse(s.s.Config.Host)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(upstream)
	if proxy.Transport, err = rest.TransportFor(s.s.Config); err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/metrics" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			w.Write([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","message":"forbidden: User \"viewer\" cannot get path \"/metrics\"","reason":"Forbidden","code":403}`))
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)

	r := s.audit(&rest.Config{Host: front.URL}, Options{})
	if src := source(t, r, "metrics"); src.Read || !strings.Contains(src.Note, `cannot get path "/metrics"`) {
		t.Errorf("metrics source %+v, want not read, with the server's reason", src)
	}
	if src := source(t, r, "customresourcedefinitions"); !src.Read {
		t.Errorf("CRDs source %+v, want read", src)
	}
}

// TestNoCluster: a cluster that cannot be reached at all is an error, not
// a report.
func TestNoCluster(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r, err := Run(context.Background(), &rest.Config{Host: "http://" + addr}, Options{RequestTimeout: 5 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "reading the server's version") {
		t.Fatalf("Run = %+v, %v; want the error of the server's version", r, err)
	}
}

// TestRemovedAPIRequested: a sample of the deprecated APIs gauge is an
// error when its removed_release is at or before the target, a warning
// after it or without one, and carries the count of its requests. The
// text is in the format and with the labels of a kube-apiserver's
// /metrics.
func TestRemovedAPIRequested(t *testing.T) {
	const text = `# HELP apiserver_requested_deprecated_apis [STABLE] Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.
# TYPE apiserver_requested_deprecated_apis gauge
apiserver_requested_deprecated_apis{group="extensions",removed_release="1.22",resource="ingresses",subresource="",version="v1beta1"} 1
apiserver_requested_deprecated_apis{group="",removed_release="",resource="endpoints",subresource="",version="v1"} 1
apiserver_requested_deprecated_apis{group="example.dev",removed_release="1.39",resource="things",subresource="status",version="v1beta1"} 1
# HELP apiserver_request_total [STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.
# TYPE apiserver_request_total counter
apiserver_request_total{code="200",component="apiserver",dry_run="",group="extensions",resource="ingresses",scope="namespace",subresource="",verb="LIST",version="v1beta1"} 4
apiserver_request_total{code="201",component="apiserver",dry_run="",group="extensions",resource="ingresses",scope="namespace",subresource="",verb="POST",version="v1beta1"} 2
apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="endpoints",scope="namespace",subresource="",verb="GET",version="v1"} 7
apiserver_request_total{code="200",component="apiserver",dry_run="",group="example.dev",resource="things",scope="namespace",subresource="status",verb="PUT",version="v1beta1"} 1
`
	p := expfmt.NewTextParser(model.UTF8Validation)
	families, err := p.TextToMetricFamilies(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	a := &auditor{report: &Report{}}
	for _, r := range deprecatedRequests(families) {
		a.judgeRequest(r, timesText(r.count)+" since this API server started", 38, crdIndex{})
	}
	want := []Finding{
		{Check: CheckDeprecatedAPIRequested, Level: Warning, Subject: "v1 endpoints",
			Message: "deprecated, and requested 7 times since this API server started"},
		{Check: CheckDeprecatedAPIRequested, Level: Warning, Subject: "example.dev/v1beta1 things/status",
			Message: "deprecated, removed in 1.39, and requested once since this API server started"},
		{Check: CheckRemovedAPIRequested, Level: Error, Subject: "extensions/v1beta1 ingresses",
			Message: "removed in 1.22, at or before the target 1.38, and requested 6 times since this API server started: those clients fail after the upgrade"},
	}
	if len(a.report.Findings) != len(want) {
		t.Fatalf("findings %+v, want %d", a.report.Findings, len(want))
	}
	for i, f := range a.report.Findings {
		f.Fix = ""
		if f != want[i] {
			t.Errorf("finding %d:\n got %+v\nwant %+v", i, f, want[i])
		}
	}
}
