package lifecycle

import (
	"strconv"
	"strings"
)

// Status is what the API server of a release does with an apiVersion
// and kind.
type Status string

// The statuses of a Verdict.
const (
	NotBuiltin   Status = "not built in" // no built-in group: a custom resource's, or an aggregated API's
	Served       Status = "served"       // served, not deprecated
	Deprecated   Status = "deprecated"   // served, with a deprecation warning
	Removed      Status = "removed"      // no longer served
	NotYetServed Status = "not yet"      // introduced in a later release
	NotServed    Status = "not served"   // not served by default (alpha, new beta), or never by kube-apiserver
	UnknownKind  Status = "unknown kind" // a built-in group without this kind in this version
)

// Verdict is the judgment of an apiVersion and kind at a release.
type Verdict struct {
	Status Status
	// Row is the kind's row; nil for NotBuiltin and UnknownKind.
	Row *Row
	// Message is the API server's deprecation warning for Deprecated; for
	// the statuses that are errors, kubectl's error followed by why.
	Message string
}

// IsError reports whether kubectl apply fails with v: the kind is not
// served.
func (v Verdict) IsError() bool {
	switch v.Status {
	case Removed, NotYetServed, NotServed, UnknownKind:
		return true
	}
	return false
}

// Judge judges apiVersion and kind at release (the minor of 1.N, which
// must be covered: see Release) as kubectl and the API server of that
// release do with the defaults of kube-apiserver. A kind that names the
// list of another (DeploymentList) is judged as its items, as kubectl
// reads a list.
func (t *Table) Judge(apiVersion, kind string, release int) Verdict {
	group, version := splitAPIVersion(apiVersion)
	if !t.groups[group] {
		return Verdict{Status: NotBuiltin}
	}
	noMatch := "no matches for kind " + strconv.Quote(kind) + " in version " + strconv.Quote(apiVersion)
	r := t.row(apiVersion, kind)
	if r == nil {
		return Verdict{Status: UnknownKind, Message: noMatch + ": " + t.unknownWhy(group, version, kind, release)}
	}
	v := Verdict{Row: r}
	switch {
	case r.Removed != 0 && release >= r.Removed:
		v.Status, v.Message = Removed, noMatch+": removed in Kubernetes 1."+strconv.Itoa(r.Removed)+replacement(r)
	case t.RemovedIn(r) != 0 && release >= t.RemovedIn(r):
		v.Status, v.Message = Removed, noMatch+": gone from Kubernetes 1."+strconv.Itoa(t.RemovedIn(r))+" (not in its k8s.io/api)"+replacement(r)
	case t.introduced(r) > release:
		v.Status, v.Message = NotYetServed, noMatch+": introduced in Kubernetes 1."+strconv.Itoa(t.introduced(r))+", after 1."+strconv.Itoa(release)
	case !t.servedByDefault(r, release):
		v.Status, v.Message = NotServed, noMatch+": "+t.notServedWhy(r, release)
	case r.Deprecated != 0 && release >= r.Deprecated:
		v.Status, v.Message = Deprecated, WarningMessage(r)
	default:
		v.Status = Served
	}
	return v
}

// RemovedIn returns the release that removed r: the one its lifecycle
// states, else the first release read whose k8s.io/api no longer has
// the type; 0 if none.
func (t *Table) RemovedIn(r *Row) int {
	switch {
	case r.Removed != 0:
		return r.Removed
	case r.Last != 0 && r.Last < t.Newest:
		return r.Last + 1
	}
	return 0
}

// row returns the row of apiVersion and kind, or of the kind whose list
// kind is; nil if none.
func (t *Table) row(apiVersion, kind string) *Row {
	if r := t.byKey[apiVersion+"/"+kind]; r != nil {
		return r
	}
	if item, ok := strings.CutSuffix(kind, "List"); ok && item != "" {
		return t.byKey[apiVersion+"/"+item]
	}
	return nil
}

// introduced returns the release that introduced r: its statement, or
// the first release read whose k8s.io/api has it, if after the oldest.
func (t *Table) introduced(r *Row) int {
	if r.Introduced != 0 {
		return r.Introduced
	}
	if r.First > t.Oldest {
		return r.First
	}
	return 0
}

// servedByDefault reports whether kube-apiserver of release serves r by
// default. The kinds of other modules (apiextensions.k8s.io,
// apiregistration.k8s.io) are served until removed: their servers enable
// every version they have.
func (t *Table) servedByDefault(r *Row, release int) bool {
	if r.Source != "k8s.io/api" {
		return true
	}
	d := t.defaults[release]
	if on, set := d.kinds[r.APIVersion()+"/"+r.Kind]; set {
		return on
	}
	return d.versions[r.APIVersion()]
}

// notServedWhy says why r is not served by default in release: a GA
// version that no release serves by default is a type of webhooks or
// clients (admission.k8s.io/v1); an alpha or beta one is taken to be
// served with --runtime-config, though defaults.txt does not record
// whether the release's kube-apiserver can serve it at all.
func (t *Table) notServedWhy(r *Row, release int) string {
	gv := r.APIVersion()
	if !t.everServed[gv] && !strings.Contains(r.Version, "alpha") && !strings.Contains(r.Version, "beta") {
		return "kube-apiserver serves no " + gv + " in any release from 1." + strconv.Itoa(t.Oldest) + " (a type of webhooks or clients, not an API resource)"
	}
	return "not served by default in Kubernetes 1." + strconv.Itoa(release) + " (kube-apiserver serves it with --runtime-config=" + gv + "=true)"
}

// unknownWhy says which versions of group have kind at release, if any.
func (t *Table) unknownWhy(group, version, kind string, release int) string {
	var others []string
	for i := range t.Rows {
		r := &t.Rows[i]
		if r.Group == group && r.Kind == kind && r.Version != version {
			if v := t.Judge(r.APIVersion(), kind, release); v.Status == Served || v.Status == Deprecated {
				others = append(others, r.APIVersion())
			}
		}
	}
	name := group
	if name == "" {
		name = "core"
	}
	if len(others) > 0 {
		return kind + " is not a kind of " + apiVersion(group, version) + "; Kubernetes 1." + strconv.Itoa(release) + " serves it in " + strings.Join(others, ", ")
	}
	return "no kind " + kind + " in the built-in " + name + " group of Kubernetes"
}

// replacement is "; use group/version Kind", or "".
func replacement(r *Row) string {
	if r.Replacement == "" {
		return ""
	}
	return "; use " + r.Replacement
}

// splitAPIVersion splits apiVersion into group and version: "v1" is the
// core group's.
func splitAPIVersion(apiVersion string) (group, version string) {
	if i := strings.LastIndex(apiVersion, "/"); i >= 0 {
		return apiVersion[:i], apiVersion[i+1:]
	}
	return "", apiVersion
}

// IsBuiltinGroup reports whether group is an API group of the table, one
// that the API server serves itself in some release ("" for the core
// group). Groups of aggregated APIs (metrics.k8s.io) and of CRDs are not.
func (t *Table) IsBuiltinGroup(group string) bool { return t.groups[group] }
