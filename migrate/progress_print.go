package migrate

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progressPrinter returns the Progress callback of the command: on a
// terminal, one line rewritten in place after each page; elsewhere (a log,
// a CI job) a plain line at most every 5 seconds, and the last one.
func progressPrinter(w io.Writer) func(Progress) {
	tty := false
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	var last time.Time
	return func(p Progress) {
		switch {
		case tty && p.Final:
			fmt.Fprintf(w, "\r\033[K%s\n", p)
		case tty:
			fmt.Fprintf(w, "\r\033[K%s", p)
		case p.Final || time.Since(last) >= 5*time.Second:
			fmt.Fprintln(w, p)
			last = time.Now()
		}
	}
}
