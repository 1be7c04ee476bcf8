package validation

import (
	"sort"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// isStructural reports whether the API server counts s as a structural
// schema: it converts, and ValidateStructural finds nothing.
func isStructural(s *api.JSONSchemaProps) bool {
	ss, msg := structural.New(s, structural.Options{})
	return s == nil || msg == "" && len(structural.Validate(ss, field.NewPath(""))) == 0
}

// validateStructural returns what the API server's ValidateStructural
// finds in s, the model of a schema whose root is at path. Like the server, it sorts the errors by their message. For
// example, {type: object, properties: {spec: {}}} gives
//
//	<path>.properties[spec].type: Required value: must not be empty for specified object fields
func validateStructural(s *structural.Structural, root *field.Path) field.ErrorList {
	found := structural.Validate(s, root)
	if len(found) == 0 {
		return nil
	}
	errs := found
	if len(errs) < 2 {
		return errs
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	sort.Sort(byMessage{errs, msgs})
	return errs
}

// byMessage sorts errors by their messages, computed once.
type byMessage struct {
	errs field.ErrorList
	msgs []string
}

func (b byMessage) Len() int           { return len(b.errs) }
func (b byMessage) Less(i, j int) bool { return b.msgs[i] < b.msgs[j] }
func (b byMessage) Swap(i, j int) {
	b.errs[i], b.errs[j] = b.errs[j], b.errs[i]
	b.msgs[i], b.msgs[j] = b.msgs[j], b.msgs[i]
}
