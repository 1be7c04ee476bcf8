package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// descriptions say what each command does, for its --help.
var descriptions = map[string]string{
	"webhook check": `Webhook check calls the conversion webhook of a CustomResourceDefinition as
the API server would, with each sample OBJECT (YAML or JSON files, - for
standard input): for each served version, one object at a time and all in a
list, in the first review version of conversionReviewVersions, over HTTPS
verified with the CRD's caBundle or --ca, HTTP/1.1, a 30 s timeout,
following redirects. It judges each answer by the server's rules and in its
words, converts each object to every other served version and back and
reports what does not come back, and reports the fields the target schema
prunes silently. For strategy None it reports, without calls, the fields of
each object lost when read through another version. Any finding makes the
exit status 1. A webhook that cannot be called, does not answer in time or
before --timeout, or answers more than 64 MiB (16 times the request if
more) stops the check at that call with exit status 2.`,
	"sort": `Sort prints the VERSION arguments, or the lines of standard input, highest
priority first, as Kubernetes ranks API versions. Lines of the form
group/version, as 'kubectl api-versions' prints them, are grouped by group.`,
	"highest": `Highest prints the highest-priority VERSION argument, or line of standard
input, as Kubernetes ranks API versions: the version discovery prefers and
kubectl uses when all are served. For lines of the form group/version, as
'kubectl api-versions' prints them, it prints one line per group.`,
	"parse": `Parse prints the parts of each VERSION argument, or line of standard input,
or why it is not a Kubernetes API version (exit status 1). For a line of the
form group/version, it parses the version. An empty input, or one with white
space, is printed quoted.`,
	"lint": `Lint checks the CustomResourceDefinitions of YAML or JSON manifests (files,
directories, - for standard input) as 'kubectl apply' and the API server
would: it reads them as kubectl does and prints every error of the server,
each at its line, then the findings of the upgrade checks, the versions,
the one kubectl uses by default and the deprecation warnings clients will
see. The upgrade checks compare each CRD with its live object of --old
(clients of removed versions, kubectl's default version, the storage
migration, conversion, schema compatibility), or, without one, its served
versions with each other. A CRD that needs a Kubernetes release after 1.29
(a CEL library, a field older releases drop) gets a note naming the release;
--kubernetes-version judges CEL rules as that release does, and makes the
fields it drops errors. Errors of the server, findings at level error and
such fields make the exit status 1.`,
}

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

// printFlags lists the flags of fs, a one-letter flag with one dash and a
// longer one with two, each followed by the name of its value as its usage
// gives it in back quotes.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprintf(w, "\nFlags:\n")
			first = false
		}
		dash := "-"
		if len(f.Name) > 1 {
			dash = "--"
		}
		value, usage := flag.UnquoteUsage(f)
		if value != "" {
			value = " " + value
		}
		fmt.Fprintf(w, "  %s%s%s\n    \t%s", dash, f.Name, value, strings.ReplaceAll(usage, "\n", "\n    \t"))
		if f.DefValue != "" && f.DefValue != "false" {
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
