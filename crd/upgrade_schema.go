package crd

import (
	"reflect"
	"slices"

	"github.com/kubeversion/kubeversion"
)

// checkSchemas runs the schema compatibility checks: the scope, each
// version kept (from old's schema to new's), the storage move (from old's
// storage version to new's), and each served version of new against the
// next higher one in priority. That last comparison is skipped with
// strategy Webhook, which may convert anything, and, with old, for pairs
// where neither version is new or changed, whose findings the live object
// already had. Equal findings are reported once.
func checkSchemas(old, new *CustomResourceDefinition) []Finding {
	var fs []Finding
	if old != nil && old.Spec.Scope != new.Spec.Scope {
		fs = append(fs, Finding{checkScopeChanged, "spec.scope", "",
			"the scope changes from " + old.Spec.Scope + " to " + new.Spec.Scope +
				": every object and client is addressed differently, and the API server forbids it once the CRD is Established"})
	}
	if old != nil {
		for i := range new.Spec.Versions {
			nv := &new.Spec.Versions[i]
			if j := versionIndex(old, nv.Name); j >= 0 {
				fs = compareVersionSchemas(fs, &old.Spec.Versions[j], nv, new, "")
			}
		}
		from, to := storageVersion(old), storageVersion(new)
		if from != "" && to != "" && from != to {
			fs = compareVersionSchemas(fs, &old.Spec.Versions[versionIndex(old, from)],
				&new.Spec.Versions[versionIndex(new, to)], new, "from "+from+" to "+to+": ")
		}
	}
	if conversionStrategy(new) != WebhookConverter {
		served := servedByPriority(new)
		for i := 1; i < len(served); i++ {
			lo, hi := served[i-1], served[i]
			if old != nil && !changedFrom(old, lo) && !changedFrom(old, hi) {
				continue
			}
			fs = compareVersionSchemas(fs, lo, hi, new, "from "+lo.Name+" to "+hi.Name+": ")
		}
	}
	return dedupFindings(fs)
}

// compareVersionSchemas appends to fs the findings of the schema of a
// compared with the schema of b, a version of c, each message prefixed
// with prefix.
func compareVersionSchemas(fs []Finding, a, b *Version, c *CustomResourceDefinition, prefix string) []Finding {
	cmp := schemaComparison{version: b.Name, prefix: prefix, findings: fs}
	oldSchema, newSchema := versionSchema(a), versionSchema(b)
	if oldSchema == nil {
		oldSchema = &JSONSchemaProps{}
	}
	if newSchema == nil {
		newSchema = &JSONSchemaProps{}
	}
	cmp.node(oldSchema, newSchema, upgradeVersionPath(c, b.Name)+".schema.openAPIV3Schema", "")
	return cmp.findings
}

// servedByPriority returns the served versions of c from the lowest
// priority to the highest, by [kubeversion.Compare].
func servedByPriority(c *CustomResourceDefinition) []*Version {
	var served []*Version
	for i := range c.Spec.Versions {
		if c.Spec.Versions[i].Served {
			served = append(served, &c.Spec.Versions[i])
		}
	}
	slices.SortStableFunc(served, func(a, b *Version) int { return kubeversion.Compare(a.Name, b.Name) })
	return served
}

// changedFrom reports whether v is not in old, or has another schema
// there.
func changedFrom(old *CustomResourceDefinition, v *Version) bool {
	i := versionIndex(old, v.Name)
	return i < 0 || !reflect.DeepEqual(versionSchema(&old.Spec.Versions[i]), versionSchema(v))
}

// dedupFindings removes from fs every finding equal to an earlier one.
func dedupFindings(fs []Finding) []Finding {
	seen := make(map[Finding]bool, len(fs))
	out := fs[:0]
	for _, f := range fs {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}
