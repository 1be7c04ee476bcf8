package apiserver

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/builtin"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

var full = flag.Bool("full", false, "every mutation of every seed, on create and update, and combined mutations up to 20,000 cases (default: a sample of a few hundred)")

// Sizes of the differential: the default run, which CI runs, samples
// about sampleCases of the single mutations; -full runs all of them and
// adds combined mutations until fullCases.
const (
	sampleCases = 400
	fullCases   = 20000
)

// tcase is one request: a create of object, or an update of the live
// object named like it.
type tcase struct {
	kind   string
	desc   string
	object map[string]any
	update bool
	// namespace is the request's for a namespaced object that names
	// none, as kubectl's context gives it; builtin.DefaultNamespace when
	// empty.
	namespace string
}

// TestDifferential sends every case to the kube-apiserver as a
// server-side dry run and gives it to builtin.Judge, and compares the
// error message, the warnings and the object the server would store.
func TestDifferential(t *testing.T) {
	srv := startServer(t)
	judge, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	seeds := readSeeds(t)

	// The live objects of updates: each seed created for real, named
	// with liveSuffix so that the creates of the cases, dry runs of the
	// seed's own name, find nothing in their way.
	for _, s := range seeds {
		gvr, ns := target(t, judge, s)
		a, err := srv.do("POST", resourcePath(gvr, ns, ""), mustJSON(renamed(s)), false)
		if err != nil || !a.ok {
			t.Fatalf("creating seed %s %s: %v %s", s["kind"], name(s), err, a.message)
		}
	}

	var cases []tcase
	for _, s := range seeds {
		kind := s["kind"].(string)
		cases = append(cases, tcase{kind: kind, desc: "as written", object: s}, tcase{kind: kind, desc: "as written", object: s, update: true})
		for _, m := range mutations(s) {
			cases = append(cases, tcase{kind: kind, desc: m.String(), object: applied(s, m)})
			if !identifying(m) {
				cases = append(cases, tcase{kind: kind, desc: m.String(), object: applied(s, m), update: true})
			}
		}
	}
	single := len(cases)
	if *full {
		rng := rand.New(rand.NewPCG(1, 2))
		for len(cases) < fullCases {
			s := seeds[rng.IntN(len(seeds))]
			obj, desc := combined(s, rng)
			cases = append(cases, tcase{kind: s["kind"].(string), desc: desc, object: obj, update: rng.IntN(2) == 0 && sameIdentity(obj, s)})
		}
	} else {
		step := max(1, single/sampleCases)
		var sample []tcase
		for i := 0; i < len(cases); i += step {
			sample = append(sample, cases[i])
		}
		cases = sample
	}

	var mismatches []string
	counts := map[string][2]int{} // kind: cases, mismatches
	refused := 0
	for _, c := range cases {
		got, err := runCase(judge, srv, c)
		if err != nil {
			t.Fatalf("%s %s (%s): %v", c.kind, c.desc, op(c), err)
		}
		n := counts[c.kind]
		n[0]++
		if got.refused {
			refused++
		}
		if got.diff != "" {
			n[1]++
			mismatches = append(mismatches, fmt.Sprintf("%s %s (%s): %s", c.kind, c.desc, op(c), got.diff))
		}
		counts[c.kind] = n
	}
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, "%s %d/%d, ", k, counts[k][0]-counts[k][1], counts[k][0])
	}
	t.Logf("%d cases (%d single mutations in all, on create and update; full=%v), %d refused by the server, %d mismatches; agreeing by kind: %s",
		len(cases), single, *full, refused, len(mismatches), strings.TrimSuffix(b.String(), ", "))
	logParity(t, srv)
	for i, m := range mismatches {
		if i == 30 {
			t.Errorf("... and %d more", len(mismatches)-30)
			break
		}
		t.Error(m)
	}
}

func op(c tcase) string {
	if c.update {
		return "update"
	}
	return "create"
}

// outcome is the comparison of one case.
type outcome struct {
	refused   bool   // by the server
	notServed bool   // the server does not serve the object's version: not compared
	exists    bool   // the server's own state decides (its Service kubernetes exists, its ranges): not compared
	diff      string // empty when both agree
}

