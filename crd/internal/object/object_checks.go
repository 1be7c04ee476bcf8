package object

import (
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/listtype"
	"github.com/kubeversion/kubeversion/crd/internal/objectmeta"
	"github.com/kubeversion/kubeversion/crd/internal/openapi"
)

// schemaErrors is the strategy's validation of obj against its schema,
// as kube-openapi's validator reads the schema of a custom resource, with
// ratcheting on update.
func schemaErrors(obj, old map[string]any, s *objectServing) field.ErrorList {
	v := s.validators.Get().(*openapi.Validator)
	defer s.validators.Put(v)
	if old == nil {
		return openapi.FieldErrors(v.Validate(obj, s.model), nil)
	}
	return openapi.FieldErrors(v.ValidateUpdate(obj, old, s.model), nil)
}

func embeddedErrors(obj map[string]any, s *objectServing) field.ErrorList {
	return objectmeta.Validate(nil, obj, s.model, false)
}

// listErrors is the strategy's check of list types set and map, which on
// update applies only when old passes it.
func listErrors(obj, old map[string]any, s *objectServing) field.ErrorList {
	if old != nil && len(listtype.Validate(nil, s.model, old)) > 0 {
		return nil
	}
	return listtype.Validate(nil, s.model, obj)
}

// rootMeta reads obj's metadata, as the server reads the metadata it has
// written back: it always reads.
func rootMeta(obj map[string]any) objectmeta.Meta {
	m, _ := objectmeta.Read(obj["metadata"])
	return m
}

// metaCreateErrors is the strategy's check of obj's metadata on create.
func metaCreateErrors(obj map[string]any, s *objectServing) field.ErrorList {
	return objectmeta.ValidateCreate(rootMeta(obj), s.namespaced())
}

// metaUpdateErrors is the strategy's check of obj's metadata on update.
func metaUpdateErrors(obj, old map[string]any, s *objectServing) field.ErrorList {
	return objectmeta.ValidateUpdate(rootMeta(obj), rootMeta(old))
}

// metaGenericCreateErrors is rest.ValidateCreate's check of the
// metadata, after the strategy's found no error.
func metaGenericCreateErrors(obj map[string]any, s *objectServing) field.ErrorList {
	return objectmeta.ValidateGenericCreate(rootMeta(obj), s.namespaced())
}

// metaGenericUpdateErrors is rest.ValidateUpdate's check of the metadata,
// before the strategy's.
func metaGenericUpdateErrors(obj, old map[string]any, s *objectServing) field.ErrorList {
	return objectmeta.ValidateGenericUpdate(rootMeta(obj), rootMeta(old), s.namespaced())
}

// finalizerWarnings is the strategy's warnings of the finalizers obj adds
// to old's (nil on create).
func finalizerWarnings(obj, old map[string]any) []string {
	var was []string
	if old != nil {
		was = rootMeta(old).Finalizers()
	}
	return objectmeta.FinalizerWarnings(rootMeta(obj).Finalizers(), was)
}
