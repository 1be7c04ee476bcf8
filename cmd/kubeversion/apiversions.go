package main

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/format"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
)

// apiVersionEntry is a row of the table of kubeversion api-versions: a
// kind of the built-in table and its verdict in the release.
type apiVersionEntry struct {
	APIVersion string `json:"apiVersion"`
	lifecycle.Row
	Status  lifecycle.Status `json:"status"`
	Message string           `json:"message,omitempty"`
}

// runAPIVersions is "kubeversion api-versions [flags]" (see its --help).
func runAPIVersions(e *env, args []string) int {
	flags := newFlagSet(e, "api-versions", synopses["api-versions"])
	t := lifecycle.Load()
	release := flags.String("kubernetes-version", "", "print the status of each kind in Kubernetes `1.N` (1."+strconv.Itoa(t.Oldest)+" to 1."+strconv.Itoa(t.Newest)+"; default the pinned\nrelease, 1."+strconv.Itoa(t.Pinned)+")")
	out := flags.String("o", "text", "print `text|json`: a table, or a JSON document with a row per kind")
	rest, status, ok := parseFlags(e, flags, args)
	if !ok {
		return status
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintln(e.stderr, diag.TextLine(fmt.Sprintf("kubeversion api-versions: "+format, a...)))
		return exitError
	}
	if len(rest) > 0 {
		return fail("no arguments taken, got %q", rest[0])
	}
	minor := t.Pinned
	if *release != "" {
		m, err := t.Release(*release)
		if err != nil {
			return fail("--kubernetes-version %v", err)
		}
		minor = m
	}
	var entries []apiVersionEntry
	for i := range t.Rows {
		r := &t.Rows[i]
		v := t.Judge(r.APIVersion(), r.Kind, minor)
		entries = append(entries, apiVersionEntry{APIVersion: r.APIVersion(), Row: *r, Status: v.Status, Message: v.Message})
	}
	var err error
	switch *out {
	case "text":
		err = writeAPIVersionsText(e.stdout, t, minor, entries)
	case "json":
		err = format.WriteJSON(e.stdout, struct {
			KubernetesVersion string            `json:"kubernetesVersion"`
			Prerelease        bool              `json:"prerelease,omitempty"`
			DefaultsSource    string            `json:"defaultsSource"`
			Kinds             []apiVersionEntry `json:"kinds"`
		}{"1." + strconv.Itoa(minor), minor == t.Prerelease, t.DefaultsSource(minor), entries})
	default:
		return fail("-o %q: want text or json", *out)
	}
	if err != nil {
		return fail("%v", err)
	}
	return exitOK
}

// writeAPIVersionsText writes the entries as a table with a title line.
func writeAPIVersionsText(w io.Writer, t *lifecycle.Table, minor int, entries []apiVersionEntry) error {
	title := "Kubernetes 1." + strconv.Itoa(minor)
	if minor == t.Prerelease {
		title += " (a pre-release)"
	}
	fmt.Fprintf(w, "# %s; served by default as %s says\n", title, t.DefaultsSource(minor))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "APIVERSION\tKIND\tSTATUS\tINTRODUCED\tDEPRECATED\tREMOVED\tREPLACEMENT")
	for _, x := range entries {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", x.APIVersion, x.Kind, x.Status,
			release(x.Introduced, x.First, t.Oldest), release(x.Deprecated, 0, 0), release(t.RemovedIn(&x.Row), 0, 0), orDash(x.Replacement))
	}
	return tw.Flush()
}

// release is "1.N" for minor, or "1.first" when minor is 0 and first is
// after oldest (a kind first read there), or "-".
func release(minor, first, oldest int) string {
	switch {
	case minor != 0:
		return "1." + strconv.Itoa(minor)
	case first > oldest:
		return "1." + strconv.Itoa(first)
	}
	return "-"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