func runCase(judge *builtin.Judge, srv *server, c tcase) (outcome, error) {
	body := mustJSON(c.object)
	gvk := schema.FromAPIVersionAndKind(c.object["apiVersion"].(string), c.kind)
	gvr, namespaced, ok := judge.Resource(gvk)
	if !ok {
		return outcome{}, fmt.Errorf("builtin judges no %s", gvk)
	}
	ns, opts := "", builtin.Options{Namespace: c.namespace}
	if namespaced {
		ns = builtin.DefaultNamespace
		if c.namespace != "" {
			ns = c.namespace
		}
		if meta, _ := c.object["metadata"].(map[string]any); meta != nil {
			if s, _ := meta["namespace"].(string); s != "" {
				ns = s
			}
		}
	}
	var a answer
	var res builtin.Result
	lean := "" // how a create without its stored object answers otherwise
	var err error
	if c.update {
		// The live object as the server has it now: a controller may
		// have written it since it was created (the aggregator's
		// availability controller writes an APIService's status).
		cur, err := srv.do("GET", resourcePath(gvr, url.PathEscape(ns), url.PathEscape(name(renamed(c.object)))), nil, false)
		if err != nil || !cur.ok {
			return outcome{}, fmt.Errorf("reading the live object: %v %s", err, cur.message)
		}
		old := cur.object
		var l map[string]any
		if err := json.Unmarshal(old, &l); err != nil {
			return outcome{}, err
		}
		withRV := renamed(c.object)
		if meta, ok := withRV["metadata"].(map[string]any); ok {
			meta["resourceVersion"] = l["metadata"].(map[string]any)["resourceVersion"]
		}
		body = mustJSON(withRV)
		a, err = srv.do("PUT", resourcePath(gvr, url.PathEscape(ns), url.PathEscape(name(withRV))), body, true)
		res = judge.Update(context.Background(), body, old, opts)
	} else {
		a, err = srv.do("POST", resourcePath(gvr, url.PathEscape(ns), ""), body, true)
		res = judge.Create(context.Background(), body, opts)
		noObject := opts
		noObject.NoObject = true
		lean = leanDiff(judge.Create(context.Background(), body, noObject), res, c.kind)
	}
	if err != nil {
		return outcome{}, err
	}
	if !a.ok && a.code == http.StatusNotFound && a.message == "the server could not find the requested resource" {
		// A version the server does not serve by default (an alpha or
		// beta): the command's lifecycle table judges that, not builtin.
		return outcome{notServed: true}, nil
	}
	if !a.ok && c.kind == "Service" && strings.Contains(a.message, "is not in the valid range") {
		// An address or port outside the test server's ranges: a
		// cluster's state; builtin judges ranges that hold every one.
		return outcome{exists: true}, nil
	}
	if !a.ok && a.code == http.StatusConflict && !c.update {
		// The test server's own objects (default/kubernetes) exist: a
		// cluster's state, which builtin does not judge.
		return outcome{exists: true}, nil
	}
	diff := compare(a, res, c.kind, name(c.object) == "")
	if lean != "" {
		diff = strings.TrimPrefix(diff+"; with builtin.Options.NoObject, "+lean, "; ")
	}
	return outcome{refused: !a.ok, diff: diff}, nil
}

// leanDiff says how lean, the answer to a create with
// builtin.Options.NoObject, differs from res, the answer without it: it
// must be the same, but for the object it leaves out. Errors and
// warnings are compared as sets, since the order of those the server's
// code finds by ranging over a map changes from one request to the next.
func leanDiff(lean, res builtin.Result, kind string) string {
	causes := func(r builtin.Result) []string {
		var out []string
		for _, c := range r.Causes {
			out = append(out, fmt.Sprintf("%s|%s|%s|%v", c.Field, c.Type, c.Message, c.Strict))
		}
		if len(out) == 0 && r.Message != "" {
			out = append(out, r.Message)
		}
		for i := range out {
			out[i] = anyTemplateVolume(kind, out[i])
		}
		return slices.Sorted(slices.Values(out))
	}
	switch {
	case lean.Checked != res.Checked || lean.Reason != res.Reason || lean.Valid() != res.Valid():
		return fmt.Sprintf("checked=%v valid=%v %q, without it checked=%v valid=%v %q", lean.Checked, lean.Valid(), lean.Message+lean.Reason, res.Checked, res.Valid(), res.Message+res.Reason)
	case !slices.Equal(causes(lean), causes(res)):
		return fmt.Sprintf("errors %q, without it %q", causes(lean), causes(res))
	case !slices.Equal(slices.Sorted(slices.Values(lean.Warnings)), slices.Sorted(slices.Values(res.Warnings))):
		return fmt.Sprintf("warnings %q, without it %q", lean.Warnings, res.Warnings)
	case lean.Object != nil:
		return "an object: " + string(lean.Object)
	}
	return ""
}

