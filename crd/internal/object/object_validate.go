package object

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// Validate checks objJSON, on create (oldJSON nil) or update, as the API
// server's handler, registry store and custom-resource strategy do.
func (v Validator) Validate(c *api.CustomResourceDefinition, objJSON, oldJSON []byte) (*Result, error) {
	if c == nil {
		return nil, errors.New("no CRD")
	}
	obj, strict, err := decodeObject(objJSON)
	if err != nil {
		return nil, err
	}
	apiVersion, _ := obj["apiVersion"].(string)
	s, err := v.Servings.servingFor(c, apiVersion)
	if err != nil {
		return nil, err
	}
	unknown, err := requestCoercion.coerce(obj, c)
	if err != nil {
		return nil, err
	}
	res := &Result{Strict: strict}
	for _, p := range unknown {
		res.Strict = append(res.Strict, api.StrictField{Kind: "unknown field", Path: p})
	}
	if s.kindMatches(obj) {
		s.applyDefaults(obj)
	}
	if w, ok := v.deprecation(c, s.version.Name); ok {
		res.Warnings = append(res.Warnings, w)
	}
	// The request's namespace: the object's own, else kubectl's default.
	ns := ""
	if s.namespaced() {
		if ns = metaString(obj, "namespace"); ns == "" {
			ns = "default"
		}
	}
	if oldJSON == nil {
		err = v.create(res, s, obj, ns)
	} else {
		var old map[string]any
		if old, err = v.Servings.decodeStored(oldJSON, c, s.version.Name); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrOld, err)
		}
		err = v.update(res, s, obj, old, ns)
	}
	if err != nil {
		return nil, err
	}
	if s.rules > 0 && v.CEL == nil {
		res.UncheckedRules = s.rules
	}
	return res, nil
}

// create is the handler's and rest.BeforeCreate's work on obj.
func (v Validator) create(res *Result, s *objectServing, obj map[string]any, ns string) error {
	wipeSystemFields(obj)
	if err := placeNamespace(obj, ns); err != nil {
		return err
	}
	if base := metaString(obj, "generateName"); base != "" && metaString(obj, "name") == "" {
		setMetaString(obj, "name", generatedName(base))
	}
	// The strategy's PrepareForCreate.
	if s.status() {
		delete(obj, "status")
	}
	setMeta(obj, "generation", int64(1))

	errs := v.strategyErrors(res, s, obj, nil)
	if len(errs) == 0 {
		errs = metaGenericCreateErrors(obj, s)
	}
	if len(errs) > 0 {
		res.Errors = errs
		return nil
	}
	if metaString(obj, "resourceVersion") != "" {
		return errors.New("resourceVersion should not be set on objects to be created")
	}
	res.Warnings = append(res.Warnings, finalizerWarnings(obj, nil)...)
	res.Object = storedForm(obj)
	return nil
}

// update is the handler's, the store's and rest.BeforeUpdate's work on
// obj, replacing old.
func (v Validator) update(res *Result, s *objectServing, obj, old map[string]any, ns string) error {
	if err := placeNamespace(obj, ns); err != nil {
		return err
	}
	rv, err := resourceVersion(obj)
	if err != nil {
		return err
	}
	oldRV, err := resourceVersion(old)
	if err != nil {
		return fmt.Errorf("old: %w", err)
	}
	if rv == 0 {
		res.Errors = field.ErrorList{field.Invalid(field.NewPath("metadata", "resourceVersion"), int64(0), "must be specified for an update")}
		return nil
	}
	if oldRV != 0 && rv != oldRV {
		return errors.New("the object has been modified; please apply your changes to the latest version and try again")
	}
	setMeta(obj, "generation", metaGeneration(old))
	// The strategy's PrepareForUpdate.
	if s.status() {
		if st, ok := old["status"]; ok {
			obj["status"] = st
		} else {
			delete(obj, "status")
		}
	}
	if !reflect.DeepEqual(withoutMeta(obj), withoutMeta(old)) {
		setMeta(obj, "generation", metaGeneration(old)+1)
	}
	keepSystemFields(obj, old)

	errs := metaGenericUpdateErrors(obj, old, s)
	errs = append(errs, v.strategyErrors(res, s, obj, old)...)
	if len(errs) > 0 {
		res.Errors = errs
		return nil
	}
	res.Warnings = append(res.Warnings, finalizerWarnings(obj, old)...)
	res.Object = storedForm(obj)
	return nil
}

