package migrate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"sigs.k8s.io/yaml"
)

// SVMPlan is what a run with the cluster's migrator would do, found
// without writing anything: the dry run of --use-cluster-migrator.
type SVMPlan struct {
	// Target is the CRD as read.
	Target Target `json:"target"`
	// NothingToDo is true when storedVersions is already only the storage
	// version.
	NothingToDo bool `json:"nothingToDo,omitempty"`
	// DiscoveryCurrent is true when per-group-version discovery shows the
	// storageVersionHash of the storage version now (a run waits for it).
	DiscoveryCurrent bool `json:"discoveryCurrent"`
	// SVM is the StorageVersionMigration a run would create.
	SVM map[string]any `json:"svm"`
	// CommitPatch is the JSON patch of the CRD's status a run sends when the
	// controller did not trim storedVersions itself.
	CommitPatch json.RawMessage `json:"commitPatch"`
}

// PlanWithClusterMigrator is the dry run of
// [Migrator.RunWithClusterMigrator]: the API version discovery shows, the
// preflight without waiting, and the StorageVersionMigration a run would
// create. It fails as the run would: ErrClusterMigratorNotServed,
// ErrStorageMigrating, objects that cannot be read.
func (m *Migrator) PlanWithClusterMigrator(ctx context.Context, name string) (*SVMPlan, error) {
	version, err := m.clusterMigratorVersion()
	if err != nil {
		return nil, err
	}
	t, done, err := m.preflightCluster(ctx, name, version, &Report{})
	if err != nil {
		return nil, err
	}
	return &SVMPlan{Target: t, NothingToDo: done, DiscoveryCurrent: m.discoveryCurrent(t),
		SVM: newSVM(t, version).Object, CommitPatch: t.CommitPatch(t.StoredVersions)}, nil
}

// Write prints the plan as the command's --dry-run --use-cluster-migrator
// prints it: the CRD, the StorageVersionMigration in YAML, and the commit
// that may follow.
func (p *SVMPlan) Write(w io.Writer) error {
	var b strings.Builder
	t := p.Target
	if !writePlanHead(&b, t, p.NothingToDo, p.DiscoveryCurrent) {
		_, err := io.WriteString(w, b.String())
		return err
	}
	y, err := yaml.Marshal(p.SVM)
	if err != nil {
		return err
	}
	b.WriteString("would create, once discovery shows the storage version and --settle passed:\n")
	for _, l := range strings.Split(strings.TrimSuffix(string(y), "\n"), "\n") {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	fmt.Fprintf(&b, "then, once it succeeded, unless the controller trims storedVersions itself (Kubernetes 1.36 and later), the JSON patch of %s/status %s\n", t.Name, p.CommitPatch)
	_, err = io.WriteString(w, b.String())
	return err
}
