package builtin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"sync"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/endpoints/filters"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/warning"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

// Judge judges built-in objects as the API server of the pinned release
// does. Build one with New; it is safe for concurrent use.
type Judge struct {
	kinds map[schema.GroupVersionKind]*kind
}

// kind is one served type: the resource that stores it and its store.
type kind struct {
	resource   schema.GroupVersionResource
	namespaced bool
	store      stored
}

// DefaultNamespace is the namespace a namespaced object without one is
// created in, as kubectl does with a kubeconfig that names none.
const DefaultNamespace = "default"

// ZeroUID stands, in the object an accepted create would store, for the
// uid the server would give it (metadata.uid, and wherever the strategy
// copies it, such as a Job's selector): each create gets another.
const ZeroUID = "00000000-0000-0000-0000-000000000000"

// GeneratedSuffix ends, in the object an accepted create would store, a
// name the server would generate from metadata.generateName (the
// server's ends in five random characters of the same alphabet),
// wherever the server would write it.
const GeneratedSuffix = "00000"

// Options are a request's settings that are not in the object.
type Options struct {
	// Namespace is the request's namespace for a namespaced object that
	// names none, as kubectl's context gives it; DefaultNamespace when
	// empty.
	Namespace string
	// FieldValidation is the request's fieldValidation, as kubectl's
	// --validate sends it: "Strict" (the default when empty) refuses
	// unknown and duplicate fields, "Warn" warns of them, "Ignore" drops
	// them silently.
	FieldValidation string
	// NoObject leaves Result.Object out of an accepted create, and spares
	// the fifth of a create's work that makes it: the storage round trip
	// of the dry run (a deep copy stands in for it) and the encoding of
	// what it gives. The errors and warnings are the same. Update makes
	// its object whatever NoObject says.
	NoObject bool
}

func (o Options) namespace() string {
	if o.Namespace == "" {
		return DefaultNamespace
	}
	return o.Namespace
}

func (o Options) fieldValidation() string {
	if o.FieldValidation == "" {
		return metav1.FieldValidationStrict
	}
	return o.FieldValidation
}

// New builds a Judge with the store of every resource in the release.
// It takes tens of milliseconds; build one and keep it.
func New() (*Judge, error) {
	j := &Judge{kinds: map[schema.GroupVersionKind]*kind{}}
	for _, spec := range storeSpecs {
		store, err := spec.build(optionsGetter{})
		if err != nil {
			return nil, fmt.Errorf("building the store of %s: %w", spec.resource, err)
		}
		kinds, _, err := legacyscheme.Scheme.ObjectKinds(store.New())
		if err != nil {
			return nil, fmt.Errorf("the store of %s: %w", spec.resource, err)
		}
		for _, gv := range legacyscheme.Scheme.PrioritizedVersionsForGroup(spec.resource.Group) {
			gvk := gv.WithKind(kinds[0].Kind)
			if !legacyscheme.Scheme.Recognizes(gvk) {
				continue
			}
			j.kinds[gvk] = &kind{
				resource:   gv.WithResource(spec.resource.Resource),
				namespaced: store.NamespaceScoped(),
				store:      store,
			}
		}
	}
	return j, nil
}

var (
	defaultJudge    *Judge
	defaultJudgeErr error
	defaultOnce     sync.Once
)

// Default returns a Judge built once for the whole process.
func Default() (*Judge, error) {
	defaultOnce.Do(func() { defaultJudge, defaultJudgeErr = New() })
	return defaultJudge, defaultJudgeErr
}

// Kinds returns every apiVersion and kind the Judge judges, sorted.
func (j *Judge) Kinds() []schema.GroupVersionKind {
	out := make([]schema.GroupVersionKind, 0, len(j.kinds))
	for gvk := range j.kinds {
		out = append(out, gvk)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].String() < out[b].String() })
	return out
}

// Resource returns the resource that stores apiVersion and kind, and
// whether it is namespaced; ok is false for a kind the Judge does not
// judge.
func (j *Judge) Resource(gvk schema.GroupVersionKind) (resource schema.GroupVersionResource, namespaced, ok bool) {
	k, ok := j.kinds[gvk]
	if !ok {
		return schema.GroupVersionResource{}, false, false
	}
	return k.resource, k.namespaced, true
}

