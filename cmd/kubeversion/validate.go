package main

import (
	"fmt"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/cluster"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/validate"
)

// runValidate is "kubeversion validate [flags] OBJECTS..." (see its --help).
func runValidate(e *env, args []string) int {
	flags := newFlagSet(e, "validate", synopses["validate"])
	var crdPaths, oldFlag pathList
	flags.Var(&crdPaths, "crd", "read CustomResourceDefinitions from `PATH` (a file, a directory, - for standard\ninput), besides those of OBJECTS; may be repeated")
	flags.Var(&oldFlag, "old", "check each object as an update of its live object in `PATH` (the output of\nkubectl get -o yaml): the object of the same group, kind, namespace and name;\nmay be repeated. An object without one is checked as a create")
	level := flags.String("validate", validate.FieldStrict, "what to do with unknown and duplicate fields, as kubectl's --validate:\n`strict|warn|ignore`. strict: the API server refuses the object before\nvalidation; warn: warnings, and the object is validated; ignore: nothing;\ntrue and false are strict and ignore")
	namespace := flags.String("namespace", "default", "put the namespaced objects that set no namespace in `NAME`, as kubectl puts\nthem in its context's")
	allowUnchecked := flags.Bool("allow-unchecked", false, "exit with status 0 even when objects are not checked (no CRD of their kind in\nthe input, or a CRD the API server rejects), if none is invalid")
	release := flags.String("kubernetes-version", "", "judge the apiVersion and kind of built-in objects as Kubernetes `1.N` serves\nthem (1.19 to 1.38; default the pinned release, 1.37): removed, not yet served\nor unknown kinds are errors, deprecated ones warnings")
	kustomizeRemote := flags.Bool("kustomize-remote", false, "let kustomize fetch the URLs a kustomization names: remote resources (30 s\nand 256 MiB each) and git repositories, 2m for the whole build; without it, a\nURL is an error")
	timeout := flags.Duration("timeout", 0, "stop judging after `DURATION` (such as 10m; 0, the default, for no bound): the\nobjects not judged by then are not checked, and the exit status is 1. An\nobject being judged is judged to the end")
	noKustomize := flags.Bool("no-kustomize", false, "read an OBJECTS directory that holds a kustomization.yaml file by file, not\nas kubectl apply -k builds it")
	format := flags.String("o", "text", "print `text|json|github|sarif`: a line per object and per error, one JSON\ndocument with what the API server stores of each valid object, GitHub Actions\nannotations, or a SARIF 2.1.0 log for code scanning")
	paths, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintln(e.stderr, diag.TextLine(fmt.Sprintf("kubeversion validate: "+format, a...)))
		return exitError
	}
	switch *level {
	case "true":
		*level = validate.FieldStrict
	case "false":
		*level = validate.FieldIgnore
	case validate.FieldStrict, validate.FieldWarn, validate.FieldIgnore:
	default:
		return fail("--validate %q: want strict, warn or ignore", *level)
	}
	out, ok := validate.NewWriter(*format, e.stdout, buildVersion(), *allowUnchecked)
	if !ok {
		return fail("-o %q: want text, json, github or sarif", *format)
	}
	if len(paths) == 0 {
		return fail("no OBJECTS given (use - for standard input)")
	}
	minor := 0
	if *release != "" {
		m, err := lifecycle.Load().Release(*release)
		if err != nil {
			return fail("--kubernetes-version %v", err)
		}
		minor = m
	}
	if inputs.StdinTwice(append(append([]string{}, crdPaths...), oldFlag...), paths) {
		return fail("standard input (-) given twice: it can be read only once")
	}

	// The API server's code that judges built-in objects logs what a
	// server logs for itself (such as "exceeded max warning header size,
	// truncating"): a client sees none of it, and neither does validate's
	// user, but in the warnings, cut as the server cuts them.
	cluster.RouteLogs(nil, "")
	res, err := validate.Stream(validate.Options{
		Paths: paths, CRDPaths: crdPaths, OldPaths: oldFlag,
		Level: *level, Namespace: *namespace, AllowUnchecked: *allowUnchecked, NoKustomize: *noKustomize, KustomizeRemote: *kustomizeRemote,
		KubernetesRelease: minor, Timeout: *timeout, NoObjects: *format != "json", // only -o json shows them
		Stdin: e.stdin, Stderr: e.stderr,
	}, out.Object)
	if err != nil {
		return fail("%s", err)
	}
	if err := out.End(res); err != nil {
		return fail("%v", err)
	}
	if *format == "text" {
		inputs.WriteProblems(e.stderr, res.Problems)
	}
	switch {
	case len(res.Problems) > 0:
		return exitError
	case res.Summary.Invalid > 0:
		return exitInvalid
	case res.Summary.Unchecked() > 0 && !*allowUnchecked:
		n := res.Summary.Unchecked()
		fmt.Fprintf(e.stderr, "kubeversion validate: %d object%s not checked in full: exit status 1 (--allow-unchecked accepts them)\n", n, server.Plural(n))
		return exitInvalid
	}
	return exitOK
}
