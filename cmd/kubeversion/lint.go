package main

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lint"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
)

// runLint is "kubeversion lint [flags] PATH..." (see its --help).
func runLint(e *env, args []string) int {
	flags := newFlagSet(e, "lint", synopses["lint"])
	var oldFlag pathList
	flags.Var(&oldFlag, "old", "check each CRD of PATH as an update of the live object of the same\nmetadata.name in `FILE` (the output of kubectl get crd NAME -o yaml), or in the\nfiles of a directory; may be repeated. A live object that no PATH has is a\ncrd-removed finding. cluster: reads each live CRD of a PATH's name from the\ncluster of the current kubeconfig context, cluster:CONTEXT from that context's\n(then crd-removed is not checked: other CRDs of the cluster are no concern)")
	kubeconfig := flags.String("kubeconfig", "", "the kubeconfig `FILE` of --old cluster: (default $KUBECONFIG, then ~/.kube/config)")
	format := flags.String("o", "text", "print `text|json|github|markdown|sarif`: compiler-style lines, one JSON\ndocument, GitHub Actions annotations, Markdown for a step summary, or a\nSARIF 2.1.0 log for code scanning")
	levels := lint.NewCheckLevels()
	flags.Var(levels, "check", "set the upgrade check `NAME=LEVEL` to error, warning or off; NAME may be all,\nand several may be given, separated by commas, or in several --check flags.\nBy default the findings of comparing two served versions with each other are\nwarnings at most; a check set here keeps its level for them too")
	listChecks := flags.Bool("list-checks", false, "print the upgrade checks, each with its level, and exit")
	kustomizeRemote := flags.Bool("kustomize-remote", false, "let kustomize fetch the URLs a kustomization names: remote resources (30 s\nand 256 MiB each) and git repositories, 2m for the whole build; without it, a\nURL is an error")
	noKustomize := flags.Bool("no-kustomize", false, "read a PATH directory that holds a kustomization.yaml file by file, not as\nkubectl apply -k builds it")
	quiet := flags.Bool("quiet", false, "print only errors: the server's, and findings and requirements at level error\n(text output), and no notes about live objects on standard error")
	var exclude lint.Excludes
	flags.Var(&exclude, "exclude", "skip the files and directories under a PATH directory that `GLOB` matches\n(path.Match), by their path under it or by their name; may be repeated")
	allowEmpty := flags.Bool("allow-empty", false, "accept an input without any CustomResourceDefinition (by default an error,\nexit status 2, as kubectl apply refuses to apply nothing)")
	baselineFile := flags.String("baseline", "", "accept the upgrade findings recorded in `FILE` (written by --write-baseline):\nthey are not printed, counted or failed on, only new ones are")
	writeBaselineFile := flags.String("write-baseline", "", "record every upgrade finding in `FILE` as accepted, for --baseline, and\nfail only on the server's errors and problems")
	var color colorMode
	flags.Var(&color, "color", "colour the level of each finding in the text output: `auto|always|never`;\nauto colours on a terminal, unless NO_COLOR is set, and never in a pipe")
	release := flags.String("kubernetes-version", "", "judge CEL rules as the API server of Kubernetes `1.N` does (1.29 to 1.37),\nand make each field that 1.N rejects or drops an error")
	paths, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	if *listChecks {
		fmt.Fprint(e.stdout, levels.List())
		return exitOK
	}
	if !lint.HasFormat(*format) {
		fmt.Fprintf(e.stderr, "kubeversion lint: -o %q: want text, json, github, markdown or sarif\n", *format)
		return exitError
	}
	if len(paths) == 0 {
		fmt.Fprintln(e.stderr, "kubeversion lint: no PATH given (use - for standard input)")
		return exitError
	}
	res, err := lint.Run(lint.Options{Stdin: e.stdin, Stderr: e.stderr, Paths: paths, Old: oldFlag, Kubeconfig: *kubeconfig, Levels: levels, NoKustomize: *noKustomize, KustomizeRemote: *kustomizeRemote, Quiet: *quiet, Exclude: exclude, AllowEmpty: *allowEmpty, Baseline: *baselineFile, WriteBaseline: *writeBaselineFile, Color: color.on(e.stdout), KubernetesVersion: *release, Version: buildVersion()})
	if err != nil {
		fmt.Fprintf(e.stderr, "kubeversion lint: %s\n", err)
		return exitError
	}
	if err := res.Write(e.stdout, *format); err != nil {
		fmt.Fprintf(e.stderr, "kubeversion lint: %v\n", err)
		return exitError
	}
	for _, note := range res.Notes() {
		fmt.Fprintln(e.stderr, "kubeversion lint: "+note)
	}
	if *format == "text" {
		inputs.WriteProblems(e.stderr, res.Problems())
	}
	if n := res.BaselineUnused(); n > 0 {
		fmt.Fprintf(e.stderr, "kubeversion lint: --baseline %s: %d accepted finding%s no longer found: --write-baseline drops them\n", diag.TextLine(*baselineFile), n, server.Plural(n))
	}
	if *writeBaselineFile != "" {
		if err := res.WriteBaseline(*writeBaselineFile); err != nil {
			fmt.Fprintf(e.stderr, "kubeversion lint: --write-baseline: %s\n", diag.TextLine(err.Error()))
			return exitError
		}
	}
	switch {
	case len(res.Problems()) > 0:
		return exitError
	case res.Invalid():
		return exitInvalid
	}
	return exitOK
}

// pathList is a flag of paths that may be repeated (--old, --crd,
// --audit-log): every path given, in order.
type pathList []string

func (o *pathList) String() string { return strings.Join(*o, ",") }

func (o *pathList) Set(path string) error {
	*o = append(*o, path)
	return nil
}
