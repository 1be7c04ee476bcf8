package audit

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// The metrics audit reads, as k8s.io/apiserver's endpoints/metrics names
// them.
const (
	deprecatedMetric = "apiserver_requested_deprecated_apis"
	requestsMetric   = "apiserver_request_total"
)

// maxMetricsBytes bounds the lines of the two metrics audit keeps: a
// kube-apiserver's are a few MiB (a line per verb, group, version,
// resource, scope and code).
const maxMetricsBytes = 16 << 20

// leases is where API server instances announce themselves: a Lease in
// kube-system labelled with identityLabel each.
var leases = schema.GroupVersionResource{Group: "coordination.k8s.io", Version: "v1", Resource: "leases"}

const identityLabel = "apiserver.kubernetes.io/identity=kube-apiserver"

// deprecatedRequest is one sample of deprecatedMetric: a group, version,
// resource and subresource requested through a deprecated version.
type deprecatedRequest struct {
	group, version, resource, subresource, removed string
	count                                          int64 // requests of it counted by requestsMetric
}

// readMetrics reads the API server's metrics and adds a finding for each
// deprecated version requested.
func (a *auditor) readMetrics(ctx context.Context, target int, crds crdIndex) {
	families, err := a.metrics(ctx)
	if err != nil {
		a.report.unread("metrics", err.Error())
		return
	}
	a.report.read("metrics", a.instances(ctx))
	for _, r := range deprecatedRequests(families) {
		a.judgeRequest(r, timesText(r.count)+" since this API server started", target, crds)
	}
}