// compare says how the server's answer and the Judge's differ.
func compare(a answer, res builtin.Result, kind string, nameless bool) string {
	if !res.Checked {
		return "not checked by builtin: " + res.Reason
	}
	var diffs []string
	if a.ok != res.Valid() {
		diffs = append(diffs, fmt.Sprintf("server ok=%v %q, builtin valid=%v %q", a.ok, a.message, res.Valid(), res.Message))
	} else if !a.ok && !sameMessage(a, res, kind, nameless) {
		diffs = append(diffs, fmt.Sprintf("messages differ:\n  server:  %s\n  builtin: %s", a.message, res.Message))
	}
	if w := serverWarnings(a.warnings); !slices.Equal(w, res.Warnings) {
		diffs = append(diffs, fmt.Sprintf("warnings differ:\n  server:  %q\n  builtin: %q", w, res.Warnings))
	}
	if a.ok && res.Valid() {
		s, err1 := normalize(a.object, kind, nameless)
		o, err2 := normalize(res.Object, kind, nameless)
		if err1 != nil || err2 != nil {
			diffs = append(diffs, fmt.Sprintf("stored objects unreadable: %v %v", err1, err2))
		} else if !reflect.DeepEqual(s, o) {
			diffs = append(diffs, fmt.Sprintf("stored objects differ:\n  server:  %s\n  builtin: %s", mustJSON(s), mustJSON(o)))
		}
	}
	return strings.Join(diffs, "; ")
}

// templateVolume is the path of a volume of a StatefulSet's pod
// template, in an error. The StatefulSet's validation adds a volume for
// each of its volumeClaimTemplates to the pod's own, in the order of a
// map (k8s.io/kubernetes pkg/apis/apps/validation's
// volumesToAddForTemplates), so where there are two or more such
// volumes, the index in an error about one of them changes from one
// request to the next, on the server too: found by the full run's
// combined mutations (a template repeated, then one renamed).
var templateVolume = regexp.MustCompile(`spec\.template\.spec\.volumes\[[0-9]+\]`)

// anyTemplateVolume returns text, an error about an object of kind, with
// the index of a StatefulSet's template volumes left out.
func anyTemplateVolume(kind, text string) string {
	if kind != "StatefulSet" {
		return text
	}
	return templateVolume.ReplaceAllString(text, "spec.template.spec.volumes[*]")
}

// madeUpName is a name a strategy makes up for an object sent without one (a
// LimitRange's): each request gets another.
var madeUpName = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// sameMessage reports whether the server's error message and builtin's
// agree: equal, but for a name made up for a nameless object, and but for
// the order of errors that the server's own code finds by ranging over a
// map (a Namespace's labels, the automatic kubernetes.io/metadata.name
// among them), which changes from one request to the next on the server
// too. Then the causes must be the same multiset, and the messages of
// the same length.
func sameMessage(a answer, res builtin.Result, kind string, nameless bool) bool {
	m1, m2 := anyTemplateVolume(kind, a.message), anyTemplateVolume(kind, res.Message)
	if nameless {
		m1, m2 = madeUpName.ReplaceAllString(m1, "UUID"), madeUpName.ReplaceAllString(m2, "UUID")
	}
	if m1 == m2 {
		return true
	}
	if len(m1) != len(m2) || len(a.causes) != len(res.Causes) {
		return false
	}
	var ours []string
	for _, c := range res.Causes {
		ours = append(ours, anyTemplateVolume(kind, c.Field+": "+c.Message))
	}
	theirs := slices.Clone(a.causes)
	for i := range theirs {
		theirs[i] = anyTemplateVolume(kind, theirs[i])
	}
	slices.Sort(theirs)
	slices.Sort(ours)
	return slices.Equal(theirs, ours)
}

// deprecation is the warning the server adds for a deprecated API
// version, which the command's lifecycle table gives, not builtin.
var deprecation = regexp.MustCompile(`^\S+ \S+ is deprecated in v1\.\d+\+`)

func serverWarnings(ws []string) []string {
	var out []string
	for _, w := range ws {
		if !deprecation.MatchString(w) {
			out = append(out, w)
		}
	}
	return out
}

