package main

import (
	"fmt"
	"io"
	"os"
)

// colorMode is the value of --color: when lint's text output colours the
// level of each finding (error red, warning yellow, note cyan).
type colorMode string

// Set takes auto, always or never.
func (m *colorMode) Set(s string) error {
	switch s {
	case "auto", "always", "never":
		*m = colorMode(s)
		return nil
	}
	return fmt.Errorf("want auto, always or never")
}

func (m *colorMode) String() string {
	if m == nil || *m == "" {
		return "auto"
	}
	return string(*m)
}

// on reports whether text written to w is coloured: always, never, or
// with auto (the default) when w is a terminal, the environment does not
// set NO_COLOR (no-color.org) and TERM is not dumb. A pipe, a file or a
// CI log is never coloured by default.
func (m colorMode) on(w io.Writer) bool {
	switch m {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