// metrics reads /metrics, a line at a time, and parses the lines of the
// two metrics audit needs, so that memory does not grow with the rest.
func (a *auditor) metrics(ctx context.Context) (map[string]*dto.MetricFamily, error) {
	body, err := a.discovery.RESTClient().Get().AbsPath("/metrics").Stream(ctx)
	if err != nil {
		return nil, errors.New(a.why(ctx, err))
	}
	defer body.Close()
	var kept bytes.Buffer
	lines := bufio.NewScanner(body)
	lines.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for lines.Scan() {
		line := lines.Bytes()
		name := line
		if rest, ok := bytes.CutPrefix(line, []byte("# HELP ")); ok {
			name = rest
		} else if rest, ok := bytes.CutPrefix(line, []byte("# TYPE ")); ok {
			name = rest
		}
		if metricIs(name, deprecatedMetric) || metricIs(name, requestsMetric) {
			if kept.Len()+len(line) > maxMetricsBytes {
				return nil, fmt.Errorf("/metrics: the lines of %s and %s are over %d MiB", deprecatedMetric, requestsMetric, maxMetricsBytes>>20)
			}
			kept.Write(line)
			kept.WriteByte('\n')
		}
	}
	if err := lines.Err(); err != nil {
		return nil, fmt.Errorf("reading /metrics: %w", err)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	families, err := p.TextToMetricFamilies(&kept)
	if err != nil {
		return nil, fmt.Errorf("parsing /metrics: %w", err)
	}
	return families, nil
}

// metricIs reports whether line starts with the metric name, followed by
// a label set, a space or nothing.
func metricIs(line []byte, name string) bool {
	rest, ok := bytes.CutPrefix(line, []byte(name))
	return ok && (len(rest) == 0 || rest[0] == '{' || rest[0] == ' ')
}

// deprecatedRequests returns the samples of deprecatedMetric that are set,
// each with its count of requests, in order.
func deprecatedRequests(families map[string]*dto.MetricFamily) []deprecatedRequest {
	counts := map[[4]string]int64{}
	if f := families[requestsMetric]; f != nil {
		for _, m := range f.Metric {
			l := labels(m)
			counts[[4]string{l["group"], l["version"], l["resource"], l["subresource"]}] += int64(value(m))
		}
	}
	var rs []deprecatedRequest
	if f := families[deprecatedMetric]; f != nil {
		for _, m := range f.Metric {
			if value(m) == 0 {
				continue
			}
			l := labels(m)
			r := deprecatedRequest{group: l["group"], version: l["version"], resource: l["resource"], subresource: l["subresource"], removed: l["removed_release"]}
			r.count = counts[[4]string{r.group, r.version, r.resource, r.subresource}]
			rs = append(rs, r)
		}
	}
	slices.SortFunc(rs, func(x, y deprecatedRequest) int {
		return cmp.Or(cmp.Compare(x.group, y.group), cmp.Compare(x.resource, y.resource), cmp.Compare(x.subresource, y.subresource), cmp.Compare(x.version, y.version), cmp.Compare(x.removed, y.removed))
	})
	return rs
}

// value returns the value of a sample of a counter, a gauge, or a metric
// without a TYPE line (untyped).
func value(m *dto.Metric) float64 {
	switch {
	case m.Counter != nil:
		return m.Counter.GetValue()
	case m.Gauge != nil:
		return m.Gauge.GetValue()
	}
	return m.GetUntyped().GetValue()
}

func labels(m *dto.Metric) map[string]string {
	l := make(map[string]string, len(m.Label))
	for _, p := range m.Label {
		l[p.GetName()] = p.GetValue()
	}
	return l
}

// judgeRequest adds the finding of one deprecated version requested, how
// often and by whom as when says.
func (a *auditor) judgeRequest(r deprecatedRequest, when string, target int, crds crdIndex) {
	gv := r.version
	if r.group != "" {
		gv = r.group + "/" + r.version
	}
	resource := r.resource
	if r.subresource != "" {
		resource += "/" + r.subresource
	}
	subject := gv + " " + resource
	times := "requested " + when
	if crd := crds[schema.GroupResource{Group: r.group, Resource: r.resource}]; crd != nil {
		subject = "customresourcedefinition " + crd.name + " version " + r.version
		warning := crd.deprecated[r.version]
		if warning == "" {
			warning = gv + " " + r.resource + " is deprecated"
		}
		a.report.add(Finding{Check: CheckDeprecatedAPIRequested, Level: Warning, Subject: subject,
			Message: warning + ": " + times + "; dropping " + r.version + " from spec.versions breaks its clients",
			Fix:     "move the clients to another version"})
		return
	}
	if removed, ok := minorOf(r.removed); ok && removed <= target {
		a.report.add(Finding{Check: CheckRemovedAPIRequested, Level: Error, Subject: subject,
			Message: fmt.Sprintf("removed in %s, at or before the target 1.%d, and %s: those clients fail after the upgrade", r.removed, target, times),
			Fix:     "move the clients to a version the target serves"})
		return
	}
	removal := ""
	if r.removed != "" {
		removal = ", removed in " + r.removed
	}
	a.report.add(Finding{Check: CheckDeprecatedAPIRequested, Level: Warning, Subject: subject,
		Message: fmt.Sprintf("deprecated%s, and %s", removal, times),
		Fix:     "move the clients to a version that is not deprecated"})
}

// minorOf returns the minor of a release "1.N".
func minorOf(release string) (int, bool) {
	minor, ok := strings.CutPrefix(release, "1.")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(minor)
	return n, err == nil
}

// instances says how many API server instances the cluster has, from
// their identity leases, when they can be read.
func (a *auditor) instances(ctx context.Context) string {
	list, err := a.dynamic.Resource(leases).Namespace("kube-system").List(ctx, metav1.ListOptions{LabelSelector: identityLabel, Limit: 100})
	if err != nil {
		return "from one API server instance; how many the cluster has is unknown (its identity leases in kube-system: " + err.Error() + ")"
	}
	switch n := len(list.Items); {
	case list.GetContinue() != "":
		return fmt.Sprintf("from one API server instance of more than %d: each counts only the requests it served since it started", n)
	case n > 1:
		return fmt.Sprintf("from one API server instance of %d: each counts only the requests it served since it started", n)
	case n == 1:
		return "from the cluster's one API server instance, since it started"
	}
	return "from one API server instance; the cluster has no identity leases in kube-system"
}

// timesText says n times: "once", "7 times".
func timesText(n int64) string {
	if n == 1 {
		return "once"
	}
	return strconv.FormatInt(n, 10) + " times"
}
