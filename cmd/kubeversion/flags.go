package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// newFlagSet returns a flag set for a command that prints its usage: the
// synopsis and its flags as the synopsis spells them ("--old FILE", "-r"),
// to stderr after a usage error, or to stdout for --help, with what the
// command does.
func newFlagSet(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: kubeversion %s %s\n", name, synopsis)
		if d := descriptions[name]; d != "" && w == e.stdout { // --help, not a usage error
			fmt.Fprintf(w, "\n%s\n", d)
		}
		printFlags(w, fs)
	}
	return fs
}

// printFlags writes "Flags:" and the flags of fs (see writeFlags) after
// an empty line, or nothing when fs has none.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	has := false
	fs.VisitAll(func(*flag.Flag) { has = true })
	if has {
		fmt.Fprintf(w, "\nFlags:\n")
		writeFlags(w, fs)
	}
}

// writeFlags lists the flags of fs, a one-letter flag with one dash and a
// longer one with two, each followed by the name of its value as its usage
// gives it in back quotes, its usage on the lines below, and its default
// when that is not the zero value.
func writeFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		dash := "-"
		if len(f.Name) > 1 {
			dash = "--"
		}
		value, usage := flag.UnquoteUsage(f)
		if value != "" {
			value = " " + value
		}
		fmt.Fprintf(w, "  %s%s%s\n    \t%s", dash, f.Name, value, strings.ReplaceAll(usage, "\n", "\n    \t"))
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(w, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
}

// parseFlags parses args with flags and arguments in any order, as users
// type them ("lint a.yaml --old live.yaml"); "--" ends the flags. It
// returns the arguments and true, or, when the command should stop, an exit
// status and false: exitOK after --help, exitError after a usage error.
func parseFlags(e *env, fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var rest []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(e.stdout)
				fs.Usage()
				return nil, exitOK, false
			}
			fmt.Fprintf(e.stderr, "kubeversion %s: %s\n", fs.Name(), diag.TextLine(err.Error()))
			fs.SetOutput(e.stderr)
			fs.Usage()
			return nil, exitError, false
		}
		// fs.Parse stops at the first argument, or just after "--".
		consumed := len(args) - fs.NArg()
		if consumed > 0 && args[consumed-1] == "--" {
			return append(rest, fs.Args()...), 0, true
		}
		args = fs.Args()
		if len(args) > 0 {
			rest = append(rest, args[0])
			args = args[1:]
		}
	}
	return rest, 0, true
}
