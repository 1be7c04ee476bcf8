package migrate

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/version"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// The throughput comparison is a test gated behind -throughput, not a Go
// benchmark: the in-process API server needs a *testing.T. By hand:
//
//	cd migrate && GOWORK=off go test -count=1 -run TestThroughput -v -throughput \
//	    [-throughput-objects 2000] [-throughput-rounds 3] [-kubectl /tmp/kubectl-build/kubectl] .
var (
	throughputFlag        = flag.Bool("throughput", false, "run TestThroughput, the side-by-side comparison of migration approaches")
	throughputObjectsFlag = flag.Int("throughput-objects", 2000, "objects per approach and round of TestThroughput")
	throughputRoundsFlag  = flag.Int("throughput-rounds", 3, "rounds of TestThroughput")
	kubectlFlag           = flag.String("kubectl", "", "kubectl `PATH` for TestThroughput's get | replace leg (skipped when empty)")
)

// fleet is a CRD of the tests besides the widgets, with the widgets' schema
// and versions (v1beta1 and v1, v1beta1 stored), and its objects: plural
// "<singular>s", kind the singular capitalised.
type fleet struct {
	c                      *cluster
	singular, plural, kind string
}

// newFleet creates the CRD of singular, n objects stored as v1beta1, and
// moves the storage version to v1; the objects are spread over three
// namespaces, as the widgets are.
func (c *cluster) newFleet(singular string, n int) *fleet {
	c.t.Helper()
	f := &fleet{c: c, singular: singular, plural: singular + "s", kind: strings.ToUpper(singular[:1]) + singular[1:]}
	crd := widgetCRD()
	crd.Name = f.crdName()
	crd.Spec.Names = apiextensionsv1.CustomResourceDefinitionNames{Plural: f.plural, Singular: f.singular, Kind: f.kind, ListKind: f.kind + "List"}
	c.createCRD(crd)
	f.create(n)
	if counts, _ := c.storedOf(testGroup, f.plural); counts[testGroup+"/v1beta1"] != n || len(counts) != 1 {
		c.t.Fatalf("%s: before the switch, etcd holds %v, want %d at v1beta1", f.crdName(), counts, n)
	}
	c.setStorageOf(f.crdName(), "v1")
	return f
}

// crdName returns the name of the fleet's CRD, <plural>.<group>.
func (f *fleet) crdName() string { return f.plural + "." + testGroup }

// resource returns the client of the fleet's objects at version.
func (f *fleet) resource(version string) dynamic.NamespaceableResourceInterface {
	return f.c.dyn.Resource(schema.GroupVersionResource{Group: testGroup, Version: version, Resource: f.plural})
}

// create creates n objects at v1beta1, 8 at a time.
func (f *fleet) create(n int) {
	f.c.t.Helper()
	f.c.createEach(n, func(i int) error {
		ns, name := widgetName(i)
		obj := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": testGroup + "/v1beta1", "kind": f.kind,
			"metadata": map[string]any{"name": name, "namespace": ns},
			"spec":     map[string]any{"size": int64(i), "color": "blue"},
		}}
		_, err := f.resource("v1beta1").Namespace(ns).Create(context.Background(), obj, metav1.CreateOptions{})
		return err
	})
}

// checkMigrated fails the test unless etcd holds all n objects at v1 and,
// with storedVersions set, the CRD's status.storedVersions is [v1].
func (f *fleet) checkMigrated(who string, n int, storedVersions bool) {
	f.c.t.Helper()
	if counts, _ := f.c.storedOf(testGroup, f.plural); counts[testGroup+"/v1"] != n || len(counts) != 1 {
		f.c.t.Errorf("%s: etcd holds %v, want %d at v1", who, counts, n)
	}
	if !storedVersions {
		return
	}
	crd, err := f.c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), f.crdName(), metav1.GetOptions{})
	if err != nil {
		f.c.t.Fatal(err)
	}
	if sv := crd.Status.StoredVersions; !slices.Equal(sv, []string{"v1"}) {
		f.c.t.Errorf("%s: storedVersions = %v, want [v1]", who, sv)
	}
}

// fullPut migrates the fleet as kube-storage-version-migrator's migrator
// does (pkg/migrator/core.go, rewritten here): list full objects 500 at a
// time with continue tokens, PUT each listed item back, one worker (its
// defaultConcurrency); on a Conflict, GET the object and PUT again; NotFound
// is done. A 410 Gone continues with the token of its answer. It never
// touches storedVersions.
func (f *fleet) fullPut(ctx context.Context, dyn dynamic.Interface) error {
	res := dyn.Resource(schema.GroupVersionResource{Group: testGroup, Version: "v1", Resource: f.plural})
	cont := ""
	for {
		list, err := res.Namespace(metav1.NamespaceAll).List(ctx, metav1.ListOptions{Limit: 500, Continue: cont})
		if apierrors.IsResourceExpired(err) {
			cont = continueOf(err)
			if cont == "" {
				return fmt.Errorf("410 without a continue token: %w", err)
			}
			continue
		}
		if err != nil {
			return err
		}
		for i := range list.Items {
			if err := putOne(ctx, res.Namespace(list.Items[i].GetNamespace()), &list.Items[i]); err != nil {
				return err
			}
		}
		if cont = list.GetContinue(); cont == "" {
			return nil
		}
	}
}

