package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"k8s.io/apiextensions-apiserver/pkg/apihelpers"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/conversion"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/crdserverscheme"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/unstructuredscheme"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/runtime/serializer/versioning"
	utilrand "k8s.io/apimachinery/pkg/util/rand"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/version"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	genericregistry "k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	apiserverstorage "k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/warning"
)

// kubeCRResult is what the API server answers to, and stores for, a
// custom resource: see kubeCustomResource.
type kubeCRResult struct {
	Errors   []string       // the messages of the field errors of validation (field.Error.Error()), in the server's order
	Strict   []string       // the strict-decoding errors (unknown fields, duplicate fields), e.g. `unknown field "spec.foo"`
	Stored   map[string]any // the object handed to storage, when Errors is empty
	Warnings []string       // the warnings of the response, in order
}

// kubeCustomResource runs obj (JSON), an object of the CRD crdJSON (a v1
// CustomResourceDefinition, JSON), through the API server's create, or its
// update of old (JSON, the stored object) when old is not nil, with the
// server's own code, and returns what the server answers and stores. The
// version is the one obj's apiVersion names, which must be served.
//
// The steps, in the server's order: the request's decoding (the strict
// JSON decoder, then the CRD's schema coercion: ObjectMeta, pruning with
// the unknown paths recorded, the removal of non-nullable nulls; then
// defaulting with the version's structural schema); on create, the
// handler's wiping of system fields and the registry store's name
// generation; then rest.BeforeCreate or rest.BeforeUpdate with the
// version's customresource strategy (PrepareForCreate/PrepareForUpdate,
// strategy validation with CEL, and ratcheting on update since the
// feature gates keep their defaults, then the generic ObjectMeta
// validation, then the strategy's warnings). old is decoded as the
// storage codec decodes what etcd holds: metadata repair, coercion,
// defaulting with its own version's schema, conversion to obj's version.
//
// Strict holds what fieldValidation=Strict (kubectl's default) rejects the
// request with, alone, in a 400 BadRequest; Errors, Stored and Warnings are
// what the server then gives with fieldValidation=Warn or Ignore (Warn
// adding Strict to the warnings), computed regardless. Errors keeps the
// server's order, which among the schema errors of sibling properties is
// random: kube-openapi's validator ranges over a map. Warnings are the
// deprecation warning of a deprecated version, then the CEL errors that
// ratcheting turns into warnings, then, when validation passes, the
// strategy's warnings about finalizer names. Stored leaves out what
// is not a function of the inputs: the uid and creationTimestamp a create
// fills in (random and the clock; an update keeps old's), managedFields and
// resourceVersion. A generated name is the one the store's generator draws
// from a fixed seed. An update without a resourceVersion gets the store's
// one error, `metadata.resourceVersion: Invalid value: 0: must be specified
// for an update`, before any validation. Left out: admission, managedFields
// and the dedup of ownerReferences. err reports the answers that are not
// validation errors: a bad CRD, an unserved version, undecodable JSON, a
// conflict of resourceVersions, a resourceVersion on create.
func kubeCustomResource(crdJSON, objJSON, oldJSON []byte) (res kubeCRResult, err error) {
	crd, err := cachedKubeCRD(crdJSON)
	if err != nil {
		return res, err
	}
	var tm metav1.TypeMeta
	if err := json.Unmarshal(objJSON, &tm); err != nil {
		return res, err
	}
	gv, err := schema.ParseGroupVersion(tm.APIVersion)
	if err != nil {
		return res, err
	}
	if gv.Group != crd.Spec.Group || !apihelpers.HasServedCRDVersion(crd, gv.Version) {
		return res, fmt.Errorf("%s is not served by CRD %s", gv, crd.Name)
	}
	s, err := cachedKubeCRServing(crdJSON, crd, gv.Version)
	if err != nil {
		return res, err
	}

	recorder := &kubeWarnings{}
	res.Warnings = slices.Clone(s.warnings) // appended to below; s is shared
	namespace := ""
	obj, err := s.decode(objJSON)
	if strict, ok := runtime.AsStrictDecodingError(err); ok && obj != nil {
		for _, e := range strict.Errors() {
			res.Strict = append(res.Strict, e.Error())
		}
	} else if err != nil {
		return res, err
	}
	if s.strategy.NamespaceScoped() {
		// The request's namespace: obj's own, else kubectl's default.
		if namespace = obj.GetNamespace(); namespace == "" {
			namespace = metav1.NamespaceDefault
		}
	}
	ctx := genericapirequest.WithNamespace(warning.WithWarningRecorder(context.Background(), recorder), namespace)
	if oldJSON == nil {
		err = s.create(ctx, obj)
	} else {
		old, oldErr := s.decodeStored(oldJSON)
		if oldErr != nil {
			return res, fmt.Errorf("old: %w", oldErr)
		}
		err = s.update(ctx, obj, old)
	}
	res.Warnings = append(res.Warnings, recorder.texts...)
	var status *apierrors.StatusError
	switch {
	case errors.As(err, &status) && status.ErrStatus.Reason == metav1.StatusReasonInvalid:
		// NewInvalid keeps each field.Error as Field and ErrorBody.
		for _, c := range status.ErrStatus.Details.Causes {
			res.Errors = append(res.Errors, c.Field+": "+c.Message)
		}
	case err != nil:
		return res, err
	default:
		// What etcd3's store does before it encodes the object.
		if err := (apiserverstorage.APIObjectVersioner{}).PrepareObjectForStorage(obj); err != nil {
			return res, err
		}
		res.Stored = obj.Object
	}
	return res, nil
}

