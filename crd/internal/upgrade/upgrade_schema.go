package upgrade

import (
	"reflect"
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// storageMovePrefix starts the messages of the findings of the storage
// move, before "from <old storage version> to <new one>: ".
const storageMovePrefix = "storage moves "

// checkSchemas runs the schema compatibility checks: the scope, each
// version kept (from old's schema to new's), the storage move (from old's
// storage version to new's), and each served version of new against the
// next higher one in priority. That last comparison is skipped with
// strategy Webhook, which may convert anything, and, with old, for pairs
// where neither version is new or changed, whose findings the live object
// already had. Equal findings are reported once.
func checkSchemas(old, new *api.CustomResourceDefinition, o Order) []Finding {
	var fs []Finding
	if old != nil && old.Spec.Scope != new.Spec.Scope {
		fs = append(fs, Finding{Check: checkScopeChanged, Field: "spec.scope",
			Message: "the scope changes from " + old.Spec.Scope + " to " + new.Spec.Scope +
				": every object and client is addressed differently, and the API server forbids it once the CRD is Established"})
	}
	if old != nil {
		for i := range new.Spec.Versions {
			nv := &new.Spec.Versions[i]
			if j := sameVersion(old, new, i); j >= 0 {
				fs = compareVersionSchemas(fs, &old.Spec.Versions[j], nv, new, "", "")
			}
		}
		from, to := storageVersion(old), storageVersion(new)
		if from != "" && to != "" && from != to {
			fs = compareVersionSchemas(fs, &old.Spec.Versions[versionIndex(old, from)],
				&new.Spec.Versions[versionIndex(new, to)], new, "", storageMovePrefix+"from "+from+" to "+to+": ")
		}
	}
	if conversionStrategy(new) != api.WebhookConverter {
		served := servedByPriority(new, o.Compare)
		for i := 1; i < len(served); i++ {
			lo, hi := served[i-1], served[i]
			if old != nil && !changedFrom(old, new, lo) && !changedFrom(old, new, hi) {
				continue
			}
			fs = compareVersionSchemas(fs, lo, hi, new, lo.Name, "from "+lo.Name+" to "+hi.Name+": ")
		}
	}
	return dedupFindings(fs)
}

// compareVersionSchemas appends to fs the findings of the schema of a
// compared with the schema of b, a version of c, each message prefixed
// with prefix, each finding's From set to from.
func compareVersionSchemas(fs []Finding, a, b *api.Version, c *api.CustomResourceDefinition, from, prefix string) []Finding {
	cmp := schemaComparison{version: b.Name, from: from, prefix: prefix, findings: fs}
	oldSchema, newSchema := versionSchema(a), versionSchema(b)
	if oldSchema == nil {
		oldSchema = &api.JSONSchemaProps{}
	}
	if newSchema == nil {
		newSchema = &api.JSONSchemaProps{}
	}
	root := rootPlace(upgradeVersionPath(c, b.Name)+".schema.openAPIV3Schema", "")
	cmp.node(oldSchema, newSchema, &root)
	return cmp.findings
}

// sameVersion returns the index in c of the version that is other's i-th
// version, or -1: the one of the same name and, where names repeat (which
// the API server rejects), the same occurrence of it. For example, with
// other the new revision of c, it finds the live version each new version
// replaces.
func sameVersion(c, other *api.CustomResourceDefinition, i int) int {
	name := other.Spec.Versions[i].Name
	n := 0 // earlier versions of other with that name
	for _, v := range other.Spec.Versions[:i] {
		if v.Name == name {
			n++
		}
	}
	for j, v := range c.Spec.Versions {
		if v.Name == name {
			if n == 0 {
				return j
			}
			n--
		}
	}
	return -1
}

// servedByPriority returns the served versions of c from the lowest
// priority to the highest, by compare.
func servedByPriority(c *api.CustomResourceDefinition, compare func(a, b string) int) []*api.Version {
	var served []*api.Version
	for i := range c.Spec.Versions {
		if c.Spec.Versions[i].Served {
			served = append(served, &c.Spec.Versions[i])
		}
	}
	slices.SortStableFunc(served, func(a, b *api.Version) int { return compare(a.Name, b.Name) })
	return served
}

// changedFrom reports whether v, a version of new, is not in old, or has
// another schema there.
func changedFrom(old, new *api.CustomResourceDefinition, v *api.Version) bool {
	k := -1
	for i := range new.Spec.Versions {
		if &new.Spec.Versions[i] == v {
			k = i
		}
	}
	if k < 0 {
		return true
	}
	i := sameVersion(old, new, k)
	return i < 0 || !reflect.DeepEqual(versionSchema(&old.Spec.Versions[i]), versionSchema(v))
}

// dedupFindings removes from fs every finding equal to an earlier one but
// for From and the "storage moves " that starts the messages of the
// storage move: the storage move and the comparison of the same two
// versions as served neighbours find the same changes, and the first, the
// storage move's, is kept.
func dedupFindings(fs []Finding) []Finding {
	seen := make(map[Finding]bool, len(fs))
	out := fs[:0]
	for _, f := range fs {
		key := f
		key.From = ""
		key.Message = strings.TrimPrefix(key.Message, storageMovePrefix)
		if !seen[key] {
			seen[key] = true
			out = append(out, f)
		}
	}
	return out
}
