package objectmeta

import (
	"fmt"
	"slices"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// ValidateUpdate checks the metadata m of a custom resource replacing
// old as the server's custom resource strategy does
// (ValidateObjectMetaDeclaratively on update, whose declarative rules are
// all alpha and add nothing): no finalizer added while old is being
// deleted, a resourceVersion, a generation neither negative nor below
// old's, the name, namespace, uid, creationTimestamp, deletionTimestamp
// and deletionGracePeriodSeconds unchanged, then labels, annotations,
// owner references and managed fields. Neither the name's form nor the
// finalizers' are checked. For example, renaming a to b gives
//
//	metadata.name: Invalid value: "b": field is immutable
//
// It expects m as the server has it when it validates: with generation,
// and with the uid, timestamps and grace period that rest.BeforeUpdate
// copies from old.
func ValidateUpdate(m, old Meta) field.ErrorList {
	var errs field.ErrorList
	if old.DeletionTimestamp() != nil {
		errs = appendNewFinalizers(errs, m.Finalizers(), old.Finalizers())
	}
	if m.ResourceVersion() == "" {
		errs = append(errs, field.Invalid(rootPath.Child("resourceVersion"), "", "must be specified for an update"))
	}
	errs = appendNegativeGeneration(errs, m.Generation)
	if m.Generation < old.Generation {
		errs = append(errs, field.Invalid(rootPath.Child("generation"), m.Generation, "must not be decremented"))
	}
	errs = appendImmutable(errs, "name", m.Name, m.Name == old.Name)
	errs = appendImmutable(errs, "namespace", m.Namespace, m.Namespace == old.Namespace)
	errs = appendImmutable(errs, "uid", m.UID(), m.UID() == old.UID())
	created, oldCreated := m.CreationTimestamp(), old.CreationTimestamp()
	errs = appendImmutable(errs, "creationTimestamp", created, created.Equal(oldCreated.Time))
	deleted, oldDeleted := m.DeletionTimestamp(), old.DeletionTimestamp()
	errs = appendImmutable(errs, "deletionTimestamp", deleted, equalPointers(deleted, oldDeleted, func(a, b Time) bool { return a.Equal(b.Time) }))
	grace, oldGrace := m.DeletionGracePeriodSeconds(), old.DeletionGracePeriodSeconds()
	errs = appendImmutable(errs, "deletionGracePeriodSeconds", grace, equalPointers(grace, oldGrace, func(a, b int64) bool { return a == b }))
	return append(errs, m.lists().Validate(false)...)
}

// ValidateGenericUpdate checks m replacing old as the server's
// rest.ValidateUpdate does before it calls the strategy, whatever the
// strategy finds: [ValidateGenericCreate], then the checks of
// [ValidateUpdate]. Many errors so come twice, once from each; the
// server's message lists each once, its causes both.
func ValidateGenericUpdate(m, old Meta, namespaceScoped bool) field.ErrorList {
	return append(ValidateGenericCreate(m, namespaceScoped), ValidateUpdate(m, old)...)
}

// appendNewFinalizers is ValidateNoNewFinalizers: the finalizers added
// listed sorted, as Go's %#v prints a []string.
func appendNewFinalizers(errs field.ErrorList, finalizers, old []string) field.ErrorList {
	added := addedFinalizers(finalizers, old)
	if len(added) == 0 {
		return errs
	}
	return append(errs, field.Forbidden(finalizersPath,
		fmt.Sprintf("no new finalizers can be added if the object is being deleted, found new finalizers %#v", added)))
}

// addedFinalizers returns the finalizers not in old, each once, sorted,
// as the server's sets.String Difference and List give them.
func addedFinalizers(finalizers, old []string) []string {
	seen := make(map[string]bool, len(old)+len(finalizers))
	for _, f := range old {
		seen[f] = true
	}
	var added []string
	for _, f := range finalizers {
		if !seen[f] {
			seen[f] = true
			added = append(added, f)
		}
	}
	slices.Sort(added)
	return added
}

// appendImmutable is ValidateImmutableField of the field name of
// metadata, whose new value is v.
func appendImmutable(errs field.ErrorList, name string, v any, equal bool) field.ErrorList {
	if equal {
		return errs
	}
	return append(errs, field.Invalid(rootPath.Child(name), v, "field is immutable"))
}

// equalPointers is how the server's semantic equality compares pointers:
// both nil, or both set to equal values.
func equalPointers[T any](a, b *T, equal func(a, b T) bool) bool {
	if a == nil || b == nil {
		return a == b
	}
	return equal(*a, *b)
}
