package migrate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// writeKubeconfig writes a kubeconfig for the cluster, with its context
// named "test" and the current context pointing nowhere, so that a run
// that reaches the cluster proves the context "test" was used.
func (c *cluster) writeKubeconfig() string {
	c.t.Helper()
	kc := clientcmdapi.NewConfig()
	kc.Clusters["test"] = &clientcmdapi.Cluster{Server: c.cfg.Host, CertificateAuthority: c.cfg.CAFile, CertificateAuthorityData: c.cfg.CAData, InsecureSkipTLSVerify: c.cfg.Insecure, TLSServerName: c.cfg.ServerName}
	kc.AuthInfos["test"] = &clientcmdapi.AuthInfo{Token: c.cfg.BearerToken, TokenFile: c.cfg.BearerTokenFile, ClientCertificate: c.cfg.CertFile, ClientKey: c.cfg.KeyFile, ClientCertificateData: c.cfg.CertData, ClientKeyData: c.cfg.KeyData}
	kc.Contexts["test"] = &clientcmdapi.Context{Cluster: "test", AuthInfo: "test"}
	kc.Clusters["nowhere"] = &clientcmdapi.Cluster{Server: "https://127.0.0.1:1"}
	kc.Contexts["nowhere"] = &clientcmdapi.Context{Cluster: "nowhere", AuthInfo: "test"}
	kc.CurrentContext = "nowhere"
	path := filepath.Join(c.t.TempDir(), "kubeconfig")
	if err := clientcmd.WriteToFile(*kc, path); err != nil {
		c.t.Fatal(err)
	}
	return path
}

// commandMigrator returns the Migrator that `kubeversion migrate
// --kubeconfig kubeconfig --context context --qps qps --burst burst` makes
// (qps and burst 0: its defaults, 20 and 40) with the options o, the other
// defaults those of the engine as the command leaves them.
func commandMigrator(kubeconfig, context string, qps float32, burst int, o Options) (*Migrator, error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = kubeconfig
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: context}).ClientConfig()
	if err != nil {
		return nil, err
	}
	cfg.QPS, cfg.Burst = cmpOr(qps, 20), cmpOr(burst, 40)
	return New(cfg, o)
}

// asCommand is commandMigrator for the cluster, through its kubeconfig's
// context "test", with the command's rate limits.
func (c *cluster) asCommand(o Options) *Migrator {
	c.t.Helper()
	m, err := commandMigrator(c.writeKubeconfig(), "test", 0, 0, o)
	if err != nil {
		c.t.Fatal(err)
	}
	return m
}

// exitStatus is the exit status of `kubeversion migrate` for an error of
// the engine (the command's migratecmd.ExitStatus): 1 when storedVersions
// was left for one of these errors, 2 for any other, 0 for none.
func exitStatus(err error) int {
	if err == nil {
		return 0
	}
	for _, e := range []error{ErrObjectsFailed, ErrCRDChanged, ErrStorageMigrating, ErrHashTimeout, ErrSVMFailed} {
		if errors.Is(err, e) {
			return 1
		}
	}
	return 2
}

// progressRecorder returns an Options.Progress that records its calls, and
// the function that returns them.
func progressRecorder() (func(Progress), func() []Progress) {
	var calls []Progress
	return func(p Progress) { calls = append(calls, p) }, func() []Progress { return calls }
}

// TestRunAsTheCommand runs the engine as `kubeversion migrate --kubeconfig
// K --context test` does: the dry run (--dry-run) returns the plan and
// writes nothing, then the run (--settle 100ms --page-size 7 -o json)
// migrates, reports it in JSON and its last progress line; a second run
// has nothing to do, and an unknown CRD fails with exit status 2.
func TestRunAsTheCommand(t *testing.T) {
	t.Parallel()
	c := prepare(t, 30)
	p, err := c.asCommand(Options{}).Plan(context.Background(), testCRD)
	var text bytes.Buffer
	if err == nil {
		p.Write(&text)
	}
	if err != nil || p.Total != 30 || len(p.Namespaces) != 3 || p.Namespaces["ns-0"] != 10 ||
		!strings.Contains(text.String(), "would patch 30 objects at migrate.example.com/v1 in 3 namespaces") ||
		!strings.Contains(text.String(), "ns-0                           10") {
		t.Errorf("Plan = %+v, %v\n%s", p, err, &text)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1beta1"] != 30 {
		t.Errorf("etcd holds %v after the dry run, want all 30 at v1beta1", counts)
	}

	progress, calls := progressRecorder()
	r, err := c.asCommand(Options{Settle: 100 * time.Millisecond, PageSize: 7, Progress: progress}).Run(context.Background(), testCRD)
	if err != nil {
		t.Fatalf("Run = %+v, %v", r, err)
	}
	raw, err := json.Marshal(r)
	var decoded Report
	if err != nil || json.Unmarshal(raw, &decoded) != nil {
		t.Fatalf("report as JSON: %s, %v", raw, err)
	}
	if decoded.Written != 30 || decoded.Pages != 5 || !decoded.Committed || !slices.Equal(decoded.StoredVersions, []string{"v1"}) {
		t.Errorf("report = %+v, want 30 written in 5 pages, storedVersions [v1]", decoded)
	}
	if all := calls(); len(all) == 0 || !all[len(all)-1].Final || !strings.HasPrefix(all[len(all)-1].String(), "30/30 objects (written 30") {
		t.Errorf("progress = %+v, want a final 30/30 objects (written 30", all)
	}

	text.Reset()
	r, err = c.asCommand(Options{}).Run(context.Background(), testCRD)
	if err == nil {
		r.Write(&text)
	}
	if err != nil || !r.NothingToDo || !strings.Contains(text.String(), "nothing to do") {
		t.Errorf("second run = %+v, %v, %q; want nothing to do", r, err, &text)
	}
	r, err = c.asCommand(Options{}).Run(context.Background(), "nosuch.example.com")
	if exitStatus(err) != 2 || !apierrors.IsNotFound(err) || r != nil && r.Target.Name != "" {
		t.Errorf("unknown CRD = %+v, %v; want NotFound (exit status 2) and no report", r, err)
	}
}
