package audit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// OldVersion is an apiVersion and kind that breaks, or will, at the
// target: an object whose managedFields entry names it holds fields a
// manager wrote through it, and that manager fails or is warned at its
// next write through it. (An Update entry keeps the version as long as
// it owns fields: a tool that moved to a new version may still have its
// old entry.)
type OldVersion struct {
	APIVersion string // such as extensions/v1beta1
	Kind       string
	Level      Level
	Message    string // why, such as kubectl's error and the replacement
	// Groups are where objects of the kind are listed: the groups that
	// serve it now, such as networking.k8s.io for an Ingress of
	// extensions/v1beta1.
	Groups []string
}

// maxManagers bounds the distinct (version, manager) pairs a run keeps.
const maxManagers = 1000

// writer is a manager that wrote fields of objects through an old
// version.
type writer struct {
	old       *OldVersion
	manager   string
	operation string
	objects   int
	example   string // namespace/name of the first object
}

// readManagers lists the metadata of every object of each kind of olds,
// a page at a time, and adds a finding for each manager whose
// managedFields entry names an old version.
func (a *auditor) readManagers(ctx context.Context, olds []OldVersion) {
	if len(olds) == 0 {
		return
	}
	lists, err := a.groupResources(ctx, olds)
	if err != nil {
		a.report.unread("managedFields", "discovery: "+err.Error())
		return
	}
	byResource := map[schema.GroupVersionResource][]*OldVersion{}
	for i := range olds {
		for _, gvr := range servedResources(lists, &olds[i]) {
			byResource[gvr] = append(byResource[gvr], &olds[i])
		}
	}
	resources := slices.SortedFunc(maps.Keys(byResource), func(x, y schema.GroupVersionResource) int { return cmp.Compare(x.String(), y.String()) })
	writers := map[[3]string]*writer{}
	dropped, objects := 0, 0
	var unread []string
	for _, gvr := range resources {
		n, err := a.listManagers(ctx, gvr, byResource[gvr], writers, &dropped)
		objects += n
		if err != nil {
			unread = append(unread, gvr.Resource+"."+gvr.Group+": "+err.Error())
		}
	}
	ws := make([]*writer, 0, len(writers))
	for _, w := range writers {
		ws = append(ws, w)
	}
	slices.SortFunc(ws, func(x, y *writer) int {
		return cmp.Or(cmp.Compare(x.old.APIVersion, y.old.APIVersion), cmp.Compare(x.old.Kind, y.old.Kind), cmp.Compare(x.manager, y.manager), cmp.Compare(x.operation, y.operation))
	})
	for _, w := range ws {
		a.report.add(Finding{Check: CheckOldVersionWritten, Level: w.old.Level, Subject: w.old.APIVersion + " " + w.old.Kind,
			Message: fmt.Sprintf("%s fields that the manager %q (%s) wrote through it, such as %s: %s", objectsText(w.objects), w.manager, w.operation, w.example, w.old.Message),
			Fix:     "move the manager's manifests to the replacement and apply them again"})
	}
	note := fmt.Sprintf("the managedFields of %s of %s", plural(objects, "object"), plural(len(resources), "resource"))
	if dropped > 0 {
		note += fmt.Sprintf("; %d entries of further managers not counted (at most %d managers are)", dropped, maxManagers)
	}
	if len(unread) > 0 {
		a.report.unread("managedFields", note+"; not read: "+strings.Join(unread, "; "))
		return
	}
	a.report.read("managedFields", note)
}

// groupResources returns, for each group of olds that the server serves,
// the resources of each of its versions, the preferred version first, as
// the discovery of each group lists them.
func (a *auditor) groupResources(ctx context.Context, olds []OldVersion) ([][]*metav1.APIResourceList, error) {
	var groups []string
	for _, o := range olds {
		for _, g := range o.Groups {
			if !slices.Contains(groups, g) {
				groups = append(groups, g)
			}
		}
	}
	slices.Sort(groups)
	var all [][]*metav1.APIResourceList
	for _, g := range groups {
		versions := []string{"v1"}
		if g != "" {
			var group metav1.APIGroup
			err := a.discovery.RESTClient().Get().AbsPath("/apis", g).Do(ctx).Into(&group)
			if apierrors.IsNotFound(err) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %s", g, a.why(ctx, err))
			}
			versions = []string{group.PreferredVersion.GroupVersion}
			for _, v := range group.Versions {
				if v.GroupVersion != group.PreferredVersion.GroupVersion {
					versions = append(versions, v.GroupVersion)
				}
			}
		}
		var lists []*metav1.APIResourceList
		for _, gv := range versions {
			l, err := a.discovery.ServerResourcesForGroupVersion(gv)
			if apierrors.IsNotFound(err) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %s", gv, a.why(ctx, err))
			}
			lists = append(lists, l)
		}
		all = append(all, lists)
	}
	return all, nil
}