// strategyErrors is the custom-resource strategy's Validate (old nil) or
// ValidateUpdate: the type meta, or if it is right the metadata, the
// schema and the scale subresource's fields; then embedded resources,
// list types, then the CEL rules unless an error made the server skip them.
// The warnings of CEL rules go to res.
func (v Validator) strategyErrors(res *Result, s *objectServing, obj, old map[string]any) field.ErrorList {
	// The validator's part, which a wrong type meta cuts short; the
	// strategy's checks go on after it.
	errs := typeMetaErrors(obj, s)
	if len(errs) == 0 {
		if old == nil {
			errs = metaCreateErrors(obj, s)
		} else {
			errs = metaUpdateErrors(obj, old, s)
		}
		errs = append(errs, schemaErrors(obj, old, s)...)
		errs = append(errs, validateScale(obj, s.scale())...)
	}
	errs = append(errs, embeddedErrors(obj, s)...)
	errs = append(errs, listErrors(obj, old, s)...)
	if s.rules == 0 {
		return errs
	}
	if blocking(errs) {
		return append(errs, field.Invalid(nil, nil, "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"))
	}
	if v.CEL != nil {
		celErrs, warnings := v.CEL.EvaluateCEL(&CELObject{CRD: s.crd, Version: s.version.Name, Schema: s.schema, Object: obj, Old: old})
		errs = append(errs, celErrs...)
		res.Warnings = append(res.Warnings, warnings...)
	}
	return errs
}

// blocking is the strategy's hasBlockingErr: whether an error is of a
// kind after which the server does not evaluate CEL rules.
func blocking(errs field.ErrorList) bool {
	for _, e := range errs {
		switch e.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong, field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return true
		}
	}
	return false
}

// typeMetaErrors is the strategy's ValidateTypeMeta.
func typeMetaErrors(obj map[string]any, s *objectServing) field.ErrorList {
	var errs field.ErrorList
	kind, _ := obj["kind"].(string)
	if want := s.crd.Spec.Names.Kind; kind != want {
		errs = append(errs, field.Invalid(field.NewPath("kind"), kind, "must be "+want))
	}
	apiVersion, _ := obj["apiVersion"].(string)
	if want := s.crd.Spec.Group + "/" + s.version.Name; apiVersion != want {
		errs = append(errs, field.Invalid(field.NewPath("apiVersion"), apiVersion, "must be "+want))
	}
	return errs
}

// resourceVersion is the store's reading of obj's resourceVersion: 0 when
// absent.
func resourceVersion(obj map[string]any) (uint64, error) {
	rv := metaString(obj, "resourceVersion")
	if rv == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(rv, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid resource version: %v", err)
	}
	return n, nil
}

// withoutMeta returns obj's fields but metadata, the content whose change
// increments the generation.
func withoutMeta(obj map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		if k != "metadata" {
			out[k] = v
		}
	}
	return out
}

// storedForm returns obj as etcd's store keeps it: without resourceVersion
// and selfLink.
func storedForm(obj map[string]any) map[string]any {
	delete(metaMap(obj), "resourceVersion")
	delete(metaMap(obj), "selfLink")
	return obj
}

// decodeStored decodes old, an object as etcd holds it, as the storage
// codec does for an object of c's version version: metadata repaired,
// coerced and defaulted by the schema of its own version, then converted.
func (sc *ServingCache) decodeStored(data []byte, c *api.CustomResourceDefinition, version string) (map[string]any, error) {
	obj, _, err := decodeObject(data)
	if err != nil {
		return nil, err
	}
	if _, err := storedCoercion.coerce(obj, c); err != nil {
		return nil, err
	}
	apiVersion, _ := obj["apiVersion"].(string)
	group, from, _ := splitGroupVersion(apiVersion)
	if group != c.Spec.Group {
		return nil, fmt.Errorf("apiVersion %q is not of the group %s of CRD %s", apiVersion, c.Spec.Group, c.Metadata.Name)
	}
	s, err := sc.serving(c, from)
	if err != nil {
		return nil, err
	}
	if s.kindMatches(obj) {
		s.applyDefaults(obj)
	}
	if from == version {
		return obj, nil
	}
	if conv := c.Spec.Conversion; conv != nil && conv.Strategy == api.WebhookConverter {
		return nil, fmt.Errorf("the live object is of version %s: converting it to %s needs the CRD's conversion webhook", from, version)
	}
	obj["apiVersion"] = c.Spec.Group + "/" + version
	if _, err := conversionCoercion.coerce(obj, c); err != nil {
		return nil, err
	}
	return obj, nil
}

// deprecation is v.Deprecation, or no warning without one.
func (v Validator) deprecation(c *api.CustomResourceDefinition, version string) (string, bool) {
	if v.Deprecation == nil {
		return "", false
	}
	return v.Deprecation(c, version)
}
