package migratecmd

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/kubeversion/kubeversion/migrate"
)

func TestProgressBar(t *testing.T) {
	for _, tc := range []struct {
		p    migrate.Progress
		want string
	}{
		{migrate.Progress{Total: 1000}, "[--------]   0%"},
		{migrate.Progress{Counts: migrate.Counts{Written: 250}, Total: 1000}, "[##------]  25%"},
		{migrate.Progress{Counts: migrate.Counts{Written: 600}, Failed: 20, Total: 1000}, "[####----]  62%"},
		{migrate.Progress{Counts: migrate.Counts{Written: 1200}, Total: 1000}, "[########] 100%"},
		{migrate.Progress{Counts: migrate.Counts{Written: 5}}, "[--------]    ?"},
		{migrate.Progress{Counts: migrate.Counts{Written: 5}, Final: true}, "[########] 100%"},
	} {
		if got := progressBar(tc.p, 8); got != tc.want {
			t.Errorf("progressBar(%+v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}

// TestPrintProgress checks both displays: on a terminal every call
// rewrites the line, bar first; elsewhere a line at most every 5 seconds,
// and always the last.
func TestPrintProgress(t *testing.T) {
	calls := []migrate.Progress{
		{Counts: migrate.Counts{Written: 500}, Total: 2000, Elapsed: time.Second},
		{Counts: migrate.Counts{Written: 1000}, Total: 2000, Elapsed: 2 * time.Second},
		{Counts: migrate.Counts{Written: 2000}, Total: 2000, Elapsed: 4 * time.Second, Final: true},
	}
	var tty bytes.Buffer
	show := printProgress(&tty, true, time.Now)
	for _, p := range calls {
		show(p)
	}
	want := "\r\033[K[######------------------]  25% 500/2000 objects (written 500, skipped 0, conflicted 0, not found 0, failed 0), 500.0/s, 3s left" +
		"\r\033[K[############------------]  50% 1000/2000 objects (written 1000, skipped 0, conflicted 0, not found 0, failed 0), 500.0/s, 2s left" +
		"\r\033[K[########################] 100% 2000/2000 objects (written 2000, skipped 0, conflicted 0, not found 0, failed 0), 500.0/s\n"
	if tty.String() != want {
		t.Errorf("on a terminal:\n%q\nwant\n%q", tty.String(), want)
	}

	var log bytes.Buffer
	clock := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
	show = printProgress(&log, false, func() time.Time { clock = clock.Add(3 * time.Second); return clock })
	for _, p := range calls {
		show(p)
	}
	lines := strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "500/2000 objects") || !strings.HasPrefix(lines[1], "2000/2000 objects") || strings.Contains(log.String(), "\r") {
		t.Errorf("in a log: %q, want the first line and, 3 s later, not the second, then the last", lines)
	}
}

// TestSVMPrinters checks the progress line of a run with the cluster's
// migrator and the notes, on a writer that is no terminal: a line at most
// every 5 seconds and always the last, each note on its own line.
func TestSVMPrinters(t *testing.T) {
	var log bytes.Buffer
	show := SVMProgressPrinter(&log)
	show(migrate.Progress{Counts: migrate.Counts{Written: 7}, Total: 10, Elapsed: 3 * time.Second})
	show(migrate.Progress{Counts: migrate.Counts{Written: 8}, Total: 10, Elapsed: 4 * time.Second})
	show(migrate.Progress{Counts: migrate.Counts{Written: 10}, Total: 10, Elapsed: 5 * time.Second, Final: true})
	want := "7/10 objects migrated by the cluster's controller, 2.3/s, 1s left\n" +
		"10/10 objects migrated by the cluster's controller, 2.0/s\n"
	if log.String() != want {
		t.Errorf("progress:\n%q\nwant\n%q", &log, want)
	}
	log.Reset()
	note := SVMNotifyPrinter(&log)
	note("created StorageVersionMigration w-x7k2p")
	note("w-x7k2p Succeeded")
	if want := "created StorageVersionMigration w-x7k2p\nw-x7k2p Succeeded\n"; log.String() != want {
		t.Errorf("notes %q, want %q", &log, want)
	}
}