// Create judges object (JSON) as the API server judges a create: a
// server-side dry run of `kubectl create` (and of `kubectl apply` for an
// object that does not exist yet). The stored object of an accepted
// create is the server's with fixed values for what the server makes up
// anew each time: metadata.creationTimestamp is left out, the uid is
// ZeroUID and a name generated from metadata.generateName ends in
// GeneratedSuffix, wherever the server would write them.
func (j *Judge) Create(ctx context.Context, object []byte, opts Options) Result {
	k, gvk, res := j.lookup(object)
	if k == nil {
		return res
	}
	obj, strictWarnings, res := decode(object, gvk, k, opts.fieldValidation())
	if obj == nil {
		return res
	}
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return notChecked("it has no metadata: %v", err)
	}
	rest.WipeObjectMetaSystemFields(accessor)
	ctx, recorder, err := requestContext(ctx, "create", k, accessor, opts.namespace(), strictWarnings)
	if err != nil {
		return refused(err, recorder)
	}
	generated := accessor.GetName() == "" && accessor.GetGenerateName() != ""
	sent := sentAllocations(obj)
	if opts.NoObject {
		defer copyOnly(obj)()
	}
	created, err := k.store.Create(ctx, obj, rest.ValidateAllObjectFunc, &metav1.CreateOptions{
		DryRun:          []string{metav1.DryRunAll},
		FieldValidation: opts.fieldValidation(),
	})
	if err != nil {
		return refused(err, recorder)
	}
	if opts.NoObject {
		return Result{Checked: true, Warnings: recorder.list()}
	}
	var uid, name string
	if m, err := meta.Accessor(created); err == nil {
		// What the server makes up, the same object would get other
		// values of each time, is given fixed values wherever it is
		// written (a Job's labels hold its uid and name), so that a Result
		// is the same for the same object: no creationTimestamp, ZeroUID,
		// and a generated name that ends in GeneratedSuffix.
		uid, name = string(m.GetUID()), m.GetName()
		m.SetCreationTimestamp(metav1.Time{})
	}
	scrubAllocations(created, sent, nil)
	accept := accepted(created, gvk, recorder)
	if uid != "" {
		accept.Object = bytes.ReplaceAll(accept.Object, []byte(uid), []byte(ZeroUID))
	}
	if generated && name != "" {
		fixed := accessor.GetGenerateName() + GeneratedSuffix
		accept.Object = bytes.ReplaceAll(accept.Object, []byte(strconv.Quote(name)), []byte(strconv.Quote(fixed)))
	}
	return accept
}

// Update judges object (JSON) as the API server judges an update of
// live, the object as stored (JSON, in any version the release serves):
// a server-side dry run with strict field validation. An object without
// metadata.resourceVersion is judged against live's, as `kubectl apply`
// patches the object it reads; live without one is given "1".
func (j *Judge) Update(ctx context.Context, object, live []byte, opts Options) Result {
	k, gvk, res := j.lookup(object)
	if k == nil {
		return res
	}
	liveObj, err := decodeLive(live, gvk.GroupKind(), k)
	if err != nil {
		return notChecked("the live object cannot be read: %v", err)
	}
	obj, strictWarnings, res := decode(object, gvk, k, opts.fieldValidation())
	if obj == nil {
		return res
	}
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return notChecked("it has no metadata: %v", err)
	}
	liveAccessor, err := meta.Accessor(liveObj)
	if err != nil {
		return notChecked("the live object has no metadata: %v", err)
	}
	if liveAccessor.GetResourceVersion() == "" {
		liveAccessor.SetResourceVersion("1")
	}
	if accessor.GetResourceVersion() == "" {
		accessor.SetResourceVersion(liveAccessor.GetResourceVersion())
	}
	ctx, recorder, err := requestContext(ctx, "update", k, accessor, opts.namespace(), strictWarnings)
	if err != nil {
		return refused(err, recorder)
	}
	if k.namespaced {
		liveAccessor.SetNamespace(accessor.GetNamespace())
	}
	ctx = withLive(ctx, liveObj)
	sent := sentAllocations(obj)
	updated, _, err := k.store.Update(ctx, accessor.GetName(), rest.DefaultUpdatedObjectInfo(obj), rest.ValidateAllObjectFunc, rest.ValidateAllObjectUpdateFunc, false, &metav1.UpdateOptions{
		DryRun:          []string{metav1.DryRunAll},
		FieldValidation: opts.fieldValidation(),
	})
	if err != nil {
		return refused(err, recorder)
	}
	scrubAllocations(updated, sent, liveObj)
	return accepted(updated, gvk, recorder)
}

