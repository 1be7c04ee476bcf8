package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresourcedefinition"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// kubeStructural reads a v1 openAPIV3Schema as the API server does before
// it prunes: decode, convert to the internal type, build the structural
// schema.
func kubeStructural(schemaJSON []byte) (*structuralschema.Structural, error) {
	var v1 apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal(schemaJSON, &v1); err != nil {
		return nil, err
	}
	var in apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &in, nil); err != nil {
		return nil, err
	}
	return structuralschema.NewStructural(&in)
}

// kubePrune is the server's pruning of a custom resource, which crd.Prune
// reproduces: isResourceRoot true, paths tracked.
func kubePrune(obj map[string]any, s *structuralschema.Structural) []string {
	return structuralpruning.PruneWithOptions(obj, s, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})
}

// kubeCoerce is unstructuredSchemaCoercer.apply of
// k8s.io/apiextensions-apiserver/pkg/apiserver (customresource_handler.go),
// copied because it is unexported, with the settings of the converter's
// coercer (schemaCoercingConverter): no dropping of malformed metadata, no
// repair of the generation, unknown fields pruned. Two changes: the
// check that the object is of the CRD's group and kind is left to the
// caller, as crd.Coerce leaves it, and the paths pruning removes are
// tracked, since crd.Coerce returns them.
func kubeCoerce(u *unstructured.Unstructured, s *structuralschema.Structural) (unknownFieldPaths []string, err error) {
	kind, foundKind, err := unstructured.NestedString(u.UnstructuredContent(), "kind")
	if err != nil {
		return nil, err
	}
	apiVersion, foundAPIVersion, err := unstructured.NestedString(u.UnstructuredContent(), "apiVersion")
	if err != nil {
		return nil, err
	}
	objectMeta, foundObjectMeta, metaUnknownFields, err := schemaobjectmeta.GetObjectMetaWithOptions(u.Object, schemaobjectmeta.ObjectMetaOptions{})
	if err != nil {
		return nil, err
	}
	unknownFieldPaths = append(unknownFieldPaths, metaUnknownFields...)
	if _, err := schema.ParseGroupVersion(apiVersion); err != nil {
		return nil, err
	}
	unknownFieldPaths = append(unknownFieldPaths, kubePrune(u.Object, s)...)
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u.Object, s)
	// A *field.Error, kept apart from err so that nil stays a nil error.
	ferr, paths := schemaobjectmeta.CoerceWithOptions(nil, u.Object, s, false, schemaobjectmeta.CoerceOptions{})
	if ferr != nil {
		return nil, ferr
	}
	unknownFieldPaths = append(unknownFieldPaths, paths...)
	if foundKind {
		u.SetKind(kind)
	}
	if foundAPIVersion {
		u.SetAPIVersion(apiVersion)
	}
	if foundObjectMeta {
		if err := schemaobjectmeta.SetObjectMeta(u.Object, objectMeta); err != nil {
			return nil, err
		}
	}
	return unknownFieldPaths, nil
}

var (
	pruneScheme   = newPruneScheme()
	pruneStrategy = customresourcedefinition.NewStrategy(pruneScheme)
	pruneDecoder  = kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, pruneScheme, pruneScheme, kjson.SerializerOptions{Strict: true})
)

func newPruneScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}

// kubeUnprunedDefaults reports whether the schema has defaults that
// pruning changes, which the server then does not require pruned in an
// update (requirePrunedDefaults in its CRD validation).
func kubeUnprunedDefaults(schemaJSON []byte) bool {
	ss, err := kubeStructural(schemaJSON)
	if err != nil || len(structuralschema.ValidateStructural(nil, ss)) > 0 {
		return false
	}
	pruned := ss.DeepCopy()
	return structuraldefaulting.PruneDefaults(pruned) == nil && !reflect.DeepEqual(ss, pruned)
}

// kubeDecode does what the API server does to a v1 CRD manifest before
// its registry strategy runs: decode strictly, apply the scheme's
// defaults, convert to the internal type.
func kubeDecode(manifest []byte) (*apiextensions.CustomResourceDefinition, error) {
	var v1 apiextensionsv1.CustomResourceDefinition
	if _, _, err := pruneDecoder.Decode(manifest, nil, &v1); err != nil {
		return nil, err
	}
	pruneScheme.Default(&v1)
	var in apiextensions.CustomResourceDefinition
	if err := pruneScheme.Convert(&v1, &in, nil); err != nil {
		return nil, err
	}
	return &in, nil
}

// kubeErrors returns the messages of the errors the API server gives on
// creating the v1 CRD manifest (old == nil) or replacing old by it: the
// registry strategy's PrepareForCreate and Validate, or PrepareForUpdate
// and ValidateUpdate, after kubeDecode. The validation of the defaults of
// a schema is part of both (defaulting.ValidateDefaults, and through it
// the validation of each default as a value of its schema); an update
// requires pruned defaults only where old has none that pruning changes.
func kubeErrors(manifest, old []byte) ([]string, error) {
	in, err := kubeDecode(manifest)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	var errs field.ErrorList
	if old == nil {
		pruneStrategy.PrepareForCreate(ctx, in)
		errs = pruneStrategy.Validate(ctx, in)
	} else {
		oldIn, err := kubeDecode(old)
		if err != nil {
			return nil, err
		}
		pruneStrategy.PrepareForUpdate(ctx, in, oldIn)
		errs = pruneStrategy.ValidateUpdate(ctx, in, oldIn)
	}
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	return msgs, nil
}

// crdWithSchema returns the manifest of a valid v1 CRD, but for what the
// schema brings in, whose one version has the given openAPIV3Schema. A
// resourceVersion other than "" makes it fit for an update.
func crdWithSchema(schemaJSON []byte, resourceVersion string) []byte {
	meta := `{"name":"foos.example.com"}`
	if resourceVersion != "" {
		meta = fmt.Sprintf(`{"name":"foos.example.com","resourceVersion":%q}`, resourceVersion)
	}
	return fmt.Appendf(nil, `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":%s,
"spec":{"group":"example.com","scope":"Namespaced",
"names":{"plural":"foos","singular":"foo","kind":"Foo","listKind":"FooList"},
"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":%s}}]}}`, meta, schemaJSON)
}