// kubeCRServing is the part of the crdHandler's crdInfo (getOrCreateServingInfoFor
// in customresource_handler.go) that serves one version: its strategy, its
// request decoder, its storage decoder and its warnings.
type kubeCRServing struct {
	kind     schema.GroupVersionKind
	resource string // plural
	strategy rest.RESTCreateUpdateStrategy
	request  runtime.Decoder
	storage  runtime.Decoder
	warnings []string
}

// kubeCRServings holds the servings built, by the CRD's JSON and the
// version: the server too builds them once per CRD, and building one is
// most of the cost of a call of kubeCustomResource.
var kubeCRServings = struct {
	sync.Mutex
	m map[string]*kubeCRServing
}{m: map[string]*kubeCRServing{}}

// kubeCRDs holds the CRDs decoded, by their JSON.
var kubeCRDs = struct {
	sync.Mutex
	m map[string]*apiextensionsv1.CustomResourceDefinition
}{m: map[string]*apiextensionsv1.CustomResourceDefinition{}}

// cachedKubeCRD decodes and defaults the CRD crdJSON as the server holds
// it, once per CRD: the server does not decode the CRD for each request.
// The CRD returned is shared: it must not be changed.
func cachedKubeCRD(crdJSON []byte) (*apiextensionsv1.CustomResourceDefinition, error) {
	kubeCRDs.Lock()
	c, ok := kubeCRDs.m[string(crdJSON)]
	kubeCRDs.Unlock()
	if ok {
		return c, nil
	}
	c = &apiextensionsv1.CustomResourceDefinition{}
	if _, _, err := pruneDecoder.Decode(crdJSON, nil, c); err != nil {
		return nil, fmt.Errorf("crd: %w", err)
	}
	pruneScheme.Default(c)
	kubeCRDs.Lock()
	if len(kubeCRDs.m) > 4096 {
		clear(kubeCRDs.m)
	}
	kubeCRDs.m[string(crdJSON)] = c
	kubeCRDs.Unlock()
	return c, nil
}

// cachedKubeCRServing is newKubeCRServing, built once per CRD and version.
// A serving is used by one call at a time only in the sense that its
// strategy and decoders hold no state of a request.
func cachedKubeCRServing(crdJSON []byte, crd *apiextensionsv1.CustomResourceDefinition, version string) (*kubeCRServing, error) {
	key := version + "\x00" + string(crdJSON)
	kubeCRServings.Lock()
	s, ok := kubeCRServings.m[key]
	kubeCRServings.Unlock()
	if ok {
		return s, nil
	}
	s, err := newKubeCRServing(crd, version)
	if err != nil {
		return nil, err
	}
	kubeCRServings.Lock()
	if len(kubeCRServings.m) > 4096 {
		clear(kubeCRServings.m)
	}
	kubeCRServings.m[key] = s
	kubeCRServings.Unlock()
	return s, nil
}

