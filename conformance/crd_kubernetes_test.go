package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresourcedefinition"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var (
	scheme   = newScheme()
	strategy = customresourcedefinition.NewStrategy(scheme)
)

func newScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}

// decodeInternal does what the API server does with a v1 manifest before
// its registry strategy runs: decode, apply the scheme's defaults, convert
// to the internal type.
func decodeInternal(manifest []byte) (*apiextensions.CustomResourceDefinition, error) {
	var v1 apiextensionsv1.CustomResourceDefinition
	if err := json.Unmarshal(manifest, &v1); err != nil {
		return nil, err
	}
	scheme.Default(&v1)
	var internal apiextensions.CustomResourceDefinition
	if err := scheme.Convert(&v1, &internal, nil); err != nil {
		return nil, err
	}
	return &internal, nil
}

// kubernetesCreate returns the API server's errors on creating manifest,
// among those the crd package covers.
func kubernetesCreate(manifest []byte) ([]string, error) {
	obj, err := decodeInternal(manifest)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	strategy.PrepareForCreate(ctx, obj)
	return inScope(strategy.Validate(ctx, obj)), nil
}

// kubernetesUpdate returns the API server's errors on replacing old by
// manifest, among those the crd package covers.
func kubernetesUpdate(manifest, old []byte) ([]string, error) {
	obj, err := decodeInternal(manifest)
	if err != nil {
		return nil, err
	}
	oldObj, err := decodeInternal(old)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	strategy.PrepareForUpdate(ctx, obj, oldObj)
	return inScope(strategy.ValidateUpdate(ctx, obj, oldObj)), nil
}

// inScope keeps the errors on the fields the crd package checks, as
// "Type|Field|Detail" strings for comparing as multisets.
func inScope(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		f := e.Field
		if f == "spec.version" || strings.HasPrefix(f, "spec.versions") ||
			strings.HasPrefix(f, "spec.conversion") || strings.HasPrefix(f, "status.storedVersions") {
			out = append(out, fmt.Sprintf("%s|%s|%s", string(e.Type), e.Field, e.Detail))
		}
	}
	return out
}

// oursCreate and oursUpdate return the crd package's errors in the same
// form.
func oursCreate(manifest []byte) ([]string, error) {
	var c crd.CustomResourceDefinition
	if err := json.Unmarshal(manifest, &c); err != nil {
		return nil, err
	}
	return flatten(crd.ValidateCreate(&c)), nil
}

func oursUpdate(manifest, old []byte) ([]string, error) {
	var c, o crd.CustomResourceDefinition
	if err := json.Unmarshal(manifest, &c); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(old, &o); err != nil {
		return nil, err
	}
	return flatten(crd.ValidateUpdate(&c, &o)), nil
}

func flatten(errs crd.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("%s|%s|%s", string(e.Type), e.Field, e.Detail))
	}
	return out
}
