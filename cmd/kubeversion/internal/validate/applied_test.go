package validate

import (
	"fmt"
	"testing"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// TestAppliedObjects checks the index of applied objects: each of 100,000
// identities (more than its chains, so that chains are walked) is found,
// its latest record wins, an identity never put is not found, and one that
// differs only in its namespace is another.
func TestAppliedObjects(t *testing.T) {
	spool := inputs.NewSpool()
	defer spool.Close()
	a := &appliedObjects{spool: spool}
	if !a.empty() || a.get(liveKey{"ConfigMap", "default", "c0"}) != nil {
		t.Fatal("an empty index finds something")
	}
	const n = 100_000
	stored := func(i, version int) []byte {
		return fmt.Appendf(nil, `{"metadata":{"name":"c%d","resourceVersion":"%d"}}`, i, version)
	}
	for version := 1; version <= 2; version++ {
		for i := range n {
			if version == 2 && i%10 != 0 {
				continue
			}
			a.put(liveKey{"ConfigMap", "default", fmt.Sprint("c", i)}, "f.yaml", i, "v1", stored(i, version), false)
		}
	}
	for i := range n {
		l := a.get(liveKey{"ConfigMap", "default", fmt.Sprint("c", i)})
		want := 1
		if i%10 == 0 {
			want = 2
		}
		if l == nil || string(l.json) != string(stored(i, want)) || l.line != i {
			t.Fatalf("c%d: %+v, want version %d", i, l, want)
		}
	}
	for _, k := range []liveKey{{"ConfigMap", "default", fmt.Sprint("c", n)}, {"ConfigMap", "other", "c1"}, {"Secret", "default", "c1"}} {
		if l := a.get(k); l != nil {
			t.Errorf("%v: found %s, never put", k, l.json)
		}
	}
	// A stored object without a resourceVersion gets "1", which an update
	// must carry, when its fields are read; the built-in objects' judge
	// gives it one itself, and gets the JSON as kept.
	a.put(liveKey{"Secret", "default", "s"}, "f.yaml", 1, "v1", []byte(`{"metadata":{"name":"s"}}`), false)
	l := a.get(liveKey{"Secret", "default", "s"})
	if l == nil || string(l.json) != `{"metadata":{"name":"s"}}` {
		t.Fatalf("not kept as it was: %+v", l)
	}
	if l = l.withFields(); l == nil || string(l.json) != `{"metadata":{"name":"s","resourceVersion":"1"}}` || l.fields["metadata"].(map[string]any)["resourceVersion"] != "1" {
		t.Errorf("no resourceVersion: %+v", l)
	}
}
