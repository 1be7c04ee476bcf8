package migrate

import (
	"fmt"
	"io"
	"os"
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
		fmt.Fprintf(b, "StorageVersionMigration %s (%s): %s", s.Name, s.APIVersion, s.Phase)
		switch {
		case s.Message != "":
			fmt.Fprintf(b, " (%s: %s)", s.Reason, s.Message)
		case s.Reason != "":
			fmt.Fprintf(b, " (%s)", s.Reason)
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

// svmProgressPrinter is progressPrinter for a run with the cluster's
// migrator: the same line on a terminal or every 5 seconds elsewhere, with
// the figures the controller gives. For example:
//
//	7/10 objects migrated by the cluster's controller, 2.3/s, 1s left
func svmProgressPrinter(w io.Writer) func(Progress) {
	tty := false
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	var last time.Time
	return func(p Progress) {
		line := fmt.Sprintf("%d/%d objects migrated by the cluster's controller, %.1f/s", p.Processed(), p.Total, p.Rate())
		if l := p.Left(); l > 0 {
			line += fmt.Sprintf(", %s left", l)
		}
		switch {
		case tty && p.Final:
			fmt.Fprintf(w, "\r\033[K%s\n", line)
		case tty:
			fmt.Fprintf(w, "\r\033[K%s", line)
		case p.Final || time.Since(last) >= 5*time.Second:
			fmt.Fprintln(w, line)
			last = time.Now()
		}
	}
}

// svmNotifyPrinter returns the Notify callback of the command: each line
// on its own, clearing a progress line left on a terminal.
func svmNotifyPrinter(w io.Writer) func(string) {
	clear := ""
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			clear = "\r\033[K"
		}
	}
	return func(s string) { fmt.Fprintf(w, "%s%s\n", clear, s) }
}
