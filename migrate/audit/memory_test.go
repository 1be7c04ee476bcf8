//go:build linux

package audit

import (
	"context"
	"flag"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// TestMemory's flags: it runs by hand only, with a kubeversion binary,
// as the closing figures were measured (about 3 minutes on 2 cores):
//
//	go build -o /tmp/kubeversion ./cmd/kubeversion
//	cd migrate && GOWORK=off go test -count=1 -run 'TestMemory$' -v -timeout 30m ./audit -auditbin /tmp/kubeversion -auditobjects 1000,100000
var (
	auditBinFlag     = flag.String("auditbin", "", "the kubeversion binary whose audit TestMemory measures (unset: TestMemory is skipped)")
	auditObjectsFlag = flag.String("auditobjects", "1000,100000", "the numbers of objects of TestMemory's runs, the smallest first")
)

// TestMemory shows that audit's memory does not grow with the number of
// objects of a resource it lists: the objects of a CRD with a deprecated
// version, written through it (every one's managedFields names it), are
// audited at each size by `kubeversion audit` in a process of its own,
// under /usr/bin/time (whose wait4 gives the peak RSS of its child alone:
// a child of the test binary would inherit the API server's high water
// mark), and each run's peak RSS must be within 10% of the first's.
func TestMemory(t *testing.T) {
	if *auditBinFlag == "" {
		t.Skip("by hand only: -auditbin /path/to/kubeversion")
	}
	s := start(t)
	c := crd("memory.example.com", "widgets")
	c.Spec.Versions[0].Deprecated = true
	s.create(c)
	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig")
	cfg := s.s.Config
	kc := clientcmdapi.NewConfig()
	kc.Clusters["test"] = &clientcmdapi.Cluster{Server: cfg.Host, CertificateAuthority: cfg.CAFile, CertificateAuthorityData: cfg.CAData, InsecureSkipTLSVerify: cfg.Insecure, TLSServerName: cfg.ServerName}
	kc.AuthInfos["test"] = &clientcmdapi.AuthInfo{Token: cfg.BearerToken, TokenFile: cfg.BearerTokenFile, ClientCertificate: cfg.CertFile, ClientKey: cfg.KeyFile, ClientCertificateData: cfg.CertData, ClientKeyData: cfg.KeyData}
	kc.Contexts["test"] = &clientcmdapi.Context{Cluster: "test", AuthInfo: "test"}
	kc.CurrentContext = "test"
	if err := clientcmd.WriteToFile(*kc, kubeconfig); err != nil {
		t.Fatal(err)
	}
	r := s.dyn.Resource(schema.GroupVersionResource{Group: c.Spec.Group, Version: "v1beta1", Resource: "widgets"}).Namespace("default")
	created := 0
	var first int64
	for _, field := range strings.Split(*auditObjectsFlag, ",") {
		n, err := strconv.Atoi(field)
		if err != nil {
			t.Fatal(err)
		}
		createObjects(t, n-created, func(i int) error {
			obj := &unstructured.Unstructured{Object: map[string]any{"apiVersion": c.Spec.Group + "/v1beta1", "kind": c.Spec.Names.Kind,
				"metadata": map[string]any{"name": fmt.Sprintf("w-%07d", created+i), "labels": map[string]any{"app": "demo"}}}}
			_, err := r.Create(context.Background(), obj, metav1.CreateOptions{FieldManager: "legacy-tool"})
			return err
		})
		created = n
		var errOut strings.Builder
		cmd := exec.Command("/usr/bin/time", "-f", "%M", *auditBinFlag, "audit", "--kubeconfig", kubeconfig)
		cmd.Stderr = &errOut
		text, _ := cmd.Output() // exit status 1: the objects written through v1beta1 are a finding
		lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
		peak, err := strconv.ParseInt(lines[len(lines)-1], 10, 64)
		if err != nil {
			t.Fatalf("/usr/bin/time: %v\n%s", err, errOut.String())
		}
		if want := fmt.Sprintf("%d objects were last written through it", n); !strings.Contains(string(text), want) {
			t.Fatalf("%d objects: audit says:\n%s\nwant %q", n, text, want)
		}
		t.Logf("%d objects: peak RSS %.1f MiB", n, float64(peak)/1024)
		if first == 0 {
			first = peak
		} else if peak > first*11/10 {
			t.Errorf("%d objects: peak RSS %d KiB, over 110%% of the first run's %d KiB", n, peak, first)
		}
	}
}

// createObjects calls create(i) for i from 0 to n-1, 8 at a time, and
// fails the test on the first error.
func createObjects(t *testing.T, n int, create func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	next := make(chan int)
	errs := make(chan error, 1)
	for range 8 {
		wg.Go(func() {
			for i := range next {
				if err := create(i); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
}
