package objectmeta

import (
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// FinalizerWarnings returns the warnings the server gives about the
// finalizers of a custom resource (its strategy's WarningsOnCreate and
// WarningsOnUpdate): for each finalizer not in old (nil on create), in
// sorted order, what is wrong with it as a qualified name, and a hint
// when it has no '/' and is not one of Kubernetes' own (kubernetes,
// orphan, foregroundDeletion). For example, ["foo"] gives
//
//	metadata.finalizers: "foo": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers
func FinalizerWarnings(finalizers, old []string) []string {
	var warnings []string
	for _, f := range addedFinalizers(finalizers, old) {
		for _, msg := range names.QualifiedName(f) {
			warnings = append(warnings, fmt.Sprintf("%s: %q: %s", finalizersPath, f, msg))
		}
		if strings.Contains(f, "/") {
			continue
		}
		switch f {
		case "kubernetes", "orphan", "foregroundDeletion":
		default:
			if strings.Contains(f, ".") {
				warnings = append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers", finalizersPath, f))
			} else {
				warnings = append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers", finalizersPath, f))
			}
		}
	}
	return warnings
}