// newKubeCRServing builds the serving of version as getOrCreateServingInfoFor does.
func newKubeCRServing(crd *apiextensionsv1.CustomResourceDefinition, version string) (*kubeCRServing, error) {
	structurals := map[string]*structuralschema.Structural{}
	var internal *apiextensions.JSONSchemaProps
	for _, v := range crd.Spec.Versions {
		val, err := apihelpers.GetSchemaForVersion(crd, v.Name)
		if err != nil || val == nil {
			return nil, fmt.Errorf("version %s: no schema: %v", v.Name, err)
		}
		in := &apiextensions.CustomResourceValidation{}
		if err := apiextensionsv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(val, in, nil); err != nil {
			return nil, err
		}
		ss, err := structuralschema.NewStructural(in.OpenAPIV3Schema)
		if err != nil {
			return nil, err
		}
		ss = ss.DeepCopy()
		if err := structuraldefaulting.PruneDefaults(ss); err != nil {
			return nil, err
		}
		structurals[v.Name] = ss
		if v.Name == version {
			internal = in.OpenAPIV3Schema
		}
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(internal)
	if err != nil {
		return nil, err
	}
	subresources, err := apihelpers.GetSubresourcesForVersion(crd, version)
	if err != nil {
		return nil, err
	}
	var statusSpec *apiextensions.CustomResourceSubresourceStatus
	var statusValidator apiservervalidation.SchemaValidator
	if subresources != nil && subresources.Status != nil {
		statusSpec = &apiextensions.CustomResourceSubresourceStatus{}
		if err := apiextensionsv1.Convert_v1_CustomResourceSubresourceStatus_To_apiextensions_CustomResourceSubresourceStatus(subresources.Status, statusSpec, nil); err != nil {
			return nil, err
		}
		if statusSchema, ok := internal.Properties["status"]; ok {
			if statusValidator, _, err = apiservervalidation.NewSchemaValidator(&statusSchema); err != nil {
				return nil, err
			}
		}
	}
	var scaleSpec *apiextensions.CustomResourceSubresourceScale
	if subresources != nil && subresources.Scale != nil {
		scaleSpec = &apiextensions.CustomResourceSubresourceScale{}
		if err := apiextensionsv1.Convert_v1_CustomResourceSubresourceScale_To_apiextensions_CustomResourceSubresourceScale(subresources.Scale, scaleSpec, nil); err != nil {
			return nil, err
		}
	}
	var selectable []apiextensionsv1.SelectableField
	var warnings []string
	for _, v := range crd.Spec.Versions {
		if v.Name != version {
			continue
		}
		selectable = v.SelectableFields
		if v.Deprecated && v.DeprecationWarning != nil {
			warnings = append(warnings, *v.DeprecationWarning)
		} else if v.Deprecated {
			warnings = append(warnings, kubeDeprecationWarning(version, crd.Spec))
		}
	}
	// The accepted names are the spec's once the naming controller has run.
	kind := schema.GroupVersionKind{Group: crd.Spec.Group, Version: version, Kind: crd.Spec.Names.Kind}
	parameterScheme := runtime.NewScheme()
	parameterScheme.AddUnversionedTypes(kind.GroupVersion(), &metav1.ListOptions{}, &metav1.GetOptions{}, &metav1.DeleteOptions{})
	typer := kubeObjectTyper{Delegate: parameterScheme, UnstructuredTyper: crdserverscheme.NewUnstructuredObjectTyper()}
	strategy := customresource.NewStrategy(typer, crd.Spec.Scope == apiextensionsv1.NamespaceScoped, kind, validator, statusValidator,
		structurals[version], statusSpec, scaleSpec, selectable)

	factory, err := conversion.NewCRConverterFactory(nil, nil)
	if err != nil {
		return nil, err
	}
	safeConverter, _, err := factory.NewConverter(crd)
	if err != nil {
		return nil, err
	}
	gk := kind.GroupKind()
	creator := unstructuredscheme.NewUnstructuredCreator()
	// unstructuredNegotiatedSerializer.DecoderToVersion over the StrictSerializer.
	strictJSON := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, creator, typer, kjson.SerializerOptions{Strict: true, StreamingCollectionsEncoding: true})
	// pruneScheme stands for the handler's Scheme, whose package would
	// bring in all of the generic API server: both have the apiextensions
	// types, and to Unstructured objects a scheme's conversion is a copy
	// and its defaulting nothing.
	request := versioning.NewCodec(nil,
		kubeCoercingDecoder{strictJSON, kubeCoercer{structurals: structurals, gk: gk, returnUnknownFieldPaths: true}},
		runtime.UnsafeObjectConvertor(pruneScheme), pruneScheme, pruneScheme,
		kubeCRDefaulter{pruneScheme, structurals, gk}, nil, kind.GroupVersion(), "unstructuredNegotiatedSerializer")
	// crdConversionRESTOptionsGetter's codec, over the JSON half of the
	// storage codec's decoder (NewCRDRESTOptionsGetter).
	storage := versioning.NewCodec(unstructured.UnstructuredJSONScheme,
		kubeCoercingDecoder{unstructured.UnstructuredJSONScheme, kubeCoercer{dropInvalidMetadata: true, repairGeneration: true, structurals: structurals, gk: gk}},
		kubeCoercingConverter{safeConverter, kubeCoercer{structurals: structurals, gk: gk}},
		creator, crdserverscheme.NewUnstructuredObjectTyper(),
		kubeCRDefaulter{pruneScheme, structurals, gk}, kind.GroupVersion(), kind.GroupVersion(), "crdRESTOptions")
	return &kubeCRServing{kind: kind, resource: crd.Spec.Names.Plural, strategy: strategy, request: request, storage: storage, warnings: warnings}, nil
}