// servedResources returns the resource that serves old's kind in each of
// its groups: in the group's preferred version, else in the first other
// version that serves it (LeaseCandidate is in coordination.k8s.io's
// v1beta1 only, beside v1).
func servedResources(groups [][]*metav1.APIResourceList, old *OldVersion) []schema.GroupVersionResource {
	var gvrs []schema.GroupVersionResource
	for _, lists := range groups {
		for _, l := range lists {
			gv, err := schema.ParseGroupVersion(l.GroupVersion)
			if err != nil || !slices.Contains(old.Groups, gv.Group) {
				break
			}
			i := slices.IndexFunc(l.APIResources, func(r metav1.APIResource) bool {
				return r.Kind == old.Kind && !strings.Contains(r.Name, "/") && slices.Contains(r.Verbs, "list")
			})
			if i >= 0 {
				gvrs = append(gvrs, gv.WithResource(l.APIResources[i].Name))
				break
			}
		}
	}
	return gvrs
}

// listManagers lists the metadata of gvr's objects and counts, in
// writers, the managers whose entries name one of olds.
func (a *auditor) listManagers(ctx context.Context, gvr schema.GroupVersionResource, olds []*OldVersion, writers map[[3]string]*writer, dropped *int) (int, error) {
	p := newPager(a.opts.PageSize, maxObjects, "")
	var seen [][3]string // the keys of one object, each counted once
	for {
		list, err := a.meta.Resource(gvr).List(ctx, p.opts)
		if err != nil {
			return p.items, errors.New(a.why(ctx, err))
		}
		for i := range list.Items {
			o := &list.Items[i]
			seen = seen[:0]
			for _, e := range o.ManagedFields {
				i := slices.IndexFunc(olds, func(old *OldVersion) bool { return old.APIVersion == e.APIVersion })
				if i < 0 {
					continue
				}
				key := [3]string{e.APIVersion + " " + olds[i].Kind, e.Manager, string(e.Operation)}
				if slices.Contains(seen, key) {
					continue // the same manager's entry of a subresource
				}
				seen = append(seen, key)
				w := writers[key]
				if w == nil {
					if len(writers) >= maxManagers {
						*dropped++
						continue
					}
					w = &writer{old: olds[i], manager: e.Manager, operation: string(e.Operation), example: strings.TrimPrefix(o.Namespace+"/"+o.Name, "/")}
					writers[key] = w
				}
				w.objects++
			}
		}
		more, err := p.next(len(list.Items), list.Continue)
		if err != nil || !more {
			return p.items, err
		}
	}
}

// crdOldVersions returns the versions of crd whose writers break: a
// deprecated version (a warning) and a version no longer served (an
// error: the next write through it is refused).
func crdOldVersions(crd *apiextensionsv1.CustomResourceDefinition, deprecated map[string]string) []OldVersion {
	var olds []OldVersion
	kind, group := crd.Spec.Names.Kind, []string{crd.Spec.Group}
	for _, v := range crd.Spec.Versions {
		apiVersion := crd.Spec.Group + "/" + v.Name
		switch {
		case !v.Served:
			olds = append(olds, OldVersion{APIVersion: apiVersion, Kind: kind, Level: Error, Groups: group,
				Message: apiVersion + " is no longer served: its next write through it is refused"})
		case v.Deprecated:
			olds = append(olds, OldVersion{APIVersion: apiVersion, Kind: kind, Level: Warning, Groups: group, Message: deprecated[v.Name]})
		}
	}
	return olds
}

// plural says n nouns: "1 object", "7 objects".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// objectsText says n objects hold: "1 object holds", "7 objects hold".
func objectsText(n int) string {
	if n == 1 {
		return "1 object holds"
	}
	return fmt.Sprintf("%d objects hold", n)
}