// putOne is kube-storage-version-migrator's migrateOneItem: PUT item, and
// after a Conflict GET and PUT again, until done. Unlike it, a bounded
// number of tries (it retries most errors forever).
func putOne(ctx context.Context, ri dynamic.ResourceInterface, item *unstructured.Unstructured) error {
	get := false
	for range 10 {
		if get {
			cur, err := ri.Get(ctx, item.GetName(), metav1.GetOptions{})
			if apierrors.IsNotFound(err) {
				return nil
			}
			if err != nil {
				return err
			}
			item = cur
		}
		_, err := ri.Update(ctx, item, metav1.UpdateOptions{})
		switch {
		case err == nil || apierrors.IsNotFound(err):
			return nil
		case apierrors.IsConflict(err):
			get = true
		default:
			return err
		}
	}
	return fmt.Errorf("%s: still conflicting after 10 tries", item.GetName())
}

// viaKubectl migrates the fleet with `kubectl get <plural>.v1beta1.<group>
// -A -o json | kubectl replace -f -`, the two processes piped, on the
// kubeconfig of kubectlProxy.
func (f *fleet) viaKubectl(kubectl, kubeconfig string) error {
	common := []string{"--kubeconfig", kubeconfig, "--context", "test", "--cache-dir", filepath.Join(f.c.t.TempDir(), "kubectl-cache")}
	get := exec.Command(kubectl, append(common, "get", f.plural+".v1beta1."+testGroup, "-A", "-o", "json")...)
	replace := exec.Command(kubectl, append(common, "replace", "-f", "-")...)
	pipe, err := get.StdoutPipe()
	if err != nil {
		return err
	}
	var getErr, replaceErr strings.Builder
	get.Stderr, replace.Stdin, replace.Stderr = &getErr, pipe, &replaceErr
	if err := get.Start(); err != nil {
		return err
	}
	if err := replace.Start(); err != nil {
		get.Process.Kill()
		get.Wait()
		return err
	}
	ge, re := get.Wait(), replace.Wait()
	if ge != nil || re != nil {
		return fmt.Errorf("kubectl get: %v %s; kubectl replace: %v %s", ge, getErr.String(), re, replaceErr.String())
	}
	return nil
}

// kubectlProxy serves the cluster to kubectl and returns the path of a
// kubeconfig for it, context "test", and a client configuration for it,
// with the QPS and burst of c.cfg. kubectl needs the group list of /apis,
// which the apiextensions API server alone does not serve (kube-apiserver's
// aggregator does; apiserver.go sets EnableDiscovery false), and the core
// group, whose discovery gives its REST mapper the kind List of `kubectl
// get -o json`: the proxy answers /apis with the groups of the CRDs and
// apiextensions.k8s.io, /api and /api/v1 with an empty core v1, and passes
// every other request on.
func (c *cluster) kubectlProxy() (string, *rest.Config) {
	c.t.Helper()
	rt, err := rest.TransportFor(c.cfg)
	if err != nil {
		c.t.Fatal(err)
	}
	target, err := url.Parse(c.cfg.Host)
	if err != nil {
		c.t.Fatal(err)
	}
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) { r.SetURL(target) }, Transport: rt}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var answer any
		switch strings.TrimSuffix(r.URL.Path, "/") {
		case "/api":
			answer = &metav1.APIVersions{TypeMeta: metav1.TypeMeta{Kind: "APIVersions"}, Versions: []string{"v1"}}
		case "/api/v1":
			answer = &metav1.APIResourceList{TypeMeta: metav1.TypeMeta{Kind: "APIResourceList", APIVersion: "v1"}, GroupVersion: "v1"}
		case "/apis":
			groups, err := c.groupList(r.Context())
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			answer = groups
		default:
			rp.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(answer)
	}))
	c.t.Cleanup(srv.Close)
	kc := clientcmdapi.NewConfig()
	kc.Clusters["test"] = &clientcmdapi.Cluster{Server: srv.URL}
	kc.AuthInfos["test"] = &clientcmdapi.AuthInfo{}
	kc.Contexts["test"] = &clientcmdapi.Context{Cluster: "test", AuthInfo: "test"}
	kc.CurrentContext = "test"
	path := filepath.Join(c.t.TempDir(), "kubeconfig-proxy")
	if err := clientcmd.WriteToFile(*kc, path); err != nil {
		c.t.Fatal(err)
	}
	return path, &rest.Config{Host: srv.URL, QPS: c.cfg.QPS, Burst: c.cfg.Burst}
}