// decode decodes a request body as createHandler and UpdateResource do.
func (s *kubeCRServing) decode(data []byte) (*unstructured.Unstructured, error) {
	into := &unstructured.Unstructured{}
	into.SetGroupVersionKind(s.kind) // the storage's NewFunc
	obj, gvk, err := s.request.Decode(data, &s.kind, into)
	if obj == nil {
		return nil, err
	}
	if gvk.GroupVersion() != s.kind.GroupVersion() {
		return nil, fmt.Errorf("the API version in the data (%s) does not match the expected API version (%s)", gvk.GroupVersion(), s.kind.GroupVersion())
	}
	return obj.(*unstructured.Unstructured), err
}

// decodeStored decodes an object read from etcd as the registry store does.
func (s *kubeCRServing) decodeStored(data []byte) (*unstructured.Unstructured, error) {
	into := &unstructured.Unstructured{}
	into.SetGroupVersionKind(s.kind)
	obj, _, err := s.storage.Decode(data, nil, into)
	if err != nil {
		return nil, err
	}
	return obj.(*unstructured.Unstructured), nil
}

// kubeNameSeed guards the seeding of the name generator's random source.
var kubeNameSeed sync.Mutex

// create does what createHandler and Store.create do to obj before storing it.
func (s *kubeCRServing) create(ctx context.Context, obj *unstructured.Unstructured) error {
	rest.WipeObjectMetaSystemFields(obj)
	ns, _ := genericapirequest.NamespaceFrom(ctx)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(ns, obj); err != nil {
		return err
	}
	// rest.FillObjectMetaSystemFields, with fixed values taken out again below.
	obj.SetCreationTimestamp(metav1.NewTime(time.Unix(0, 0)))
	obj.SetUID("00000000-0000-0000-0000-000000000000")
	if obj.GetGenerateName() != "" && obj.GetName() == "" {
		kubeNameSeed.Lock()
		utilrand.Seed(1)
		obj.SetName(s.strategy.GenerateName(obj.GetGenerateName()))
		kubeNameSeed.Unlock()
	}
	err := rest.BeforeCreate(s.strategy, ctx, obj)
	obj.SetCreationTimestamp(metav1.Time{})
	obj.SetUID("")
	if err == nil && obj.GetResourceVersion() != "" {
		// etcd3's store.Create, after validation.
		return apiserverstorage.ErrResourceVersionSetOnCreate
	}
	return err
}

