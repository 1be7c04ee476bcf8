package upgrade

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// checkLifecycle runs the version lifecycle checks of an upgrade from old
// to new: served versions removed, kubectl's default version, storage
// version and stored versions.
func checkLifecycle(old, new *api.CustomResourceDefinition, o Order) []Finding {
	var fs []Finding
	for j, ov := range old.Spec.Versions {
		if !ov.Served {
			continue
		}
		i := sameVersion(new, old, j)
		var at, what string
		switch {
		case i < 0:
			at, what = "spec.versions", "is removed from spec.versions"
		case !new.Spec.Versions[i].Served:
			at, what = field.VersionPath(i).Child("served").String(), "is no longer served"
		default:
			continue
		}
		fs = append(fs, Finding{Check: checkServedVersionRemoved, Field: at, Version: ov.Name,
			Message: ov.Name + " " + what + ": its clients get 404 Not Found"})
		if !ov.Deprecated {
			fs = append(fs, Finding{Check: checkRemovedWithoutDeprecate, Field: at, Version: ov.Name,
				Message: ov.Name + " stops being served without having been deprecated in the live object: " +
					"first release a revision with deprecated: true on " + ov.Name + ", so that its clients are warned"})
		}
	}
	oldDefault, oldOK := o.Preferred(old)
	newDefault, newOK := o.Preferred(new)
	if oldOK && newOK && oldDefault != newDefault {
		fs = append(fs, Finding{Check: checkDefaultVersionChanged, Field: upgradeVersionPath(new, newDefault), Version: newDefault,
			Message: "kubectl's default version changes from " + oldDefault + " to " + newDefault +
				": kubectl get, and every request that names no version, now read " + newDefault})
	}
	fs = append(fs, checkDeprecatedDefaultVersion(new, o)...)
	fs = append(fs, checkStorageMove(old, new)...)
	return append(fs, checkStoredUnserved(old, new)...)
}

// checkDeprecatedDefaultVersion reports a deprecated version that kubectl
// uses by default.
func checkDeprecatedDefaultVersion(c *api.CustomResourceDefinition, o Order) []Finding {
	name, ok := o.Preferred(c)
	if !ok {
		return nil
	}
	v := c.Spec.Versions[versionIndex(c, name)]
	if !v.Deprecated {
		return nil
	}
	return []Finding{{Check: checkDeprecatedDefault, Field: upgradeVersionPath(c, name) + ".deprecated", Version: name,
		Message: name + " is deprecated but is the version kubectl uses by default (the highest-priority served version): " +
			"every kubectl get warns; serve a non-deprecated version of higher priority, or stop serving " + name}}
}

// checkStorageMove reports a change of storage version, with the
// migration of the stored objects spelled out as commands.
func checkStorageMove(old, new *api.CustomResourceDefinition) []Finding {
	from, to := storageVersion(old), storageVersion(new)
	if from == "" || to == "" || from == to {
		return nil
	}
	stored := storedBefore(old, to)
	msg := "the storage version changes from " + from + " to " + to + ": objects stored as " +
		strings.Join(stored, ", ") + " stay so until they are written again. "
	var dropped []string
	for _, s := range stored {
		if versionIndex(new, s) < 0 {
			dropped = append(dropped, s)
		}
	}
	if len(dropped) == 0 {
		msg += "After applying this CRD, migrate them: " + migrationCommands(new, to)
	} else {
		// The server rejects this revision (ValidateUpdate says so at
		// status.storedVersions), so the migration cannot come after it.
		list := strings.Join(dropped, ", ")
		msg += "The API server rejects this CRD while " + list + " is in status.storedVersions and missing from spec.versions: " +
			"first release a revision that keeps " + list + " in spec.versions (served or not) and stores " + to +
			", apply it and migrate the objects: " + migrationCommands(new, to) + "; only then remove " + list
	}
	return []Finding{{Check: checkStorageVersionChanged, Field: upgradeVersionPath(new, to) + ".storage", Version: to, Message: msg}}
}

// storedBefore returns the versions that objects of old may be stored in,
// other than to: its status.storedVersions, or its storage version when
// that list is empty.
func storedBefore(old *api.CustomResourceDefinition, to string) []string {
	stored := old.Status.StoredVersions
	if len(stored) == 0 {
		stored = []string{storageVersion(old)}
	}
	var out []string
	for _, s := range stored {
		if s != to && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// migrationCommands returns the storage migration of c to the storage
// version to: `kubeversion migrate`, which does it on a live cluster and
// proves it, then the steps of the Kubernetes documentation ("Upgrade
// existing objects to a new stored version") for those without it:
// rewrite every object so that it is stored as to, then make to the only
// stored version.
func migrationCommands(c *api.CustomResourceDefinition, to string) string {
	resource := c.Spec.Names.Plural + "." + c.Spec.Group
	all := ""
	if c.Spec.Scope != api.ClusterScoped {
		all = " --all-namespaces"
	}
	name := c.Metadata.Name
	if name == "" {
		name = resource
	}
	patch := `{"status":{"storedVersions":[` + strconv.Quote(to) + `]}}`
	return "`kubeversion migrate " + name + "` rewrites every object in " + to +
		" (conflicts with controllers' writes count as done) and then sets status.storedVersions to [" + to +
		"], only if the CRD did not change meanwhile; by hand: " +
		"(1) rewrite every object: `kubectl get " + resource + all + " -o json | kubectl replace -f -`; " +
		"(2) once that succeeded, record that no other version remains stored: " +
		"`kubectl patch crd " + name + " --subresource=status --type=merge -p '" + patch + "'`"
}

// checkStoredUnserved reports the versions of the live object's
// status.storedVersions that new keeps but does not serve.
func checkStoredUnserved(old, new *api.CustomResourceDefinition) []Finding {
	var fs []Finding
	storage := storageVersion(new)
	for _, s := range old.Status.StoredVersions {
		i := versionIndex(new, s)
		if i < 0 || new.Spec.Versions[i].Served || s == storage {
			continue
		}
		migrate := "they are migrated to the storage version, which this CRD lacks"
		if storage != "" {
			migrate = "they are migrated: " + migrationCommands(new, storage)
		}
		fs = append(fs, Finding{Check: checkStoredVersionUnserved, Field: upgradeVersionPath(new, s) + ".served", Version: s,
			Message: s + " is in the live status.storedVersions but not served: objects still stored as " + s +
				" are read only through conversion, and " + s + " cannot leave spec.versions until " + migrate})
	}
	return fs
}
