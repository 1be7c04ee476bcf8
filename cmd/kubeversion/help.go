package main

// The help of kubeversion, all of it but the usage of each flag, which is
// given with the flag: the usage of the command, what each command does,
// and the arguments of each.

// usage is the help of kubeversion, for --help and after a usage error.
const usage = `kubeversion sorts, picks and checks Kubernetes API versions (v1, v2beta1,
v1alpha3) and CustomResourceDefinition manifests as Kubernetes does.

Usage:
  kubeversion sort [-r] [VERSION...]      sort, highest priority first
  kubeversion highest [VERSION...]        print the highest-priority version
  kubeversion parse [-o text|json] [VERSION...]
                                          print the parts of each version
  kubeversion lint [--old PATH]... [--check NAME=LEVEL]... [--baseline FILE] [-o FORMAT] PATH...
                                          check CRD manifests as kubectl apply and
                                          the API server would, and what an upgrade
                                          does to clients and stored objects
  kubeversion validate [--crd PATH]... [--old PATH]... [-o FORMAT] OBJECTS...
                                          check custom resources against their CRDs
                                          as the API server would, on create or update
  kubeversion api-versions [--kubernetes-version 1.N] [-o text|json]
                                          print the lifecycle of every built-in
                                          API version and kind in a release
  kubeversion webhook check --crd FILE [--url URL] [--ca FILE] [-o FORMAT] OBJECT...
                                          call a CRD's conversion webhook as the API
                                          server would and check its answers
  kubeversion migrate [--dry-run] [--state-file FILE] CRD-NAME
                                          rewrite every stored object of a CRD on
                                          the cluster in its storage version, then
                                          trim status.storedVersions
  kubeversion audit [--kubernetes-version 1.N] [--audit-log FILE]... [-o FORMAT]
                                          report what on the cluster breaks at the
                                          next upgrade: deprecated versions still
                                          requested, CRDs not ready
  kubeversion help [COMMAND]              print this help, or a command's
  kubeversion completion bash|zsh|fish    print a shell completion script
  kubeversion --version                   print the version of kubeversion

Without VERSION arguments, sort, highest and parse read standard input, one
version per line. Run 'kubeversion help COMMAND' or 'kubeversion COMMAND
--help' for what a command does and its flags.

Exit status: 0 success, 1 invalid version, manifest or custom resource, an
upgrade finding at level error, a custom resource not checked, or a
migration that left storedVersions, or an audit finding at level error, 2
usage, I/O, connection or malformed input.
`

// descriptions say what each command does, for its --help.
var descriptions = map[string]string{
	"audit": `Audit reads the cluster of the kubeconfig context, as kubectl reaches it, and
reports what breaks at the upgrade to --kubernetes-version (default the minor
after the server's). It writes nothing. It reads:
  - the API server's /metrics: each group, version and resource requested
    through a deprecated version since the server started
    (apiserver_requested_deprecated_apis), an error when the target release
    no longer serves it, a warning before; a CRD's deprecated versions with
    the warning its clients get. Each API server instance counts only its
    own requests: the report says how many instances the cluster has, when
    their leases can be read;
  - every CustomResourceDefinition: a status.storedVersions that lists more
    than the storage version (the API server refuses to drop the others from
    spec.versions until their objects are migrated: kubeversion migrate
    NAME), a stored version no longer served, a conversion webhook whose
    caBundle holds an expired certificate or whose Service has no ready
    endpoint;
  - the managedFields of every object of a kind with a built-in version
    removed by the target (an error) or deprecated (a warning), as
    'kubeversion api-versions' judges them, and of a CRD's deprecated or
    unserved versions: the managers whose fields were written through one,
    and how many objects, listed as metadata a page at a time.
  - with --audit-log, the API server's audit log: each user and user agent
    that requested a deprecated version, how often and when last (the
    garbage collector's and other controllers' own lists of every resource
    left out, and counted).
Each source that could not be read (no permission to /metrics, no
EndpointSlices) is listed with the reason: a report without findings claims
nothing of what was not read. StorageVersionMigrations that failed are
errors, those that run warnings. The latest revision of each Helm 3 release,
and its last deployed one (decoded with Helm's own code), whose manifest
holds a version removed by the target is an error: helm upgrade and rollback
fail on it.

Exit status: 0 when no finding is an error, even if some sources could not
be read; 1 when one is; 2 for usage errors and a cluster that cannot be read
at all.`,
	"api-versions": `Api-versions prints the lifecycle table of the built-in API versions of
Kubernetes as a release serves them: for each kind of each built-in group
version, its status in --kubernetes-version (served, deprecated, removed,
not yet, not served by default), the releases that introduced, deprecated
and removed it, and its replacement. The table is generated from the
sources of Kubernetes: the APILifecycle methods and registered kinds of
k8s.io/api of every release from 1.19, and DefaultAPIResourceConfigSource
of k8s.io/kubernetes of each release, for the versions served by default.
Kinds of lists (DeploymentList) are those of their items.`,
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
directories, - for standard input) as 'kubectl apply' and the API server would:
it reads them as kubectl does and prints every error and warning of the server,
each at its line, then the findings of the upgrade checks, the versions, the
one kubectl uses by default and the deprecation warnings clients will see. The
upgrade checks compare each CRD with its live object of --old (clients of
removed versions, kubectl's default version, the storage migration, conversion,
schema compatibility), or, without one, its served versions with each other. A
CRD that needs a Kubernetes release after 1.29 (a CEL library, a field older
releases drop) gets a note naming the release; --kubernetes-version judges CEL
rules as that release does, and makes the fields it drops errors. Errors of the
server, findings at level error and such fields make the exit status 1.`,
	"validate": `Validate checks custom resources, the objects of CustomResourceDefinitions,