// update does what UpdateResource and Store.Update do to obj, replacing
// old. old's resourceVersion stands for the one etcd holds; when it has
// none, obj's is taken to be current.
func (s *kubeCRServing) update(ctx context.Context, obj, old *unstructured.Unstructured) error {
	ns, _ := genericapirequest.NamespaceFrom(ctx)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(ns, obj); err != nil {
		return err
	}
	versioner := apiserverstorage.APIObjectVersioner{}
	newResourceVersion, err := versioner.ObjectResourceVersion(obj)
	if err != nil {
		return err
	}
	existingResourceVersion, err := versioner.ObjectResourceVersion(old)
	if err != nil {
		return err
	}
	// Store.Update, with AllowUnconditionalUpdate false.
	if newResourceVersion == 0 {
		qualifiedKind := schema.GroupKind{Group: s.kind.Group, Kind: s.resource}
		fieldErrList := field.ErrorList{field.Invalid(field.NewPath("metadata").Child("resourceVersion"), newResourceVersion, "must be specified for an update")}
		return apierrors.NewInvalid(qualifiedKind, obj.GetName(), fieldErrList)
	}
	if existingResourceVersion != 0 && newResourceVersion != existingResourceVersion {
		return apierrors.NewConflict(schema.GroupResource{Group: s.kind.Group, Resource: s.resource}, obj.GetName(), errors.New(genericregistry.OptimisticLockErrorMsg))
	}
	return rest.BeforeUpdate(s.strategy, ctx, obj, old)
}

// kubeWarnings is a warning.Recorder that keeps the texts in order.
type kubeWarnings struct{ texts []string }

func (w *kubeWarnings) AddWarning(_, text string) { w.texts = append(w.texts, text) }

// The rest of this file copies unexported code of
// k8s.io/apiextensions-apiserver/pkg/apiserver (customresource_handler.go,
// v0.37.2), renamed, unchanged otherwise. UnstructuredObjectTyper is
// exported, but its package would bring in all of the generic API server.

// kubeCoercer is unstructuredSchemaCoercer; kubeCoerce in
// prune_kubernetes_test.go is its apply without the options and the
// group-kind check.
type kubeCoercer struct {
	dropInvalidMetadata     bool
	repairGeneration        bool
	structurals             map[string]*structuralschema.Structural
	gk                      schema.GroupKind
	returnUnknownFieldPaths bool // preserveUnknownFields is false in v1
}

func (v *kubeCoercer) apply(u *unstructured.Unstructured) (unknownFieldPaths []string, err error) {
	kind, foundKind, err := unstructured.NestedString(u.UnstructuredContent(), "kind")
	if err != nil {
		return nil, err
	}
	apiVersion, foundAPIVersion, err := unstructured.NestedString(u.UnstructuredContent(), "apiVersion")
	if err != nil {
		return nil, err
	}
	objectMeta, foundObjectMeta, metaUnknownFields, err := schemaobjectmeta.GetObjectMetaWithOptions(u.Object, schemaobjectmeta.ObjectMetaOptions{
		DropMalformedFields:     v.dropInvalidMetadata,
		ReturnUnknownFieldPaths: v.returnUnknownFieldPaths,
	})
	if err != nil {
		return nil, err
	}
	unknownFieldPaths = append(unknownFieldPaths, metaUnknownFields...)
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return nil, err
	}
	if gv.Group == v.gk.Group && kind == v.gk.Kind {
		pruneOpts := structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: v.returnUnknownFieldPaths}
		unknownFieldPaths = append(unknownFieldPaths, structuralpruning.PruneWithOptions(u.Object, v.structurals[gv.Version], true, pruneOpts)...)
		structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u.Object, v.structurals[gv.Version])
		err, paths := schemaobjectmeta.CoerceWithOptions(nil, u.Object, v.structurals[gv.Version], false, schemaobjectmeta.CoerceOptions{
			DropInvalidFields:       v.dropInvalidMetadata,
			ReturnUnknownFieldPaths: v.returnUnknownFieldPaths,
		})
		if err != nil {
			return nil, err
		}
		unknownFieldPaths = append(unknownFieldPaths, paths...)
		if v.repairGeneration && objectMeta.Generation == 0 {
			objectMeta.Generation = 1
		}
	}
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

// kubeCoercingDecoder is schemaCoercingDecoder.
type kubeCoercingDecoder struct {
	delegate  runtime.Decoder
	validator kubeCoercer
}