// lookup finds the kind object declares; res says why when there is none.
func (j *Judge) lookup(object []byte) (*kind, schema.GroupVersionKind, Result) {
	gvk, err := peekKind(object)
	if err != nil {
		return nil, gvk, notChecked("%v", err)
	}
	k, ok := j.kinds[gvk]
	if !ok {
		return nil, gvk, notChecked("Kubernetes %s's API server has no resource of kind %s in version %q", Release, gvk.Kind, gvk.GroupVersion())
	}
	return k, gvk, Result{}
}

// requestContext is the context the API server's handler gives the
// store: the request's namespace and info, a cluster admin as the user,
// and a warning recorder holding the decoding's warnings.
func requestContext(ctx context.Context, verb string, k *kind, accessor metav1.Object, defaultNamespace string, warnings []string) (context.Context, *recorder, error) {
	ctx, rec := withRecorder(ctx)
	for _, w := range warnings {
		warning.AddWarning(ctx, "", w)
	}
	namespace := ""
	if k.namespaced {
		namespace = accessor.GetNamespace()
		if namespace == "" {
			namespace = defaultNamespace
		}
	}
	if k.resource.Group == "" && k.resource.Resource == "namespaces" {
		namespace = accessor.GetName()
	}
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForResource(namespace, k.resource), accessor); err != nil {
		return ctx, rec, err
	}
	prefix := "apis"
	if k.resource.Group == "" {
		prefix = "api"
	}
	ctx = genericapirequest.WithNamespace(ctx, namespace)
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true,
		Verb:              verb,
		APIPrefix:         prefix,
		APIGroup:          k.resource.Group,
		APIVersion:        k.resource.Version,
		Namespace:         namespace,
		Resource:          k.resource.Resource,
		Name:              accessor.GetName(),
	})
	ctx = genericapirequest.WithUser(ctx, &user.DefaultInfo{
		Name:   "kubeversion",
		Groups: []string{user.SystemPrivilegedGroup, user.AllAuthenticated},
	})
	return ctx, rec, nil
}

// recorder records the warnings of one request with the API server's own
// recorder (k8s.io/apiserver's filters.WithWarningRecorder): in order,
// without repeats, and cut as the server cuts them into its Warning
// headers, past 4,096 runes in all each to 256 runes, and none once
// those are 4,096 runes again.
type recorder struct {
	headers http.Header
}

// Header, Write and WriteHeader make a recorder the response writer the
// server's recorder writes its headers to.
func (r *recorder) Header() http.Header         { return r.headers }
func (r *recorder) Write(b []byte) (int, error) { return len(b), nil }
func (r *recorder) WriteHeader(int)             {}

// withRecorder returns ctx holding the API server's warning recorder,
// which writes to a new recorder.
func withRecorder(ctx context.Context) (context.Context, *recorder) {
	rec := &recorder{headers: http.Header{}}
	req := (&http.Request{Header: http.Header{}}).WithContext(ctx)
	filters.WithWarningRecorder(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		ctx = r.Context()
	})).ServeHTTP(rec, req)
	return ctx, rec
}

// list returns the text of the warnings, as a client reads them from
// the headers.
func (r *recorder) list() []string {
	headers, _ := utilnet.ParseWarningHeaders(r.headers.Values("Warning"))
	var texts []string
	for _, h := range headers {
		texts = append(texts, h.Text)
	}
	return texts
}

func notChecked(format string, args ...any) Result {
	return Result{Reason: fmt.Sprintf(format, args...)}
}

// refused turns the server's error into a Result.
func refused(err error, rec *recorder) Result {
	res := Result{Checked: true, Message: err.Error(), Warnings: rec.list()}
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		s := status.Status()
		res.Message = s.Message
		if s.Details != nil {
			for _, c := range s.Details.Causes {
				res.Causes = append(res.Causes, Cause{Field: c.Field, Type: field.ErrorType(c.Type).String(), Message: c.Message})
			}
		}
	}
	if res.Message == "" {
		res.Message = "refused without a message"
	}
	return res
}

// accepted encodes the object the server would store in the request's
// version, as it would return it.
func accepted(obj runtime.Object, gvk schema.GroupVersionKind, rec *recorder) Result {
	res := Result{Checked: true, Warnings: rec.list()}
	data, err := runtime.Encode(legacyscheme.Codecs.LegacyCodec(gvk.GroupVersion()), obj)
	if err != nil {
		res.Message = fmt.Sprintf("encoding the accepted object: %v", err)
		return res
	}
	res.Object = data
	return res
}
