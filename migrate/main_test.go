package migrate

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// writeKubeconfig writes a kubeconfig for the cluster, with its context
// named "test" and the current context pointing nowhere, so that Main must
// honour --context.
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

// TestMainMigrates runs the command's entry on a kubeconfig: --dry-run prints the
// plan and writes nothing, then the run migrates and prints a JSON report.
func TestMainMigrates(t *testing.T) {
	c := prepare(t, 30)
	kubeconfig := c.writeKubeconfig()
	var stdout, stderr bytes.Buffer
	status := Main([]string{"--kubeconfig", kubeconfig, "--context", "test", "--dry-run", testCRD}, &stdout, &stderr)
	if status != ExitOK || !strings.Contains(stdout.String(), "would patch 30 objects at migrate.example.com/v1 in 3 namespaces") ||
		!strings.Contains(stdout.String(), "ns-0                           10") {
		t.Errorf("--dry-run = %d\nstdout:\n%s\nstderr:\n%s", status, &stdout, &stderr)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1beta1"] != 30 {
		t.Errorf("etcd holds %v after --dry-run, want all 30 at v1beta1", counts)
	}

	stdout.Reset()
	stderr.Reset()
	status = Main([]string{testCRD, "--kubeconfig", kubeconfig, "--context", "test", "--settle", "100ms", "--page-size", "7", "-o", "json"}, &stdout, &stderr)
	var r Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil || status != ExitOK {
		t.Fatalf("run = %d, %v\nstdout:\n%s\nstderr:\n%s", status, err, &stdout, &stderr)
	}
	if r.Written != 30 || r.Pages != 5 || !r.Committed || !slices.Equal(r.StoredVersions, []string{"v1"}) {
		t.Errorf("report = %+v, want 30 written in 5 pages, storedVersions [v1]", r)
	}
	if !strings.Contains(stderr.String(), "30/30 objects (written 30") {
		t.Errorf("stderr = %q, want the final progress line", &stderr)
	}

	stdout.Reset()
	stderr.Reset()
	if status := Main([]string{"--kubeconfig", kubeconfig, "--context", "test", testCRD}, &stdout, &stderr); status != ExitOK || !strings.Contains(stdout.String(), "nothing to do") {
		t.Errorf("second run = %d, stdout %q, stderr %q; want nothing to do", status, &stdout, &stderr)
	}
	if status := Main([]string{"--kubeconfig", kubeconfig, "--context", "test", "nosuch.example.com"}, &stdout, &stderr); status != ExitError {
		t.Errorf("unknown CRD = %d, want %d", status, ExitError)
	}
}
