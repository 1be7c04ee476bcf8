package migrate

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/test/integration/conversion"
	"k8s.io/apimachinery/pkg/runtime"
)

// TestWebhookDown migrates widgets whose CRD converts through a webhook
// (k8s.io/apiextensions-apiserver's integration conversion server, which
// only rewrites apiVersion: the schemas are equal), and takes the webhook
// down: before the run (the read fails, naming the webhook, and nothing is
// written), then after the first page (the list of the next page fails:
// one object the server cannot convert fails the whole page; storedVersions
// is left). Up again, a run resumed from the state file finishes the job.
func TestWebhookDown(t *testing.T) {
	t.Parallel()
	c := startCluster(t)
	var down atomic.Bool
	convert := conversion.NewObjectConverterWebhookHandler(t, func(desired string, obj runtime.RawExtension) (runtime.RawExtension, error) {
		var m map[string]any
		if err := json.Unmarshal(obj.Raw, &m); err != nil {
			return runtime.RawExtension{}, err
		}
		m["apiVersion"] = desired
		raw, err := json.Marshal(m)
		return runtime.RawExtension{Raw: raw}, err
	})
	stop, clientConfig, err := conversion.StartConversionWebhookServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
			return
		}
		convert.ServeHTTP(w, r)
	}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	crd := widgetCRD()
	crd.Spec.Conversion = &apiextensionsv1.CustomResourceConversion{
		Strategy: apiextensionsv1.WebhookConverter,
		Webhook:  &apiextensionsv1.WebhookConversion{ClientConfig: clientConfig, ConversionReviewVersions: []string{"v1", "v1beta1"}},
	}
	c.createCRD(crd)
	c.createWidgets(faultObjects)
	c.setStorage("v1")
	state := filepath.Join(t.TempDir(), "state.json")

	down.Store(true)
	_, err = c.migrator(nil, Options{PageSize: faultPage, StateFile: state, Retries: 1}).Run(context.Background(), testCRD)
	// The one-object read of the preflight may be served from the watch
	// cache, which holds objects decoded when the webhook was up; the first
	// page read from etcd fails for sure. Either way, nothing is written.
	if err == nil || !strings.Contains(err.Error(), "conversion webhook") {
		t.Errorf("run with the webhook down = %v, want an error naming the conversion webhook", err)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1beta1"] != faultObjects {
		t.Errorf("etcd holds %v after a run with the webhook down, want all %d at v1beta1", counts, faultObjects)
	}
	t.Logf("webhook down from the start: %v", err)
	down.Store(false)

	m := c.migrator(nil, Options{PageSize: faultPage, StateFile: state, Retries: 2, Progress: func(p Progress) {
		if p.Pages == 1 {
			down.Store(true)
		}
	}})
	r, err := m.Run(context.Background(), testCRD)
	if err == nil || r.Committed {
		t.Fatalf("run with the webhook down after one page: committed %v, %v; want an error", r.Committed, err)
	}
	if r.Written < faultPage || r.Written == faultObjects {
		t.Errorf("written %d with the webhook down after the first page, want %d to %d", r.Written, faultPage, faultObjects-1)
	}
	if !errors.Is(err, ErrObjectsFailed) {
		t.Logf("the list failed rather than the patches: %v", err)
	} else if len(r.Failed) == 0 || !strings.Contains(r.Failed[0].Reason, "conversion webhook") {
		t.Errorf("failures %v, want reasons naming the conversion webhook", r.Failed[:min(1, len(r.Failed))])
	}
	if sv := c.storedVersions(); !slices.Equal(sv, []string{"v1beta1", "v1"}) {
		t.Errorf("storedVersions = %v, want [v1beta1 v1] untouched", sv)
	}
	t.Logf("webhook down: written %d, failed %d, %v", r.Written, len(r.Failed), err)

	down.Store(false)
	r, err = c.migrator(nil, Options{PageSize: faultPage, StateFile: state}).Run(context.Background(), testCRD)
	if err != nil || !r.Committed {
		t.Fatalf("run with the webhook up again: committed %v, %v", r.Committed, err)
	}
	if counts, _ := c.stored(); counts[testGroup+"/v1"] != faultObjects || len(counts) != 1 {
		t.Errorf("etcd holds %v, want %d at v1", counts, faultObjects)
	}
}
