package apiserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	"k8s.io/apiextensions-apiserver/test/integration/fixtures"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	clientgofeatures "k8s.io/client-go/features"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/metadata/metadatainformer"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"
	clientretry "k8s.io/client-go/util/retry"
	"k8s.io/controller-manager/pkg/informerfactory"
	"k8s.io/kubernetes/pkg/controller/garbagecollector"
	svmcontroller "k8s.io/kubernetes/pkg/controller/storageversionmigrator"
	"k8s.io/kubernetes/pkg/features"

	"github.com/kubeversion/kubeversion/migrate"
)

// The tests of `kubeversion migrate --use-cluster-migrator` against the
// real thing: a kube-apiserver of k8s.io/kubernetes v1.37.2, which serves
// storagemigration.k8s.io/v1 by default, and the in-tree controllers of
// pkg/controller/storageversionmigrator (the migrator, the resource
// version controller and the migration runner, which sets the CRD's
// storedVersions), built as kube-controller-manager builds them, over the
// garbage collector's graph whose monitors they read. migrate's own tests
// run the same flows against a stand-in written from these sources.

const (
	svmGroup  = "svm.example.com"
	svmPlural = "widgets"
	svmCRD    = svmPlural + "." + svmGroup
)

// TestClusterMigratorReal: 40 widgets stored as v1beta1, the storage
// version moved to v1, and `migrate --use-cluster-migrator`. The
// controller migrates every object (etcd holds them all as v1), its
// migration runner sets storedVersions to [v1], and the report says the
// controller did.
func TestClusterMigratorReal(t *testing.T) {
	const n = 40
	srv, ext := prepareWidgets(t, n)
	startMigrationControllers(t, srv.config, nil)
	r, err := runClusterMigrator(t, srv.config)
	text := reportText(r)
	t.Logf("report:\n%s\nerror: %v", text, err)
	if err != nil {
		t.Fatal(err)
	}
	if r.SVM == nil || r.SVM.Phase != "Succeeded" || r.SVM.APIVersion != migrate.SVMGroup+"/v1" || !r.SVM.ControllerTrimmed ||
		!slices.Equal(r.StoredVersions, []string{"v1"}) {
		t.Errorf("report = %+v, svm %+v; want Succeeded at v1, storedVersions [v1] set by the controller", r, r.SVM)
	}
	if counts := storedVersionsInEtcd(t, srv); counts[svmGroup+"/v1"] != n || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, n)
	}
	crd := getCRD(t, ext)
	if !slices.Equal(crd.Status.StoredVersions, []string{"v1"}) {
		t.Errorf("storedVersions = %v, want [v1]", crd.Status.StoredVersions)
	}
	if c := storageMigrating(crd); c == nil || c.Status != apiextensionsv1.ConditionFalse || c.Reason != "MigrationSucceeded" {
		t.Errorf("StorageMigrating = %+v, want False, MigrationSucceeded", c)
	}
}

// TestClusterMigratorRealFailed has the real controller meet a patch
// refused with 403 (injected in the controller's own client, for widget
// w-00007): the run fails with ErrSVMFailed, for which the command exits
// 1. 1.37.2's
// migration runner then trims storedVersions to the storage version,
// although objects are still stored as v1beta1, as docs/migrate.md says;
// the test requires that the run saw it do so and put [v1beta1 v1] back,
// so that it fails if a release stops trimming after a failure.
func TestClusterMigratorRealFailed(t *testing.T) {
	const n = 15
	srv, ext := prepareWidgets(t, n)
	startMigrationControllers(t, srv.config, func(r *http.Request) *http.Response {
		if r.Method == http.MethodPatch && strings.HasSuffix(r.URL.Path, "/"+svmPlural+"/w-00007") {
			return forbidden(r, "injected: patch forbidden")
		}
		return nil
	})
	r, err := runClusterMigrator(t, srv.config)
	text := reportText(r)
	t.Logf("report:\n%s\nerror: %v", text, err)
	if !errors.Is(err, migrate.ErrSVMFailed) || !strings.Contains(err.Error(), "injected: patch forbidden") {
		t.Fatalf("error %v, want ErrSVMFailed with the controller's message", err)
	}
	if r == nil || r.SVM == nil || r.SVM.Phase != "Failed" || r.Committed || !slices.Equal(r.StoredVersions, []string{"v1beta1", "v1"}) {
		t.Errorf("report = %+v; want the SVM Failed, storedVersions [v1beta1 v1]", r)
	}
	crd := getCRD(t, ext)
	if !slices.Equal(crd.Status.StoredVersions, []string{"v1beta1", "v1"}) {
		t.Errorf("storedVersions = %v, want [v1beta1 v1]", crd.Status.StoredVersions)
	}
	c := storageMigrating(crd)
	if c == nil || c.Status != apiextensionsv1.ConditionFalse || c.Reason != "MigrationFailed" {
		t.Errorf("StorageMigrating = %+v, want False, MigrationFailed: the runner's cleanup", c)
	}
	var managers []string // of status.storedVersions, as the CRD ends
	for _, f := range crd.ManagedFields {
		if f.Subresource == "status" && f.FieldsV1 != nil && bytes.Contains(f.FieldsV1.Raw, []byte(`"f:storedVersions"`)) {
			managers = append(managers, f.Manager)
		}
	}
	// What 1.37.2 does after a failure: the migration runner's apply sets
	// storedVersions to the storage version whenever the CRD's generation
	// did not change, success or not, and the run puts the list back.
	t.Logf("the migration runner trimmed storedVersions after the failure, and the run put them back: %v; managers of storedVersions: %v", r.SVM.Restored, managers)
	if !r.SVM.Restored || !strings.Contains(text, "status.storedVersions put back to [v1beta1 v1]") {
		t.Errorf("the run did not restore storedVersions: 1.37.2's runner no longer trims after a failure? report:\n%s", text)
	}
	if counts := storedVersionsInEtcd(t, srv); counts[svmGroup+"/v1beta1"] == 0 {
		t.Errorf("etcd holds %v: the failed migration should leave objects at v1beta1", counts)
	}
}

