package migrate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/kubeversion/kubeversion/migrate"
)

func ExampleStorageVersionHash() {
	// Discovery shows this hash for widgets once example.com/v1 is their
	// storage version on every API server that answers.
	fmt.Println(migrate.StorageVersionHash("example.com", "v1beta1", "Widget"))
	fmt.Println(migrate.StorageVersionHash("example.com", "v1", "Widget"))
	// Output:
	// 3KMbXL6XZiI=
	// gIwvi5rymmg=
}

func ExampleTarget_ObjectPatch() {
	t := migrate.Target{Group: "stable.example.com", Kind: "CronTab", Storage: "v1", WriteVersion: "v1"}
	fmt.Printf("%s\n", t.ObjectPatch("4711"))
	// Output:
	// {"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"resourceVersion":"4711"}}
}

func ExampleTarget_CommitPatch() {
	t := migrate.Target{UID: "6a1c", Generation: 3, Storage: "v1", StorageIndex: 1}
	fmt.Printf("%s\n", t.CommitPatch([]string{"v1beta1", "v1"}))
	// Output:
	// [{"op":"test","path":"/metadata/uid","value":"6a1c"},{"op":"test","path":"/metadata/generation","value":3},{"op":"test","path":"/spec/versions/1/name","value":"v1"},{"op":"test","path":"/spec/versions/1/storage","value":true},{"op":"test","path":"/status/storedVersions","value":["v1beta1","v1"]},{"op":"replace","path":"/status/storedVersions","value":["v1"]}]
}

func ExampleProgress_String() {
	p := migrate.Progress{
		Counts:  migrate.Counts{Written: 290, Skipped: 5, Conflicted: 3, NotFound: 2},
		Total:   1000,
		Elapsed: 2 * time.Second,
	}
	fmt.Println(p)
	// Output:
	// 300/1000 objects (written 290, skipped 5, conflicted 3, not found 2, failed 0), 150.0/s, 5s left
}

func ExampleReport_Write() {
	r := &migrate.Report{
		Target:         migrate.Target{Name: "crontabs.stable.example.com", Storage: "v1"},
		Counts:         migrate.Counts{Written: 997, Conflicted: 2},
		Failed:         []migrate.Failure{{Namespace: "team-a", Name: "nightly", Reason: `admission webhook "deny.example.com" denied the request`}},
		Pages:          2,
		StoredVersions: []string{"v1beta1", "v1"},
		Duration:       3 * time.Second,
	}
	r.Write(os.Stdout)
	// Output:
	// crontabs.stable.example.com: storage version v1, storedVersions [v1beta1 v1]
	// written 997, skipped (already v1) 0, conflicted 2, not found 0, failed 1 (2 pages, 3s)
	// failed: team-a/nightly: admission webhook "deny.example.com" denied the request
	// status.storedVersions left as [v1beta1 v1]
}

func ExamplePlan_Write() {
	p := &migrate.Plan{
		Target: migrate.Target{Name: "crontabs.stable.example.com", Group: "stable.example.com", Kind: "CronTab",
			Namespaced: true, UID: "6a1c", Generation: 2, Storage: "v1", WriteVersion: "v1",
			StoredVersions: []string{"v1beta1", "v1"}, Strategy: "Webhook"},
		DiscoveryCurrent: true,
		Namespaces:       map[string]int{"team-a": 2, "team-b": 40},
		Total:            42,
	}
	p.Write(os.Stdout)
	// Output:
	// crontabs.stable.example.com: storage version v1, storedVersions [v1beta1 v1], conversion Webhook
	// would patch 42 objects at stable.example.com/v1 in 2 namespaces
	//   team-b                         40
	//   team-a                         2
	// each with the merge patch {"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"resourceVersion":"\u003cresourceVersion as listed\u003e"}}
	// then, if no object failed, the JSON patch of crontabs.stable.example.com/status [{"op":"test","path":"/metadata/uid","value":"6a1c"},{"op":"test","path":"/metadata/generation","value":2},{"op":"test","path":"/spec/versions/0/name","value":"v1"},{"op":"test","path":"/spec/versions/0/storage","value":true},{"op":"test","path":"/status/storedVersions","value":["v1beta1","v1"]},{"op":"replace","path":"/status/storedVersions","value":["v1"]}]
}

func ExampleState_WriteFile() {
	dir, _ := os.MkdirTemp("", "migrate")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "state.json")
	s := &migrate.State{CRD: "crontabs.stable.example.com", UID: "6a1c", Generation: 2, Storage: "v1",
		Continue: "eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ", LastKey: "team-a/nightly", Pages: 1}
	s.Written = 500
	if err := s.WriteFile(path); err != nil {
		fmt.Println(err)
		return
	}
	back, err := migrate.ReadState(path)
	fmt.Println(back.LastKey, back.Written, back.Pages, err)
	fmt.Println(back.Matches(migrate.Target{Name: "crontabs.stable.example.com", UID: "6a1c", Generation: 2, Storage: "v1"}))
	fmt.Println(back.Matches(migrate.Target{Name: "crontabs.stable.example.com", UID: "6a1c", Generation: 3, Storage: "v1"}))
	missing, err := migrate.ReadState(filepath.Join(dir, "none.json"))
	fmt.Println(missing == nil, err)
	// Output:
	// team-a/nightly 500 1 <nil>
	// true
	// false
	// true <nil>
}
