// Command kubeversion sorts, picks and checks Kubernetes API versions and
// CustomResourceDefinition manifests, with the answers of Kubernetes itself.
//
// Usage:
//
//	kubeversion sort [-r] [VERSION...]
//	kubeversion highest [VERSION...]
//	kubeversion parse [-o text|json] [VERSION...]
//	kubeversion lint [--old PATH]... [--check NAME=LEVEL]... [--baseline FILE] [-o text|json|github|markdown|sarif] PATH...
//	kubeversion validate [--crd PATH]... [--old PATH]... [--validate strict|warn|ignore] [-o text|json|github|sarif] OBJECTS...
//	kubeversion api-versions [--kubernetes-version 1.N] [-o text|json]
//	kubeversion webhook check --crd FILE [--url URL] [--ca FILE] [--ignore PATH]... [-o text|json|github] OBJECT...
//	kubeversion migrate [--dry-run] [--state-file FILE] [--kubeconfig FILE] [--context NAME] [-o text|json] CRD-NAME
//	kubeversion audit [--kubeconfig FILE] [--context NAME] [--kubernetes-version 1.N] [--audit-log FILE]... [-o text|json|markdown]
//	kubeversion help [COMMAND]
//	kubeversion completion bash|zsh|fish
//	kubeversion --version
//
// Without VERSION arguments, sort, highest and parse read standard input,
// one version per line. Lines of the form group/version, as `kubectl
// api-versions` prints them, are grouped by group.
//
// The exit status is 0 on success, 1 when a version or a manifest is
// invalid or lint finds upgrade findings at level error (or validate finds
// a custom resource invalid or not checked, or migrate leaves
// storedVersions because objects failed or the CRD changed), and 2 for
// usage, I/O, connection and malformed input errors.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// Exit statuses.
const (
	exitOK      = 0 // success
	exitInvalid = 1 // a version or a manifest is invalid, or an upgrade finding is an error
	exitError   = 2 // usage, I/O or malformed input
)

// env is what a command reads and writes, so that tests can run it.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

var commands = map[string]func(e *env, args []string) int{
	"sort":         runSort,
	"highest":      runHighest,
	"parse":        runParse,
	"lint":         runLint,
	"validate":     runValidate,
	"api-versions": runAPIVersions,
	"webhook":      runWebhook,
	"migrate":      runMigrate,
	"audit":        runAudit,
	"completion":   runCompletion,
}

func main() {
	inputs.RunKustomizeChild() // when kubeversion runs a kustomize build with --kustomize-remote
	if len(os.Args) > 1 && gcHeadroom[os.Args[1]] > 0 {
		tuneGC(gcHeadroom[os.Args[1]])
	}
	os.Exit(run(&env{os.Stdin, os.Stdout, os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage)
		return exitError
	}
	switch args[0] {
	case "help":
		return runHelp(e, args[1:])
	case "-h", "-help", "--help":
		fmt.Fprint(e.stdout, usage)
		return exitOK
	case "-version", "--version", "version":
		fmt.Fprintln(e.stdout, "kubeversion", buildVersion())
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "kubeversion: unknown command %q\n\n%s", args[0], usage)
		return exitError
	}
	return cmd(e, args[1:])
}

// runHelp is "kubeversion help [COMMAND]".
func runHelp(e *env, args []string) int {
	switch {
	case len(args) == 0 || len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
		fmt.Fprint(e.stdout, usage)
		return exitOK
	case len(args) == 1:
		if cmd, ok := commands[args[0]]; ok {
			return cmd(e, []string{"--help"})
		}
		fmt.Fprintf(e.stderr, "kubeversion help: unknown command %q\n\n%s", args[0], usage)
	default:
		fmt.Fprintf(e.stderr, "kubeversion help: one COMMAND at most\n\n%s", usage)
	}
	return exitError
}
