package apiserver

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"helm.sh/helm/v3/pkg/release"
	"helm.sh/helm/v3/pkg/storage/driver"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/kubeversion/kubeversion/migrate/audit"
)

// TestAuditHelmReleases writes Helm 3 releases into a kube-apiserver with
// Helm's own storage drivers (a server cannot accept objects of removed
// versions, so such releases are written, not installed), and audit
// judges the latest revision of each: web moved its Ingress off
// extensions/v1beta1 in revision 2 (nothing), metrics still holds an
// autoscaling/v2beta2 HorizontalPodAutoscaler and a policy/v1beta1
// PodDisruptionBudget (two errors), cron, stored in a ConfigMap, a
// batch/v1beta1 CronJob (an error); api's latest revision failed, and its
// last deployed one, which helm upgrade compares with, holds an
// extensions/v1beta1 Ingress (an error). A release Helm cannot decode, and one
// that unzips past 64 MiB, are not read, and the report says so.
func TestAuditHelmReleases(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a kube-apiserver")
	}
	srv := startServer(t)
	ctx := context.Background()
	cs := kubernetes.NewForConfigOrDie(srv.config)
	secrets := driver.NewSecrets(cs.CoreV1().Secrets("default"))
	configMaps := driver.NewConfigMaps(cs.CoreV1().ConfigMaps("default"))
	status := release.StatusDeployed
	write := func(d driver.Driver, name string, revision int, manifest ...string) {
		t.Helper()
		rel := &release.Release{Name: name, Namespace: "default", Version: revision,
			Info: &release.Info{Status: status}, Manifest: strings.Join(manifest, "\n---\n")}
		if err := d.Create("sh.helm.release.v1."+name+".v"+string(rune('0'+revision)), rel); err != nil {
			t.Fatal(err)
		}
	}
	object := func(apiVersion, kind, name string) string {
		return "# Source: chart/templates/" + name + ".yaml\napiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: " + name + "\n"
	}
	write(secrets, "web", 1, object("extensions/v1beta1", "Ingress", "web"), object("apps/v1", "Deployment", "web"))
	write(secrets, "web", 2, object("networking.k8s.io/v1", "Ingress", "web"), object("apps/v1", "Deployment", "web"))
	write(secrets, "metrics", 1, object("autoscaling/v2beta2", "HorizontalPodAutoscaler", "api"), object("policy/v1beta1", "PodDisruptionBudget", "api"))
	write(configMaps, "cron", 3, object("batch/v1beta1", "CronJob", "nightly"))
	// api's revision 2 failed: helm upgrade compares with revision 1, the
	// last deployed, which still holds an extensions/v1beta1 Ingress.
	write(secrets, "api", 1, object("extensions/v1beta1", "Ingress", "api"))
	status = release.StatusFailed
	write(secrets, "api", 2, object("networking.k8s.io/v1", "Ingress", "api"))

	var bomb bytes.Buffer
	z := gzip.NewWriter(&bomb)
	z.Write(make([]byte, 70<<20))
	z.Close()
	for name, data := range map[string]string{"broken": "!!! not base64", "bomb": base64.StdEncoding.EncodeToString(bomb.Bytes())} {
		s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "sh.helm.release.v1." + name + ".v1",
			Labels: map[string]string{"owner": "helm", "name": name, "version": "1", "status": "deployed"}},
			Type: "helm.sh/release.v1", Data: map[string][]byte{"release": []byte(data)}}
		if _, err := cs.CoreV1().Secrets("default").Create(ctx, s, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}

	removed := func(apiVersion, kind string) audit.OldVersion {
		return audit.OldVersion{APIVersion: apiVersion, Kind: kind, Level: audit.Error, Message: "removed", Groups: []string{strings.Split(apiVersion, "/")[0]}}
	}
	r, err := audit.Run(ctx, srv.config, audit.Options{Target: 38, PageSize: 2, OldVersions: func(int) []audit.OldVersion {
		return []audit.OldVersion{removed("extensions/v1beta1", "Ingress"), removed("autoscaling/v2beta2", "HorizontalPodAutoscaler"),
			removed("policy/v1beta1", "PodDisruptionBudget"), removed("batch/v1beta1", "CronJob")}
	}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range r.Findings {
		if f.Check == audit.CheckHelmReleaseOldVersion {
			got = append(got, f.Subject+": "+f.Message)
		}
	}
	want := []string{
		"helm release default/api revision 1 (deployed): its manifest holds 1 extensions/v1beta1 Ingress (api): removed; helm upgrade and rollback read it and fail",
		"helm release default/cron revision 3 (deployed): its manifest holds 1 batch/v1beta1 CronJob (nightly): removed; helm upgrade and rollback read it and fail",
		"helm release default/metrics revision 1 (deployed): its manifest holds 1 autoscaling/v2beta2 HorizontalPodAutoscaler (api): removed; helm upgrade and rollback read it and fail",
		"helm release default/metrics revision 1 (deployed): its manifest holds 1 policy/v1beta1 PodDisruptionBudget (api): removed; helm upgrade and rollback read it and fail",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("helm findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	s := source(r, "helm releases")
	if s.Read || !strings.Contains(s.Note, "the latest revision of 6 releases") ||
		!strings.Contains(s.Note, "default/bomb revision 1: over 64 MiB once unzipped") || !strings.Contains(s.Note, "default/broken revision 1: the release does not decode") {
		t.Errorf("helm source %+v, want 6 releases, the bomb and the broken one not read", s)
	}
	t.Log(s.Note)
}