// prepareWidgets starts a kube-apiserver with a CRD of two served
// versions, n widgets stored as v1beta1 (read back from etcd), and v1
// then made the storage version.
func prepareWidgets(t *testing.T, n int) (*server, apiextensionsclient.Interface) {
	t.Helper()
	srv := startServer(t)
	ext := apiextensionsclient.NewForConfigOrDie(srv.config)
	dyn := dynamic.NewForConfigOrDie(srv.config)
	spec := &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{"size": {Type: "integer"}}},
		},
	}}
	crd := &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: svmCRD},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: svmGroup,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: svmPlural, Singular: "widget", Kind: "Widget", ListKind: "WidgetList"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{
				{Name: "v1beta1", Served: true, Storage: true, Schema: spec},
				{Name: "v1", Served: true, Schema: spec},
			},
		},
	}
	ctx := context.Background()
	if _, err := fixtures.CreateNewV1CustomResourceDefinition(crd, ext, dyn); err != nil { // and waits until it is served
		t.Fatal(err)
	}
	gvr := schema.GroupVersionResource{Group: svmGroup, Version: "v1beta1", Resource: svmPlural}
	for i := range n {
		obj := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": svmGroup + "/v1beta1", "kind": "Widget",
			"metadata": map[string]any{"name": fmt.Sprintf("w-%05d", i), "namespace": "default"},
			"spec":     map[string]any{"size": int64(i)},
		}}
		if _, err := dyn.Resource(gvr).Namespace("default").Create(ctx, obj, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if counts := storedVersionsInEtcd(t, srv); counts[svmGroup+"/v1beta1"] != n || len(counts) != 1 {
		t.Fatalf("before the switch, etcd holds %v, want %d at v1beta1", counts, n)
	}
	err := clientretry.RetryOnConflict(clientretry.DefaultRetry, func() error {
		crd, err := ext.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, svmCRD, metav1.GetOptions{})
		if err != nil {
			return err
		}
		for i := range crd.Spec.Versions {
			crd.Spec.Versions[i].Storage = crd.Spec.Versions[i].Name == "v1"
		}
		_, err = ext.ApiextensionsV1().CustomResourceDefinitions().Update(ctx, crd, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return srv, ext
}

// startMigrationControllers starts, until t ends, the controllers that
// kube-controller-manager's "svm" controller runs (v1.37.2,
// cmd/kube-controller-manager/app/storageversionmigrator.go), with the
// garbage collector's graph builder their migrator reads, as its
// "garbagecollector" controller builds it. fault, when not nil, may
// answer a request of the migrator's dynamic client instead of the
// server.
func startMigrationControllers(t *testing.T, cfg *rest.Config, fault func(*http.Request) *http.Response) {
	t.Helper()
	// kube-controller-manager starts them only with these gates on (all
	// three are by default in 1.37): without InformerResourceVersion the
	// migrator could not read its cache's resource version.
	if !utilfeature.DefaultFeatureGate.Enabled(features.StorageVersionMigrator) ||
		!clientgofeatures.FeatureGates().Enabled(clientgofeatures.InformerResourceVersion) ||
		!clientgofeatures.FeatureGates().Enabled(clientgofeatures.InOrderInformers) {
		t.Fatal("the feature gates StorageVersionMigrator, InformerResourceVersion and InOrderInformers must be on, as kube-controller-manager requires")
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	kube := kubernetes.NewForConfigOrDie(cfg)
	meta := metadata.NewForConfigOrDie(cfg)
	disco := discovery.NewDiscoveryClientForConfigOrDie(cfg)
	mapper := restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(disco))
	shared := informers.NewSharedInformerFactory(kube, 0)
	metaInformers := metadatainformer.NewSharedInformerFactory(meta, 0)
	started := make(chan struct{})
	t.Cleanup(func() { cancel(); wg.Wait(); shared.Shutdown(); metaInformers.Shutdown() })
	graph := garbagecollector.NewDependencyGraphBuilder(ctx, meta, mapper, garbagecollector.DefaultIgnoredResources(),
		informerfactory.NewInformerFactory(shared, metaInformers), started)
	gc, err := garbagecollector.NewComposedGarbageCollector(ctx, kube, meta, mapper, graph)
	if err != nil {
		t.Fatal(err)
	}

	migratorCfg := rest.CopyConfig(cfg)
	if fault != nil {
		migratorCfg.Wrap(func(rt http.RoundTripper) http.RoundTripper {
			return roundTripper(func(r *http.Request) (*http.Response, error) {
				if resp := fault(r); resp != nil {
					return resp, nil
				}
				return rt.RoundTrip(r)
			})
		})
	}
	svms := shared.Storagemigration().V1().StorageVersionMigrations()
	run := []func(context.Context){
		func(ctx context.Context) { gc.Run(ctx, 1, 30*time.Second) },
		// kube-controller-manager resyncs every 30 s; the test's CRD is
		// there before the controllers start, so once a second suffices.
		func(ctx context.Context) { gc.Sync(ctx, disco, time.Second) },
		svmcontroller.NewSVMController(ctx, kube, dynamic.NewForConfigOrDie(migratorCfg), svms, "storage-version-migrator-controller", mapper, graph).Run,
		svmcontroller.NewResourceVersionController(ctx, kube, disco, meta, svms, mapper).Run,
		svmcontroller.NewCustomResourceController(ctx, kube, svms, apiextensionsclient.NewForConfigOrDie(cfg).ApiextensionsV1().CustomResourceDefinitions()).Run,
	}
	for _, f := range run {
		wg.Go(func() { f(ctx) })
	}
	shared.Start(ctx.Done())
	metaInformers.Start(ctx.Done())
	close(started)
}

// roundTripper is a function as an http.RoundTripper.
type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// forbidden is the answer the server gives a request that RBAC refuses.
func forbidden(r *http.Request, message string) *http.Response {
	body, _ := json.Marshal(metav1.Status{
		TypeMeta: metav1.TypeMeta{Kind: "Status", APIVersion: "v1"},
		Status:   metav1.StatusFailure, Code: http.StatusForbidden, Reason: metav1.StatusReasonForbidden, Message: message,
	})
	return &http.Response{
		StatusCode: http.StatusForbidden, Status: "403 Forbidden", Request: r,
		Header: http.Header{"Content-Type": {"application/json"}},
		Body:   io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)),
	}
}

