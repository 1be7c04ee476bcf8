package conformance

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresourcedefinition"
	"k8s.io/apimachinery/pkg/runtime"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var (
	scheme   = newScheme()
	strategy = customresourcedefinition.NewStrategy(scheme)
	// strictJSON is the API server's JSON decoder for request bodies: case
	// sensitive, and reporting unknown and duplicate fields as a strict
	// decoding error next to the decoded object.
	strictJSON = kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme, scheme, kjson.SerializerOptions{Strict: true})
)

func newScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}

// finding is one error of one side, as its message ("<field>: <body>")
// and the field and detail it was made of, which classify it.
type finding struct {
	msg, field, detail string
	topic              string // see topicOf
}

// verdict is what one side says of a manifest: fatal is the message of a
// decoding failure that stops the request (nothing else is then set),
// strict the message of the unknown and duplicate fields, errs the
// validation errors.
type verdict struct {
	fatal, strict string
	errs          []finding
}

// decodeInternal does what the API server does with a v1 manifest before
// its registry strategy runs: decode strictly, apply the scheme's defaults,
// convert to the internal type. A strict decoding error comes back with the
// object, as the server's Warn and Ignore field validation would keep it.
func decodeInternal(manifest []byte) (obj *apiextensions.CustomResourceDefinition, strict, fatal error) {
	var v1 apiextensionsv1.CustomResourceDefinition
	_, _, err := strictJSON.Decode(manifest, nil, &v1)
	if err != nil {
		if !runtime.IsStrictDecodingError(err) {
			return nil, nil, err
		}
		strict = err
	}
	scheme.Default(&v1)
	var internal apiextensions.CustomResourceDefinition
	if err := scheme.Convert(&v1, &internal, nil); err != nil {
		return nil, nil, err
	}
	return &internal, strict, nil
}

// errServerPanic is returned for inputs on which the API server's
// validation panics (a nil structural schema reached by
// ValidateCustomResourceSelectableFields, for one): the server answers 500
// Internal Server Error, which no validation reproduces, so such a case is
// counted apart and not compared.
var errServerPanic = errors.New("the API server's validation panics")

// kubernetesVerdict runs the API server's decoding, registry strategy and
// validation on creating manifest (old == nil) or replacing old by it.
// err reports an old object the server could not have stored, or
// errServerPanic.
func kubernetesVerdict(manifest, old []byte) (v verdict, err error) {
	defer func() {
		if recover() != nil {
			v, err = verdict{}, errServerPanic
		}
	}()
	ctx := context.Background()
	obj, strict, fatal := decodeInternal(manifest)
	if fatal != nil {
		v.fatal = fatal.Error()
		return v, nil
	}
	if strict != nil {
		v.strict = strict.Error()
	}
	var errs field.ErrorList
	if old == nil {
		strategy.PrepareForCreate(ctx, obj)
		errs = strategy.Validate(ctx, obj)
	} else {
		oldObj, _, err := decodeInternal(old)
		if err != nil {
			return v, err
		}
		strategy.PrepareForUpdate(ctx, obj, oldObj)
		errs = strategy.ValidateUpdate(ctx, obj, oldObj)
	}
	for _, e := range errs {
		v.errs = append(v.errs, finding{msg: maskSelfType(e.Error()), field: e.Field, detail: string(e.Type) + ": " + maskSelfType(e.Detail)})
	}
	classify(v.errs, manifest)
	return v, nil
}

// selfType matches the name CEL gives the type of a schema: cel-go
// numbers it from a random source, so that two compilations of one rule
// name it differently.
var selfType = regexp.MustCompile(`selfType\d+`)

// maskSelfType returns msg with the numbers of CEL's type names removed.
func maskSelfType(msg string) string {
	if !strings.Contains(msg, "selfType") {
		return msg
	}
	return selfType.ReplaceAllString(msg, "selfType")
}

// validator is package crd's, with the CEL checker of package cel.
var validator = crd.Validator{CEL: cel.NewChecker()}

// oursVerdict runs crd.Decode and crd.ValidateCreate or crd.ValidateUpdate
// on the same input, with CEL rules judged by package cel.
func oursVerdict(manifest, old []byte) verdict {
	var v verdict
	c, err := crd.Decode(manifest)
	var strict *crd.StrictError
	switch {
	case errors.As(err, &strict):
		v.strict = err.Error()
	case err != nil:
		v.fatal = err.Error()
		return v
	}
	var errs crd.ErrorList
	if old == nil {
		errs = validator.ValidateCreate(c)
	} else {
		o, err := crd.Decode(old)
		if o == nil {
			v.fatal = "old: " + err.Error()
			return v
		}
		errs = validator.ValidateUpdate(c, o)
	}
	for _, e := range errs {
		v.errs = append(v.errs, finding{msg: maskSelfType(e.Error()), field: e.Field, detail: string(e.Type) + ": " + maskSelfType(e.Detail)})
	}
	classify(v.errs, manifest)
	return v
}