// normalize reads a stored object without what differs on every request:
// its uid is builtin.ZeroUID wherever it is written (builtin's own
// answer), the time, resourceVersion and managedFields (which builtin
// does not track) are left out, and so is the name of an object sent
// without one (a LimitRange's strategy makes one up). For a Service, what
// the server allocates from its ranges (cluster IPs, IP families, node
// ports) is left out too: builtin judges a cluster whose ranges hold
// every address and port.
func normalize(data []byte, kind string, nameless bool) (map[string]any, error) {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	if meta, ok := m["metadata"].(map[string]any); ok {
		if uid, _ := meta["uid"].(string); uid != "" && uid != builtin.ZeroUID {
			data = bytes.ReplaceAll(data, []byte(uid), []byte(builtin.ZeroUID))
			m = nil
			if err := json.Unmarshal(data, &m); err != nil {
				return nil, err
			}
			meta = m["metadata"].(map[string]any)
		}
		for _, f := range []string{"creationTimestamp", "resourceVersion", "managedFields"} {
			delete(meta, f)
		}
		if gen, _ := meta["generateName"].(string); nameless && gen != "" {
			if n, _ := meta["name"].(string); n != "" && n != gen+builtin.GeneratedSuffix {
				data = bytes.ReplaceAll(data, []byte(strconv.Quote(n)), []byte(strconv.Quote(gen+builtin.GeneratedSuffix)))
				return normalize(data, kind, nameless)
			}
		} else if nameless {
			delete(meta, "name")
		}
	}
	if kind == "CertificateSigningRequest" {
		// The requester's name, groups, uid and extra: who applies it.
		if spec, ok := m["spec"].(map[string]any); ok {
			for _, f := range []string{"username", "groups", "uid", "extra"} {
				delete(spec, f)
			}
		}
	}
	if kind == "Service" {
		if spec, ok := m["spec"].(map[string]any); ok {
			for _, f := range []string{"clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy", "healthCheckNodePort"} {
				delete(spec, f)
			}
			ports, _ := spec["ports"].([]any)
			for _, p := range ports {
				if p, ok := p.(map[string]any); ok {
					delete(p, "nodePort")
				}
			}
		}
	}
	return m, nil
}

// identifying reports whether m changes what names the object (its
// name or namespace): such a change is another object's create, not an
// update.
func identifying(m mutation) bool {
	if len(m.path) == 0 {
		return true
	}
	if len(m.path) >= 1 && m.path[0] == "metadata" && (len(m.path) == 1 || m.path[1] == "name" || m.path[1] == "namespace") {
		return true
	}
	return false
}

func sameIdentity(a, b map[string]any) bool {
	ma, _ := a["metadata"].(map[string]any)
	mb, _ := b["metadata"].(map[string]any)
	return ma != nil && mb != nil && ma["name"] == mb["name"] && ma["namespace"] == mb["namespace"]
}

// liveSuffix ends the names of the live objects of updates.
const liveSuffix = "-live"

// renamed returns a copy of obj named as its live object. An APIService
// must be named spec.version + "." + spec.group: its group gets the
// suffix too.
func renamed(obj map[string]any) map[string]any {
	c := deepCopy(obj).(map[string]any)
	if meta, ok := c["metadata"].(map[string]any); ok {
		if n, ok := meta["name"].(string); ok {
			meta["name"] = n + liveSuffix
		}
	}
	if spec, ok := c["spec"].(map[string]any); ok && c["kind"] == "APIService" {
		if g, ok := spec["group"].(string); ok {
			spec["group"] = g + liveSuffix
		}
	}
	return c
}

func name(obj map[string]any) string {
	meta, _ := obj["metadata"].(map[string]any)
	n, _ := meta["name"].(string)
	return n
}

func key(obj map[string]any) string {
	return fmt.Sprint(obj["kind"], "/", name(obj))
}

func gvkOf(apiVersion, kind string) schema.GroupVersionKind {
	return schema.FromAPIVersionAndKind(apiVersion, kind)
}

func target(t *testing.T, judge *builtin.Judge, obj map[string]any) (schema.GroupVersionResource, string) {
	t.Helper()
	gvr, namespaced, ok := judge.Resource(schema.FromAPIVersionAndKind(obj["apiVersion"].(string), obj["kind"].(string)))
	if !ok {
		t.Fatalf("builtin judges no %s %s", obj["apiVersion"], obj["kind"])
	}
	if namespaced {
		return gvr, builtin.DefaultNamespace
	}
	return gvr, ""
}

func readSeeds(t *testing.T) []map[string]any {
	t.Helper()
	data, err := os.ReadFile("testdata/seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var seeds []map[string]any
	for _, doc := range bytes.Split(data, []byte("\n---\n")) {
		j, err := yaml.YAMLToJSON(doc)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(j, &m); err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, m)
	}
	return seeds
}

// logParity logs the counts of Kubernetes' own declarative validation
// disagreeing with its handwritten validation, which the server (and the
// Judge, the same code in the same process) count in
// apiserver_validation_declarative_validation_parity_discrepancies_total,
// by validation: the mutated objects find some in 1.37.2 (EndpointSlice
// and RuntimeClass updates, VolumeAttributesClass creates and updates).
// Both sides answer alike all the same; the count is Kubernetes' finding,
// not a mismatch of builtin's.
func logParity(t *testing.T, srv *server) {
	a, err := srv.do("GET", "/metrics", nil, false)
	if err != nil || !a.ok {
		t.Logf("the server's metrics: %v %s", err, a.message)
		return
	}
	for _, line := range strings.Split(string(a.object), "\n") {
		if strings.HasPrefix(line, "apiserver_validation_declarative_validation_parity_discrepancies_total{") {
			t.Logf("Kubernetes' declarative validation parity: %s", line)
		}
	}
}
