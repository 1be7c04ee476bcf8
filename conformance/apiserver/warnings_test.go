package apiserver

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/kubeversion/kubeversion/builtin"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestWarningsTruncated checks builtin's warnings against the server's
// where the server cuts them: past 4,096 runes of warnings in one
// response, each is cut to 256 runes and the rest are dropped. A Pod of
// 60 containers whose memory limit is "100m" gets two warnings each; the
// server sends far fewer, and builtin must give the very same ones.
func TestWarningsTruncated(t *testing.T) {
	srv := startServer(t)
	judge, err := builtin.Default()
	if err != nil {
		t.Fatal(err)
	}
	var containers []any
	for i := range 60 {
		containers = append(containers, map[string]any{
			"name": fmt.Sprint("c", i), "image": "nginx",
			"resources": map[string]any{"limits": map[string]any{"memory": "100m"}},
		})
	}
	pod := map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": map[string]any{"name": "many-warnings"},
		"spec": map[string]any{"containers": containers}}
	gvr, _, _ := judge.Resource(schema.GroupVersionKind{Version: "v1", Kind: "Pod"})
	a, err := srv.do("POST", resourcePath(gvr, builtin.DefaultNamespace, ""), mustJSON(pod), true)
	if err != nil || !a.ok {
		t.Fatalf("the server: %v %s", err, a.message)
	}
	res := judge.Create(context.Background(), mustJSON(pod), builtin.Options{})
	if len(a.warnings) == 0 || len(a.warnings) >= 2*len(containers) {
		t.Fatalf("the server sent %d warnings, want fewer than %d: cut", len(a.warnings), 2*len(containers))
	}
	if !slices.Equal(a.warnings, res.Warnings) {
		t.Errorf("warnings differ:\n  server:  %d %q\n  builtin: %d %q", len(a.warnings), a.warnings, len(res.Warnings), res.Warnings)
	}
}
