package migrate

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

// crontabsFlag sets the number of CronTabs of TestCrontabWebhookInTheLoop;
// CI runs the default, the 10,000 of the issue run with -crontabs=10000.
var crontabsFlag = flag.Int("crontabs", 60, "CronTabs the webhook test creates")

// TestCrontabWebhookInTheLoop migrates the CronTabs of
// examples/crontab-webhook, whose versions differ (v1beta1 spec.cronSpec and
// spec.image; v1 spec.schedule and spec.jobTemplate.image), with that
// example's webhook, built from the repository and run, converting each
// object on the way: after the run, etcd holds every CronTab in the v1
// shape, and v1beta1 can leave the CRD.
func TestCrontabWebhookInTheLoop(t *testing.T) {
	t.Parallel()
	c := startCluster(t)
	url, caPEM := startCrontabWebhook(t)
	b, err := os.ReadFile("../examples/crontab-webhook/crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(b, &crd); err != nil {
		t.Fatal(err)
	}
	for i := range crd.Spec.Versions { // start with v1beta1 as the storage version
		crd.Spec.Versions[i].Storage = crd.Spec.Versions[i].Name == "v1beta1"
	}
	crd.Spec.Conversion.Webhook.ClientConfig = &apiextensionsv1.WebhookClientConfig{URL: &url, CABundle: caPEM}
	c.createCRD(&crd)
	gvr := func(v string) schema.GroupVersionResource {
		return schema.GroupVersionResource{Group: crd.Spec.Group, Version: v, Resource: crd.Spec.Names.Plural}
	}
	n := *crontabsFlag
	c.createEach(n, func(i int) error {
		obj := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "stable.example.com/v1beta1", "kind": "CronTab",
			"metadata": map[string]any{"name": fmt.Sprintf("cron-%05d", i), "namespace": "default"},
			"spec":     map[string]any{"cronSpec": fmt.Sprintf("*/%d * * * *", i%59+1), "image": "busybox", "replicas": int64(i)},
		}}
		_, err := c.dyn.Resource(gvr("v1beta1")).Namespace("default").Create(context.Background(), obj, metav1.CreateOptions{})
		return err
	})
	c.setStorageOf(crd.Name, "v1")

	m := c.migrator(nil, Options{PageSize: max(25, int64(n/20))})
	r, err := m.Run(context.Background(), crd.Name)
	if err != nil || r.Written != n || !r.Committed {
		t.Fatalf("Run: written %d, committed %v, %v; want %d, true", r.Written, r.Committed, err, n)
	}
	t.Logf("migrated %d CronTabs through the webhook in %d pages in %s (%.0f objects/s, preflight and settle included)", r.Written, r.Pages, r.Duration.Round(time.Millisecond), float64(r.Written)/r.Duration.Seconds())
	prefix := path.Join("/", c.prefix, "stable.example.com", "crontabs") + "/"
	resp, err := c.etcd.Get(context.Background(), prefix, clientv3.WithPrefix())
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Kvs) != n {
		t.Fatalf("etcd holds %d CronTabs, want %d", len(resp.Kvs), n)
	}
	for _, kv := range resp.Kvs {
		var obj struct {
			APIVersion string `json:"apiVersion"`
			Spec       struct {
				Schedule    string `json:"schedule"`
				CronSpec    string `json:"cronSpec"`
				JobTemplate struct {
					Image string `json:"image"`
				} `json:"jobTemplate"`
			} `json:"spec"`
		}
		if err := json.Unmarshal(kv.Value, &obj); err != nil {
			t.Fatal(err)
		}
		if obj.APIVersion != "stable.example.com/v1" || obj.Spec.Schedule == "" || obj.Spec.CronSpec != "" || obj.Spec.JobTemplate.Image != "busybox" {
			t.Errorf("etcd %s = %s, want a v1 CronTab with schedule and jobTemplate.image", kv.Key, kv.Value)
		}
	}
	if sv := r.StoredVersions; !slices.Equal(sv, []string{"v1"}) {
		t.Errorf("storedVersions = %v, want [v1]", sv)
	}
	got, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Get(context.Background(), crd.Name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got.Spec.Versions = slices.DeleteFunc(got.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool { return v.Name == "v1beta1" })
	if _, err := c.ext.ApiextensionsV1().CustomResourceDefinitions().Update(context.Background(), got, metav1.UpdateOptions{}); err != nil {
		t.Errorf("removing v1beta1 after the migration: %v", err)
	}
}

// startCrontabWebhook builds examples/crontab-webhook with the go command
// that runs the test, serves it on a free loopback port with a certificate
// made here, and returns its /convert URL and the certificate (PEM).
func startCrontabWebhook(t *testing.T) (string, []byte) {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build examples/crontab-webhook")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "crontab-webhook")
	build := exec.Command(goCmd, "build", "-o", bin, "./examples/crontab-webhook")
	build.Dir = ".."
	build.Env = append(os.Environ(), "GOWORK=off") // the root module alone: the standard library only
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./examples/crontab-webhook: %v\n%s", err, out)
	}
	certPEM, keyPEM := selfSigned(t)
	certFile, keyFile := filepath.Join(dir, "tls.crt"), filepath.Join(dir, "tls.key")
	if err := os.WriteFile(certFile, certPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, keyPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "--addr", addr, "--cert", certFile, "--key", keyFile)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(certPEM)
	for deadline := time.Now().Add(20 * time.Second); ; {
		conn, err := tls.Dial("tcp", addr, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"})
		if err == nil {
			conn.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("crontab-webhook on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "https://" + addr + "/convert", certPEM
}

// selfSigned returns a certificate for 127.0.0.1 and localhost, valid for
// an hour, and its key, both PEM.
func selfSigned(t *testing.T) ([]byte, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "crontab-webhook"},
		NotBefore:             time.Now().Add(-time.Minute),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb})
}