func (d kubeCoercingDecoder) Decode(data []byte, defaults *schema.GroupVersionKind, into runtime.Object) (runtime.Object, *schema.GroupVersionKind, error) {
	var decodingStrictErrs []error
	obj, gvk, err := d.delegate.Decode(data, defaults, into)
	if err != nil {
		decodeStrictErr, ok := runtime.AsStrictDecodingError(err)
		if !ok || obj == nil {
			return nil, gvk, err
		}
		decodingStrictErrs = decodeStrictErr.Errors()
	}
	var unknownFields []string
	if u, ok := obj.(*unstructured.Unstructured); ok {
		unknownFields, err = d.validator.apply(u)
		if err != nil {
			return nil, gvk, err
		}
	}
	if d.validator.returnUnknownFieldPaths && (len(decodingStrictErrs) > 0 || len(unknownFields) > 0) {
		for _, unknownField := range unknownFields {
			decodingStrictErrs = append(decodingStrictErrs, fmt.Errorf(`unknown field "%s"`, unknownField))
		}
		return obj, gvk, runtime.NewStrictDecodingError(decodingStrictErrs)
	}
	return obj, gvk, nil
}

// kubeCoercingConverter is schemaCoercingConverter.
type kubeCoercingConverter struct {
	delegate  runtime.ObjectConvertor
	validator kubeCoercer
}

func (v kubeCoercingConverter) Convert(in, out, context any) error {
	if err := v.delegate.Convert(in, out, context); err != nil {
		return err
	}
	if u, ok := out.(*unstructured.Unstructured); ok {
		if _, err := v.validator.apply(u); err != nil {
			return err
		}
	}
	return nil
}

func (v kubeCoercingConverter) ConvertToVersion(in runtime.Object, gv runtime.GroupVersioner) (runtime.Object, error) {
	out, err := v.delegate.ConvertToVersion(in, gv)
	if err != nil {
		return nil, err
	}
	if u, ok := out.(*unstructured.Unstructured); ok {
		if _, err := v.validator.apply(u); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (v kubeCoercingConverter) ConvertFieldLabel(gvk schema.GroupVersionKind, label, value string) (string, string, error) {
	return v.delegate.ConvertFieldLabel(gvk, label, value)
}

// kubeObjectTyper is UnstructuredObjectTyper.
type kubeObjectTyper struct {
	Delegate          runtime.ObjectTyper
	UnstructuredTyper runtime.ObjectTyper
}

func (t kubeObjectTyper) ObjectKinds(obj runtime.Object) ([]schema.GroupVersionKind, bool, error) {
	if _, ok := obj.(runtime.Unstructured); !ok {
		return t.Delegate.ObjectKinds(obj)
	}
	return t.UnstructuredTyper.ObjectKinds(obj)
}

func (t kubeObjectTyper) Recognizes(gvk schema.GroupVersionKind) bool {
	return t.Delegate.Recognizes(gvk) || t.UnstructuredTyper.Recognizes(gvk)
}

// kubeCRDefaulter is unstructuredDefaulter.
type kubeCRDefaulter struct {
	delegate    runtime.ObjectDefaulter
	structurals map[string]*structuralschema.Structural
	gk          schema.GroupKind
}

func (d kubeCRDefaulter) Default(in runtime.Object) {
	u, ok := in.(runtime.Unstructured)
	if !ok || u.GetObjectKind().GroupVersionKind().GroupKind() != d.gk {
		d.delegate.Default(in)
		return
	}
	structuraldefaulting.Default(u.UnstructuredContent(), d.structurals[u.GetObjectKind().GroupVersionKind().Version])
}

// kubeDeprecationWarning is defaultDeprecationWarning.
func kubeDeprecationWarning(deprecatedVersion string, crd apiextensionsv1.CustomResourceDefinitionSpec) string {
	msg := fmt.Sprintf("%s/%s %s is deprecated", crd.Group, deprecatedVersion, crd.Names.Kind)
	var servedNonDeprecatedVersions []string
	for _, v := range crd.Versions {
		if v.Served && !v.Deprecated && version.CompareKubeAwareVersionStrings(deprecatedVersion, v.Name) < 0 {
			servedNonDeprecatedVersions = append(servedNonDeprecatedVersions, v.Name)
		}
	}
	if len(servedNonDeprecatedVersions) == 0 {
		return msg
	}
	sort.Slice(servedNonDeprecatedVersions, func(i, j int) bool {
		return version.CompareKubeAwareVersionStrings(servedNonDeprecatedVersions[i], servedNonDeprecatedVersions[j]) > 0
	})
	msg += fmt.Sprintf("; use %s/%s %s", crd.Group, servedNonDeprecatedVersions[0], crd.Names.Kind)
	return msg
}
