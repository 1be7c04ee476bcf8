package audit

import (
	"context"
	"fmt"
	"slices"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/version"
)

// crdIndex is what the metrics need of the CRDs read: the CRD of each
// group and resource.
type crdIndex map[schema.GroupResource]*crdVersions

// crdVersions is a CRD's name and the warnings of its deprecated versions.
type crdVersions struct {
	name       string
	deprecated map[string]string // version → its deprecation warning, as the server sends it
}

// readCRDs lists every CRD, a page at a time, judges each, and returns the
// index of those read.
func (a *auditor) readCRDs(ctx context.Context) crdIndex {
	index := crdIndex{}
	defer a.endpointsSource()
	p := newPager(a.opts.PageSize, maxCRDs, "")
	for {
		list, err := a.ext.ApiextensionsV1().CustomResourceDefinitions().List(ctx, p.opts)
		if err != nil {
			a.report.unread("customresourcedefinitions", a.why(ctx, err))
			return index
		}
		for i := range list.Items {
			crd := &list.Items[i]
			a.judgeCRD(ctx, crd)
			v := versionsOf(crd)
			index[schema.GroupResource{Group: crd.Spec.Group, Resource: crd.Spec.Names.Plural}] = v
			a.crdOld = append(a.crdOld, crdOldVersions(crd, v.deprecated)...)
		}
		more, err := p.next(len(list.Items), list.Continue)
		if err != nil {
			a.report.unread("customresourcedefinitions", err.Error())
			return index
		}
		if !more {
			break
		}
	}
	a.report.read("customresourcedefinitions", fmt.Sprintf("%d read", p.items))
	return index
}

// endpointsSource records whether the EndpointSlices of the conversion
// webhooks' Services were read, once the CRDs were.
func (a *auditor) endpointsSource() {
	switch {
	case a.endpointsErr != "":
		a.report.unread("endpointslices", "the endpoints of conversion webhooks' Services: "+a.endpointsErr)
	case a.webhookServices > 0:
		a.report.read("endpointslices", fmt.Sprintf("the endpoints of %d conversion webhooks' Services", a.webhookServices))
	}
}

// versionsOf returns the index entry of crd.
func versionsOf(crd *apiextensionsv1.CustomResourceDefinition) *crdVersions {
	v := &crdVersions{name: crd.Name, deprecated: map[string]string{}}
	for _, ver := range crd.Spec.Versions {
		if !ver.Deprecated {
			continue
		}
		if ver.DeprecationWarning != nil {
			v.deprecated[ver.Name] = *ver.DeprecationWarning
		} else {
			v.deprecated[ver.Name] = defaultDeprecationWarning(ver.Name, crd.Spec)
		}
	}
	return v
}

// defaultDeprecationWarning is the warning the API server sends for a
// deprecated version without a deprecationWarning of its own, as
// apiextensions-apiserver v0.37.2's customresource_handler.go writes it:
// the version, and the highest served version above it that is not
// deprecated.
func defaultDeprecationWarning(deprecated string, spec apiextensionsv1.CustomResourceDefinitionSpec) string {
	msg := fmt.Sprintf("%s/%s %s is deprecated", spec.Group, deprecated, spec.Names.Kind)
	var newer []string
	for _, v := range spec.Versions {
		if v.Served && !v.Deprecated && version.CompareKubeAwareVersionStrings(deprecated, v.Name) < 0 {
			newer = append(newer, v.Name)
		}
	}
	if len(newer) == 0 {
		return msg
	}
	best := slices.MaxFunc(newer, version.CompareKubeAwareVersionStrings)
	return msg + fmt.Sprintf("; use %s/%s %s", spec.Group, best, spec.Names.Kind)
}

// judgeCRD adds the findings of one CRD: its stored versions, and its
// conversion webhook.
func (a *auditor) judgeCRD(ctx context.Context, crd *apiextensionsv1.CustomResourceDefinition) {
	subject := "customresourcedefinition " + crd.Name
	storage := ""
	served := map[string]bool{}
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			storage = v.Name
		}
		served[v.Name] = v.Served
	}
	var stale []string
	for _, sv := range crd.Status.StoredVersions {
		if sv == storage {
			continue
		}
		stale = append(stale, sv)
		if !served[sv] {
			a.report.add(Finding{Check: CheckStoredVersionNotServed, Level: Error, Subject: subject,
				Message: fmt.Sprintf("status.storedVersions lists %s, which is no longer served: objects stored as %s are read only through conversion to a served version, and %s cannot leave spec.versions until they are migrated", sv, sv, sv),
				Fix:     "kubeversion migrate " + crd.Name})
		}
	}
	if len(stale) > 0 {
		a.report.add(Finding{Check: CheckStorageMigrationNeeded, Level: Error, Subject: subject,
			Message: fmt.Sprintf("status.storedVersions lists %s beside the storage version %s: objects may still be stored as %s, and the API server refuses a CRD that drops %s from spec.versions",
				strings.Join(stale, ", "), storage, orList(stale), orList(stale)),
			Fix: "kubeversion migrate " + crd.Name})
	}
	a.judgeWebhook(ctx, crd, subject)
}

// orList writes versions as "v1", "v1 or v2", "v1, v2 or v3".
func orList(vs []string) string {
	vs = slices.Clone(vs)
	if len(vs) < 2 {
		return strings.Join(vs, "")
	}
	return strings.Join(vs[:len(vs)-1], ", ") + " or " + vs[len(vs)-1]
}
