package migrate

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progressPrinter returns the Progress callback of the command: on a
// terminal, a bar and the progress line, rewritten in place after each
// page; elsewhere (a log, a CI job) a plain line at most every 5 seconds,
// and the last one.
func progressPrinter(w io.Writer) func(Progress) {
	tty := false
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return printProgress(w, tty, time.Now)
}

// printProgress is progressPrinter with the terminal test and the clock
// given.
func printProgress(w io.Writer, tty bool, now func() time.Time) func(Progress) {
	var last time.Time
	return func(p Progress) {
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
func progressBar(p Progress, width int) string {
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
