package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// newFlagSet returns a flag set for a command that prints its usage to
// stderr, or to stdout for --help.
func newFlagSet(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: kubeversion %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
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
			fmt.Fprintf(e.stderr, "kubeversion %s: %v\n", fs.Name(), err)
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