// groupList returns the APIGroupList of /apis: apiextensions.k8s.io/v1 and
// the served versions of each CRD's group, highest priority first.
func (c *cluster) groupList(ctx context.Context) (*metav1.APIGroupList, error) {
	crds, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().List(ctx, metav1.ListOptions{})
	if err != nil {
		return nil, err
	}
	versions := map[string][]string{"apiextensions.k8s.io": {"v1"}}
	for _, crd := range crds.Items {
		for _, v := range crd.Spec.Versions {
			if v.Served && !slices.Contains(versions[crd.Spec.Group], v.Name) {
				versions[crd.Spec.Group] = append(versions[crd.Spec.Group], v.Name)
			}
		}
	}
	list := &metav1.APIGroupList{TypeMeta: metav1.TypeMeta{Kind: "APIGroupList", APIVersion: "v1"}}
	for _, g := range slices.Sorted(maps.Keys(versions)) {
		vs := versions[g]
		slices.SortFunc(vs, func(a, b string) int { return -version.CompareKubeAwareVersionStrings(a, b) })
		group := metav1.APIGroup{Name: g}
		for _, v := range vs {
			group.Versions = append(group.Versions, metav1.GroupVersionForDiscovery{GroupVersion: g + "/" + v, Version: v})
		}
		group.PreferredVersion = group.Versions[0]
		list.Groups = append(list.Groups, group)
	}
	return list, nil
}

// approach is one way to migrate a fleet, timed by TestThroughput.
type approach struct {
	name    string
	migrate func(*fleet) error
	// storedVersions is true when the approach sets storedVersions too.
	storedVersions bool
}

// TestThroughput migrates fresh fleets of the same size with each approach
// in rounds whose order rotates, and prints objects/s per approach and
// round, and the median ratios of ours to the others: kubeversion's Run
// (default concurrency and page size; the client's rate limit of the tests,
// 2000 QPS, so that the server is the bottleneck of every approach),
// kube-storage-version-migrator's full PUT, and kubectl get | replace.
func TestThroughput(t *testing.T) {
	if !*throughputFlag {
		t.Skip("a comparison run by hand: -throughput")
	}
	n, rounds := *throughputObjectsFlag, *throughputRoundsFlag
	c := startCluster(t)
	// Every approach goes through the proxy that kubectl needs, so that its
	// hop costs them all alike.
	kubeconfig, cfg := c.kubectlProxy()
	dyn := dynamic.NewForConfigOrDie(cfg)
	var rewrite []string // ours without the preflight, from its last Progress
	approaches := []approach{
		{"ours", func(f *fleet) error {
			var last Progress
			r, err := c.migrator(cfg, Options{Progress: func(p Progress) { last = p }}).Run(context.Background(), f.crdName())
			if err == nil && r.Written != n {
				err = fmt.Errorf("wrote %d of %d", r.Written, n)
			}
			rewrite = append(rewrite, fmt.Sprintf("%.0f/s", last.Rate()))
			return err
		}, true},
		{"full-PUT", func(f *fleet) error { return f.fullPut(context.Background(), dyn) }, false},
	}
	if *kubectlFlag == "" {
		t.Log("no -kubectl: the kubectl get | replace leg is skipped")
	} else {
		approaches = append(approaches, approach{"kubectl", func(f *fleet) error { return f.viaKubectl(*kubectlFlag, kubeconfig) }, false})
	}
	rates := map[string][]float64{}
	for round := range rounds {
		fleets := make([]*fleet, len(approaches))
		for i, a := range approaches {
			fleets[i] = c.newFleet(fmt.Sprintf("tp%d%s", round, strings.ToLower(strings.ReplaceAll(a.name, "-", ""))), n)
		}
		var line []string
		for k := range approaches {
			i := (k + round) % len(approaches) // each approach leads a round in turn
			a, f := approaches[i], fleets[i]
			start := time.Now()
			if err := a.migrate(f); err != nil {
				t.Fatalf("round %d, %s: %v", round, a.name, err)
			}
			d := time.Since(start)
			f.checkMigrated(fmt.Sprintf("round %d, %s", round, a.name), n, a.storedVersions)
			rate := float64(n) / d.Seconds()
			rates[a.name] = append(rates[a.name], rate)
			line = append(line, fmt.Sprintf("%s %.0f/s (%s)", a.name, rate, d.Round(time.Millisecond)))
		}
		t.Logf("round %d, %d objects each: %s", round, n, strings.Join(line, ", "))
	}
	for _, a := range approaches[1:] {
		ratios := make([]float64, rounds)
		for r := range rounds {
			ratios[r] = rates["ours"][r] / rates[a.name][r]
		}
		fmt.Fprintf(os.Stdout, "throughput: ours/%s median %.2f over %d rounds (per round %s)\n", a.name, median(ratios), rounds, fmtFloats(ratios))
	}
	for _, a := range approaches {
		fmt.Fprintf(os.Stdout, "throughput: %s median %.0f objects/s (per round %s)\n", a.name, median(rates[a.name]), fmtFloats(rates[a.name]))
	}
	fmt.Fprintf(os.Stdout, "throughput: ours without its preflight (discovery polls, 100ms settle): %s\n", strings.Join(rewrite, " "))
}

// median returns the median of xs, the mean of the middle two for an even
// count.
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func fmtFloats(xs []float64) string {
	var s []string
	for _, x := range xs {
		s = append(s, fmt.Sprintf("%.2f", x))
	}
	return strings.Join(s, " ")
}