as 'kubectl apply' and the API server would: each object of OBJECTS (YAML or
JSON files, directories, kustomize directories, - for standard input) is
matched to the CRD of its group and kind, found in --crd or in OBJECTS
themselves (a directory, a rendered Helm chart or a kustomize build that
holds CRDs and their objects), and judged in the version its apiVersion
names: strict decoding (unknown fields, as kubectl's default
--validate=strict), metadata, the schema, defaults and pruning, and CEL
rules, on create, or on update of the live object of the same group, kind,
namespace and name in --old (transition rules, ratcheting). It prints a line
per object with its verdict, then each error at the line of its field.
Objects of built-in kinds (ConfigMap, Deployment) are judged by their
apiVersion and kind alone, as the API server of --kubernetes-version serves
them (see 'kubeversion api-versions'): one removed, not yet served, not
served by default or unknown in its group is invalid, a deprecated one gets
the server's warning, and their content is not checked (skipped). Documents
without apiVersion and kind, and the Chart.yaml and values files of Helm
charts are skipped.

Exit status: 0 when every custom resource is valid; 1 when one is invalid,
or one is not checked (no CRD of its kind, a CRD the API server rejects)
unless --allow-unchecked; 2 for usage, I/O and malformed input.`,
}

// synopses are the arguments of each command, for the first line of its
// usage: "Usage: kubeversion NAME SYNOPSIS".
var synopses = map[string]string{
	"lint":          "[--old FILE|cluster:[CONTEXT]]... [--kubeconfig FILE] [--kubernetes-version 1.N] [--check NAME=LEVEL]... [--exclude GLOB]... [--no-kustomize] [--kustomize-remote] [--allow-empty] [--quiet] [--color auto|always|never] [--baseline FILE] [--write-baseline FILE] [--list-checks] [-o text|json|github|markdown|sarif] PATH...",
	"parse":         "[-o text|json] [VERSION...]",
	"sort":          "[-r] [VERSION...]",
	"highest":       "[VERSION...]",
	"validate":      "[--crd PATH]... [--old PATH]... [--validate strict|warn|ignore] [--namespace NAME] [--kubernetes-version 1.N] [--allow-unchecked] [--no-kustomize] [--kustomize-remote] [-o text|json|github|sarif] OBJECTS...",
	"api-versions":  "[--kubernetes-version 1.N] [-o text|json]",
	"audit":         "[--kubeconfig FILE] [--context NAME] [--kubernetes-version 1.N] [--audit-log FILE]... [--request-timeout DURATION] [--timeout DURATION] [-o text|json|markdown]",
	"webhook check": "--crd FILE [--url URL] [--ca FILE] [--tls-server-name NAME] [--insecure-skip-tls-verify] [--ignore PATH]... [--timeout DURATION] [-o text|json|github] OBJECT...",
}

// webhookUsage is the usage of kubeversion webhook, whose one command is check.
const webhookUsage = `Usage: kubeversion webhook check --crd FILE [--url URL] [--ca FILE] [--timeout DURATION] [-o text|json|github] OBJECT...
`

// completionHelp is the --help of kubeversion completion.
const completionHelp = `Usage: kubeversion completion bash|zsh|fish

Completion prints a script that completes the commands of kubeversion, their
flags and the values of flags that have a few (-o), in bash, zsh or fish. The
flags are those of the kubeversion that prints the script. To load it:

  bash:  source <(kubeversion completion bash), in ~/.bashrc for example
  zsh:   source <(kubeversion completion zsh), after compinit; or save it as
         _kubeversion in a directory of $fpath
  fish:  kubeversion completion fish > ~/.config/fish/completions/kubeversion.fish
`