// runClusterMigrator runs migrate's engine with the cluster's migrator on
// the test CRD, as `kubeversion migrate --use-cluster-migrator` does, with
// the short delays of tests but room for a loaded machine: the controller
// may wait for its garbage collector's cache to catch up with the
// migration's checkpoint, and its runner retries on conflicts. The whole
// run is bounded, so that a stuck migration fails this test alone.
func runClusterMigrator(t *testing.T, cfg *rest.Config) (*migrate.Report, error) {
	t.Helper()
	m, err := migrate.New(cfg, migrate.Options{Settle: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond,
		SVMStartTimeout: 2 * time.Minute, TrimWait: 2 * time.Minute, Notify: func(s string) { t.Log(s) }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	return m.RunWithClusterMigrator(ctx, svmCRD)
}

// reportText is the text report of a run, or "" without one.
func reportText(r *migrate.Report) string {
	if r == nil || r.Target.Name == "" {
		return ""
	}
	var b bytes.Buffer
	r.Write(&b)
	return b.String()
}

// getCRD reads the test CRD.
func getCRD(t *testing.T, ext apiextensionsclient.Interface) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	crd, err := ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), svmCRD, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return crd
}

// storageMigrating is the CRD's StorageMigrating condition, or nil.
func storageMigrating(crd *apiextensionsv1.CustomResourceDefinition) *apiextensionsv1.CustomResourceDefinitionCondition {
	for i := range crd.Status.Conditions {
		if crd.Status.Conditions[i].Type == apiextensionsv1.StorageMigrating {
			return &crd.Status.Conditions[i]
		}
	}
	return nil
}

// storedVersionsInEtcd reads the widgets from etcd and counts the
// apiVersion each is stored in (custom resources are stored as JSON).
func storedVersionsInEtcd(t *testing.T, srv *server) map[string]int {
	t.Helper()
	client, err := clientv3.New(clientv3.Config{Endpoints: []string{srv.etcd}, DialTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	resp, err := client.Get(context.Background(), path.Join(srv.prefix, svmGroup, svmPlural)+"/", clientv3.WithPrefix())
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, kv := range resp.Kvs {
		var obj struct {
			APIVersion string `json:"apiVersion"`
		}
		if err := json.Unmarshal(kv.Value, &obj); err != nil {
			t.Fatalf("etcd %s: %v", kv.Key, err)
		}
		counts[obj.APIVersion]++
	}
	return counts
}
