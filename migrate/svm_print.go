package migrate

import (
	"fmt"
	"strings"
	"time"
)

// writeSVM prints the part of the report of a run with the cluster's
// migrator after its first line. For example:
//
//	StorageVersionMigration widgets.example.com-x7k2p (storagemigration.k8s.io/v1): Succeeded (StorageVersionMigrationSucceeded: Migration completed), 30/30 objects migrated, 2.1s
//	status.storedVersions set to [v1] by the cluster's controller
func (r *Report) writeSVM(b *strings.Builder) {
	s, t := r.SVM, r.Target
	if s.Name == "" {
		fmt.Fprintf(b, "no StorageVersionMigration created (%s)\n", r.Duration.Round(time.Millisecond))
	} else {
		fmt.Fprintf(b, "StorageVersionMigration %s (%s): %s", textLine(s.Name), textLine(s.APIVersion), textLine(s.Phase))
		switch { // the controller's words
		case s.Message != "":
			fmt.Fprintf(b, " (%s: %s)", textLine(s.Reason), textLine(s.Message))
		case s.Reason != "":
			fmt.Fprintf(b, " (%s)", textLine(s.Reason))
		}
		if s.Total > 0 {
			fmt.Fprintf(b, ", %d/%d objects migrated", s.Migrated, s.Total)
		}
		fmt.Fprintf(b, ", %s\n", r.Duration.Round(time.Millisecond))
	}
	switch {
	case s.Restored:
		fmt.Fprintf(b, "status.storedVersions put back to %v: the cluster's controller had set it to [%s] although the migration failed\n", r.StoredVersions, t.Storage)
	case r.Committed && s.ControllerTrimmed:
		fmt.Fprintf(b, "status.storedVersions set to [%s] by the cluster's controller\n", t.Storage)
	case r.Committed:
		fmt.Fprintf(b, "status.storedVersions set to [%s]\n", t.Storage)
	default:
		fmt.Fprintf(b, "status.storedVersions left as %v\n", r.StoredVersions)
	}
}
