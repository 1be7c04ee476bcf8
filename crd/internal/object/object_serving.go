package object

import (
	"fmt"
	"strings"
	"sync"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/defaulting"
	"github.com/kubeversion/kubeversion/crd/internal/openapi"
	"github.com/kubeversion/kubeversion/crd/internal/prune"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// objectServing is what the API server holds to serve one version of a
// CRD (the handler's crdInfo for that version): its schema, the schema's
// structural model, its scope and subresources.
type objectServing struct {
	crd     *api.CustomResourceDefinition
	version *api.Version
	schema  *api.JSONSchemaProps
	model   *structural.Structural
	// defaults is the model that defaulting reads.
	defaults *structural.Structural
	// validators hold kube-openapi validators in custom-resource mode,
	// each with the patterns it compiled.
	validators sync.Pool
	// rules is the number of x-kubernetes-validations rules in schema.
	rules int
}

// servingFor returns the serving of the version named by apiVersion, an
// object's: of c's group, and served; or the error the server answers
// with.
func (sc *ServingCache) servingFor(c *api.CustomResourceDefinition, apiVersion string) (*objectServing, error) {
	group, version, err := splitGroupVersion(apiVersion)
	if err != nil {
		return nil, err
	}
	if group != c.Spec.Group {
		return nil, fmt.Errorf("apiVersion %q is not of the group %s of CRD %s", apiVersion, c.Spec.Group, c.Metadata.Name)
	}
	s, err := sc.serving(c, version)
	if err != nil {
		return nil, err
	}
	if !s.version.Served {
		return nil, fmt.Errorf("version %s of CRD %s is not served", version, c.Metadata.Name)
	}
	return s, nil
}

// versionServing returns the serving of c's version named version,
// served or not: a stored object may be of a version no longer served.
func versionServing(c *api.CustomResourceDefinition, version string) (*objectServing, error) {
	v, err := findVersion(c, version)
	if err != nil {
		return nil, err
	}
	s := &objectServing{crd: c, version: v, schema: v.Schema.OpenAPIV3Schema}
	s.validators.New = func() any { return &openapi.Validator{CustomResource: true} }
	s.defaults = structural.Pruning(s.schema)
	var msg string
	if s.model, msg = structural.New(s.schema, structural.Options{}); msg != "" {
		return nil, fmt.Errorf("the schema of version %s of CRD %s is not structural: %s", version, c.Metadata.Name, msg)
	}
	api.WalkSchema(s.schema, func(p *api.JSONSchemaProps) { s.rules += len(p.XValidations) })
	return s, nil
}

// findVersion returns c's version named version, which must have a
// schema, as every version of a v1 CRD does.
func findVersion(c *api.CustomResourceDefinition, version string) (*api.Version, error) {
	for i := range c.Spec.Versions {
		v := &c.Spec.Versions[i]
		if v.Name != version {
			continue
		}
		if !api.HasSchema(v) {
			return nil, fmt.Errorf("version %s of CRD %s has no schema", version, c.Metadata.Name)
		}
		return v, nil
	}
	return nil, fmt.Errorf("CRD %s has no version %s", c.Metadata.Name, version)
}

// applyDefaults is crd.Default by the version's schema.
func (s *objectServing) applyDefaults(obj map[string]any) {
	prune.Nulls(obj, s.defaults)
	defaulting.Default(obj, s.defaults)
}

// splitGroupVersion is schema.ParseGroupVersion: "v1" is the version v1
// of the core group, "" is empty, more than one slash an error.
func splitGroupVersion(gv string) (group, version string, err error) {
	switch strings.Count(gv, "/") {
	case 0:
		return "", gv, nil
	case 1:
		group, version, _ = strings.Cut(gv, "/")
		return group, version, nil
	}
	return "", "", fmt.Errorf("unexpected GroupVersion string: %v", gv)
}

func (s *objectServing) namespaced() bool { return s.crd.Spec.Scope == api.NamespaceScoped }

// status reports whether the version has the status subresource.
func (s *objectServing) status() bool {
	return s.version.Subresources != nil && s.version.Subresources.Status != nil
}

// scale returns the version's scale subresource, or nil.
func (s *objectServing) scale() *api.ScaleSubresource {
	if s.version.Subresources == nil {
		return nil
	}
	return s.version.Subresources.Scale
}

// kindMatches reports whether obj is of the CRD's group and kind, which
// alone the server's coercion, pruning and defaulting apply to.
func (s *objectServing) kindMatches(obj map[string]any) bool {
	kind, _ := obj["kind"].(string)
	av, _ := obj["apiVersion"].(string)
	group, _, err := splitGroupVersion(av)
	return err == nil && group == s.crd.Spec.Group && kind == s.crd.Spec.Names.Kind
}
