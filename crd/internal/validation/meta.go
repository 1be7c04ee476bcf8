package validation

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// validateMetaCreate checks metadata on create as the API server's
// ValidateObjectMeta does for a cluster-scoped object whose name must be
// <plural>.<group>. The generation is not checked: the server sets it to 1.
func validateMetaCreate(m *api.Metadata, in *internalSpec) field.ErrorList {
	want := in.Names.Plural + "." + in.Group
	nameErrors := func(name string, prefix bool) []string {
		checked := name
		if prefix && len(name) > 1 && strings.HasSuffix(name, "-") {
			// The server drops two bytes, not one, before adding "a".
			checked = name[:len(name)-2] + "a"
		}
		msgs := names.DNS1123Subdomain(checked)
		if name != want {
			msgs = append(msgs, `must be spec.names.plural+"."+spec.group`)
		}
		return msgs
	}
	var errs field.ErrorList
	if m.GenerateName != "" {
		for _, msg := range nameErrors(m.GenerateName, true) {
			errs = append(errs, field.Invalid(field.NewPath("metadata", "generateName"), m.GenerateName, msg))
		}
	}
	if m.Name == "" {
		errs = append(errs, field.Required(field.NewPath("metadata", "name"), "name or generateName is required"))
	} else {
		for _, msg := range nameErrors(m.Name, false) {
			errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), m.Name, msg))
		}
	}
	if m.Namespace != "" {
		errs = append(errs, field.Forbidden(field.NewPath("metadata", "namespace"), "not allowed on this type"))
	}
	return uniqueErrors(append(errs, validateMetaLists(m, true)...))
}

// validateMetaUpdate checks metadata on update as ValidateObjectMetaUpdate,
// after the registry strategy has set the generation.
func validateMetaUpdate(c, old *api.CustomResourceDefinition) field.ErrorList {
	m, o := &c.Metadata, &old.Metadata
	var errs field.ErrorList
	if o.DeletionTimestamp != nil {
		errs = append(errs, addedFinalizers(m.Finalizers, o.Finalizers)...)
	}
	if m.ResourceVersion == "" {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "resourceVersion"), "", "must be specified for an update"))
	}
	errs = append(errs, generationErrors(c, old)...)
	errs = append(errs, immutableMetaErrors(m, o)...)
	return uniqueErrors(append(errs, validateMetaLists(m, false)...))
}

// addedFinalizers forbids finalizers in list that are not in old, as the
// server does for an object being deleted.
func addedFinalizers(list, old []string) field.ErrorList {
	known := make(map[string]bool, len(old)+len(list))
	for _, f := range old {
		known[f] = true
	}
	var added []string
	for _, f := range list {
		if !known[f] {
			known[f] = true
			added = append(added, f)
		}
	}
	if len(added) == 0 {
		return nil
	}
	slices.Sort(added)
	return field.ErrorList{field.Forbidden(field.NewPath("metadata", "finalizers"),
		fmt.Sprintf("no new finalizers can be added if the object is being deleted, found new finalizers %#v", added))}
}

// generationErrors checks the generation of c, which the registry
// strategy increments when the spec changes, against that of old.
func generationErrors(c, old *api.CustomResourceDefinition) field.ErrorList {
	var errs field.ErrorList
	generation := c.Metadata.Generation
	if !api.SemanticEqual(defaultedSpec(c.Spec), defaultedSpec(old.Spec)) {
		generation = old.Metadata.Generation + 1
	}
	if generation < 0 {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "generation"), generation, "must be greater than or equal to 0"))
	}
	if generation < old.Metadata.Generation {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "generation"), generation, "must not be decremented"))
	}
	return errs
}

// immutableMetaErrors checks that the name, namespace, uid, timestamps
// and deletion grace period of m are those of o.
func immutableMetaErrors(m, o *api.Metadata) field.ErrorList {
	var errs field.ErrorList
	if m.Name != o.Name {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), m.Name, fieldImmutable))
	}
	if m.Namespace != o.Namespace {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "namespace"), m.Namespace, fieldImmutable))
	}
	if m.UID != o.UID {
		uid, _ := json.Marshal(m.UID) // a types.UID, printed as JSON
		errs = append(errs, field.Invalid(field.NewPath("metadata", "uid"), json.RawMessage(uid), fieldImmutable))
	}
	if t, ot := timestamp(m.CreationTimestamp), timestamp(o.CreationTimestamp); !t.equal(ot) {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "creationTimestamp"), t.json(), fieldImmutable))
	}
	if t, ot := timestamp(m.DeletionTimestamp), timestamp(o.DeletionTimestamp); !t.equal(ot) || (m.DeletionTimestamp == nil) != (o.DeletionTimestamp == nil) {
		v := json.RawMessage("null")
		if m.DeletionTimestamp != nil {
			v = t.json()
		}
		errs = append(errs, field.Invalid(field.NewPath("metadata", "deletionTimestamp"), v, fieldImmutable))
	}
	if g, og := m.DeletionGracePeriodSeconds, o.DeletionGracePeriodSeconds; (g == nil) != (og == nil) || g != nil && *g != *og {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "deletionGracePeriodSeconds"), g, fieldImmutable))
	}
	return errs
}

// uniqueErrors drops each error that repeats the message of an earlier
// one, as the server's metadata validation does when it filters its
// errors through an aggregate.
func uniqueErrors(errs field.ErrorList) field.ErrorList {
	return field.Unique(errs, (*field.Error).Error)
}

// defaultedSpec returns s with the defaults the API server applies, for
// telling whether an update changed the spec.
func defaultedSpec(s api.Spec) api.Spec {
	in := newInternalSpec(&s)
	s.Names = in.names
	conv := *in.conversion
	if w := conv.Webhook; w != nil && w.ClientConfig != nil && w.ClientConfig.Service != nil && w.ClientConfig.Service.Port == nil {
		svc := *w.ClientConfig.Service
		svc.Port = new(int32)
		*svc.Port = 443
		cc := *w.ClientConfig
		cc.Service = &svc
		webhook := *w
		webhook.ClientConfig = &cc
		conv.Webhook = &webhook
	}
	s.Conversion = &conv
	return s
}

// metaTime is a metadata timestamp as metav1.Time reads it: zero when
// absent or null.
type metaTime struct {
	t   time.Time
	raw any // the value as read, when it is not an RFC 3339 time
}

func timestamp(j *api.JSON) metaTime {
	if j == nil || j.Value == nil {
		return metaTime{}
	}
	if s, ok := j.Value.(string); ok {
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return metaTime{t: t}
		}
	}
	return metaTime{raw: j.Value}
}

func (t metaTime) equal(u metaTime) bool {
	return t.t.Equal(u.t) && api.SemanticEqual(t.raw, u.raw)
}

// json prints t as metav1.Time marshals: null when zero, else RFC 3339
// in UTC, to the second.
func (t metaTime) json() json.RawMessage {
	if t.raw != nil {
		b, _ := json.Marshal(t.raw)
		return b
	}
	if t.t.IsZero() {
		return json.RawMessage("null")
	}
	b, _ := json.Marshal(t.t.UTC().Format(time.RFC3339))
	return b
}
