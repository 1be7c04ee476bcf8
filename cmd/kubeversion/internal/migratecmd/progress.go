package migratecmd

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/migrate"
)

// ProgressPrinter returns the Progress callback of the command: on a
// terminal, a bar and the progress line, rewritten in place after each
// page; elsewhere (a log, a CI job) a plain line at most every 5 seconds,
// and the last one.
func ProgressPrinter(w io.Writer) func(migrate.Progress) {
	tty := isTerminal(w)
	return printProgress(w, tty, time.Now)
}

// printProgress is ProgressPrinter with the terminal test and the clock
// given.
func printProgress(w io.Writer, tty bool, now func() time.Time) func(migrate.Progress) {
	var last time.Time
	return func(p migrate.Progress) {
		t := now()
		switch {
		case tty && p.Final:
			fmt.Fprintf(w, "\r\033[K%s %s\n", progressBar(p, barWidth), p)
		case tty:
			fmt.Fprintf(w, "\r\033[K%s %s", progressBar(p, barWidth), p)
		case p.Final || t.Sub(last) >= 5*time.Second:
			fmt.Fprintln(w, p)
			last = t
		}
	}
}

// barWidth is the number of cells of the bar on a terminal.
const barWidth = 24

// progressBar returns a bar of width cells filled in proportion to the
// objects handled of the total, and the percentage:
// "[######------------------]  25%". Without a total (the server gave no
// remainingItemCount) the bar is empty and the percentage "?"; the last
// call fills it.
func progressBar(p migrate.Progress, width int) string {
	if p.Final {
		return "[" + strings.Repeat("#", width) + "] 100%"
	}
	if p.Total <= 0 {
		return "[" + strings.Repeat("-", width) + "]    ?"
	}
	done := min(p.Processed(), p.Total)
	filled := done * width / p.Total
	return fmt.Sprintf("[%s%s] %3d%%", strings.Repeat("#", filled), strings.Repeat("-", width-filled), done*100/p.Total)
}

// SVMProgressPrinter is ProgressPrinter for a run with the cluster's
// migrator: the same line on a terminal or every 5 seconds elsewhere, with
// the figures the controller gives. For example:
//
//	7/10 objects migrated by the cluster's controller, 2.3/s, 1s left
func SVMProgressPrinter(w io.Writer) func(migrate.Progress) {
	tty := isTerminal(w)
	var last time.Time
	return func(p migrate.Progress) {
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

// SVMNotifyPrinter returns the Notify callback of the command: each line
// on its own, clearing a progress line left on a terminal.
func SVMNotifyPrinter(w io.Writer) func(string) {
	clear := ""
	if isTerminal(w) {
		clear = "\r\033[K"
	}
	return func(s string) { fmt.Fprintf(w, "%s%s\n", clear, diag.TextLine(s)) } // the controller's words
}

// isTerminal reports whether w is a file that is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
