package validate

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/lifecycle"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// The statuses of an object that validate judges.
const (
	StatusValid      = "valid"       // the API server accepts it; every rule was checked
	StatusInvalid    = "invalid"     // the API server (or kubectl) refuses it
	StatusNoErrors   = "no errors"   // no errors, but CEL rules were not evaluated
	StatusNotChecked = "not checked" // no CRD of its kind, or a CRD the server refuses
	StatusSkipped    = "skipped"     // no Kubernetes object: no apiVersion, no kind
)

// The classes of objects that validate judges.
const (
	ClassBuiltin = "built-in" // of a built-in kind of Kubernetes
	ClassCustom  = "custom"   // a custom resource, of a kind of a CRD
)

// The levels of --validate, as kubectl's: what the API server does with
// unknown and duplicate fields (its fieldValidation).
const (
	FieldStrict = "strict" // refuse the object, before validation
	FieldWarn   = "warn"   // warn, and go on
	FieldIgnore = "ignore" // go on silently
)

// ObjectReport is what validate says of one object; its JSON form is an
// element of the "objects" array of -o json.
type ObjectReport struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace,omitempty"`
	Name       string `json:"name"`
	// Class is "built-in" or "custom"; empty for what is neither (no
	// Kubernetes object, or a kind of a group nothing defines).
	Class string `json:"class,omitempty"`
	// CRD is the metadata.name of the CRD the object was judged against.
	CRD string `json:"crd,omitempty"`
	// Operation is "create", or "update" of the live object of --old at
	// Live; empty when the object was not checked.
	Operation string `json:"operation,omitempty"`
	Live      string `json:"live,omitempty"` // file:line
	// Status is valid, invalid, no errors (CEL rules not evaluated), not
	// checked, or skipped.
	Status  string `json:"status"`
	Verdict string `json:"verdict"` // as the text output gives it
	// Reason says why the object was not checked or skipped.
	Reason string         `json:"reason,omitempty"`
	Errors []server.Error `json:"errors"` // the first maxListed
	// ErrorsNotListed is how many errors there are after those listed.
	ErrorsNotListed int `json:"errorsNotListed,omitempty"`
	// Rejected is set when strict field validation refuses the object
	// before validation; HiddenErrors is then how many errors of
	// validation follow, which --validate=warn shows.
	Rejected     bool      `json:"rejectedBeforeValidation,omitempty"`
	HiddenErrors int       `json:"hiddenErrors,omitempty"`
	Warnings     []Warning `json:"warnings"`
	// JudgedBy names the code that judged a built-in object's content:
	// "Kubernetes 1.37.2", the API server's own, whatever release
	// --kubernetes-version judges its apiVersion by.
	JudgedBy string `json:"judgedBy,omitempty"`
	// UncheckedRules is how many CEL rules were not evaluated.
	UncheckedRules int `json:"uncheckedRules,omitempty"`
	// Object is what the API server stores: defaulted and pruned. Only
	// for an object it accepts. [Stream] leaves it to be read, when
	// needed, from the JSON the built-in objects' judge gives, in stored;
	// -o json and [Run] read it.
	Object map[string]any `json:"object,omitempty"`
	stored []byte
	// sent is the JSON of a built-in object created with
	// Options.NoObjects, whose stored object is made only when a later
	// copy needs it (see checker.storedOf).
	sent []byte

	noLive bool // --old was given, but has no live object of this one
	// namespace is the one the object is sent in, as kubectl's context
	// and the resource's scope make it: with its group, kind and name, it
	// names the object that a later copy updates.
	namespace string
}

// readStored sets r.Object from the JSON stored, when the judge gave it
// so.
func (r *ObjectReport) readStored() {
	if r.Object == nil && r.stored != nil && json.Unmarshal(r.stored, &r.Object) != nil {
		r.Object = nil
	}
}

// Warning is a warning of the API server's response, at a line.
type Warning struct {
	Line    int    `json:"line"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// checker judges objects against the CRDs read.
type checker struct {
	defs      *definitions
	live      map[liveKey]*liveObject // nil without --old
	level     string                  // --validate
	namespace string                  // for a namespaced object without one, as kubectl's context gives
	validator crd.ObjectValidator
	release   int // the minor of the Kubernetes release whose built-in kinds are served
	// applied holds the objects of OBJECTS accepted so far, as the server
	// would store them: a later object of the same identity is judged as
	// an update of it, as `kubectl apply` of both would apply the second.
	applied appliedObjects
	// noObjects is Options.NoObjects: built-in objects are created
	// without their stored object, kept in applied as they were sent.
	noObjects bool
}

// newReport returns the report of o before it is judged.
func newReport(o inputs.Object) ObjectReport {
	return ObjectReport{File: o.File, Line: o.Line, APIVersion: o.Str("apiVersion"), Kind: o.Str("kind"),
		Name: server.MetadataName(o), Errors: []server.Error{}, Warnings: []Warning{}}
}

// judgeable reports whether o can be judged as soon as it is read, before
// the rest of the input: when it is no object of a kind (check says so),
// when the CRD of its kind was read, or when its group is built-in. A
// custom resource of a kind no CRD read so far defines waits for the end
// of the input: a CRD of its group may follow. An object of a built-in
// group is a built-in object unless a CRD of its very kind was read
// before it: the CRD of a built-in group needs Kubernetes' own approval
// (its api-approved.kubernetes.io annotation), and a built-in kind is
// served by the built-in handler first.
func (ck *checker) judgeable(o inputs.Object) bool {
	apiVersion, kind := o.Str("apiVersion"), o.Str("kind")
	if apiVersion == "" || kind == "" {
		return true
	}
	group, _ := server.SplitAPIVersion(apiVersion)
	return ck.defs.byKind[server.GroupKind(group, kind)] != nil || lifecycle.Load().IsBuiltinGroup(group)
}

// check judges o, a custom resource or not, as `kubectl apply` and the
// API server would: on create, or on update of its live object of --old.
func (ck *checker) check(o inputs.Object) ObjectReport {
	r := newReport(o)
	for _, w := range o.Warnings { // its size
		r.Warnings = append(r.Warnings, Warning{Line: o.Line, Message: w})
	}
	meta, _ := o.Fields["metadata"].(map[string]any)
	r.Namespace, _ = meta["namespace"].(string)
	loc := inputs.NewLocator(o)
	if r.APIVersion == "" && r.Kind == "" {
		// Not a Kubernetes object at all: a file of a directory that is
		// something else, as a CI workflow or a tool's configuration.
		r.Reason = "not a Kubernetes object: no apiVersion, no kind"
		return r.judged(StatusSkipped, r.Reason)
	}
	if r.APIVersion == "" || r.Kind == "" {
		// kubectl's own validation refuses it before sending anything.
		var missing []string
		for _, f := range []string{"apiVersion", "kind"} {
			if o.Str(f) == "" {
				missing = append(missing, f+" not set")
				r.addError(server.Error{Line: o.Line, Field: f, Type: "not set", Message: "error validating data: " + f + " not set"})
			}
		}
		return r.judged(StatusInvalid, "kubectl refuses it: "+strings.Join(missing, ", "))
	}
	group, version := server.SplitAPIVersion(r.APIVersion)
	d := ck.defs.byKind[server.GroupKind(group, r.Kind)]
	switch {
	case d == nil && lifecycle.Load().IsBuiltinGroup(group):
		r.Class = ClassBuiltin
		return ck.judgeBuiltin(r, o, loc)
	case d == nil && len(ck.defs.byGroup[group]) > 0:
		r.Class = ClassCustom
		kinds := ck.defs.byGroup[group]
		msg := "no matches for kind " + strconv.Quote(r.Kind) + " in version " + strconv.Quote(r.APIVersion) +
			": the CustomResourceDefinitions of group " + group + " define " + strings.Join(kinds, ", ")
		r.addError(server.Error{Line: loc.ObjectLine("kind"), Field: "kind", Type: "no kind match", Message: msg})
		return r.judged(StatusInvalid, "unknown kind")
	case d == nil:
		r.Reason = "no CustomResourceDefinition of kind " + r.Kind + " in group " + group + " in the input or --crd"
		return r.judged(StatusNotChecked, r.Reason)
	}
	c := d.decoded()
	r.CRD, r.Class = c.Metadata.Name, ClassCustom
	if rejected := d.rejection(); rejected != "" {
		r.Reason = rejected
		return r.judged(StatusNotChecked, r.Reason)
	}
	if msg := servedError(c, group, version); msg != "" {
		r.addError(server.Error{Line: loc.ObjectLine("apiVersion"), Field: "apiVersion", Type: "no kind match",
			Message: "no matches for kind " + strconv.Quote(r.Kind) + " in version " + strconv.Quote(r.APIVersion) + ": " + msg})
		return r.judged(StatusInvalid, "version not served")
	}

	fields := ck.asSent(o.Fields, c)
	meta, _ = fields["metadata"].(map[string]any)
	r.namespace, _ = meta["namespace"].(string)
	var live *liveObject
	if ck.live != nil || !ck.applied.empty() {
		if live = ck.liveOf(group, r.Kind, r.namespace, r.Name).withFields(); live == nil {
			r.noLive = ck.live != nil
		} else {
			fields = asUpdate(fields, live.fields)
			r.Live = live.file + ":" + strconv.Itoa(live.line)
		}
	}
	sent := inputs.Object{Fields: fields}
	data, err := sent.JSON()
	if err != nil {
		r.addError(server.Error{Line: o.Line, Type: "decoding error", Message: err.Error()})
		return r.judged(StatusInvalid, "")
	}
	var res *crd.ObjectResult
	if live != nil {
		r.Operation = "update"
		res, err = ck.validator.ValidateObjectUpdate(c, data, live.json)
	} else {
		r.Operation = "create"
		res, err = ck.validator.ValidateObject(c, data)
	}
	if errors.Is(err, crd.ErrLiveObject) {
		// The live object of --old cannot be brought to the version of
		// the update (a webhook converts it): nothing is known of the
		// update, which is not the object's fault.
		r.Reason = "--old: " + r.Live + ": " + strings.TrimPrefix(err.Error(), "old: ")
		return r.judged(StatusNotChecked, r.Reason)
	}
	if err != nil {
		// What the server refuses before validation: metadata of the
		// wrong shape, a value the decoding cannot take.
		r.addError(server.Error{Line: o.Line, Type: "decoding error", Message: err.Error()})
		return r.judged(StatusInvalid, "")
	}
	return ck.addResult(r, res, loc)
}

// addResult adds the result of package crd to r and judges it.
func (ck *checker) addResult(r ObjectReport, res *crd.ObjectResult, loc *inputs.Locator) ObjectReport {
	r.UncheckedRules = res.UncheckedRules
	switch {
	case len(res.Strict) > 0 && ck.level == FieldStrict:
		// The server refuses the request before validation: these errors
		// are all it says.
		for _, f := range res.Strict {
			r.addError(server.Error{Line: loc.ObjectLine(f.Path), Field: f.Path, Type: f.Kind, Message: "strict decoding error: " + f.String()})
		}
		r.Rejected, r.HiddenErrors = true, len(res.Errors)
		return r.judged(StatusInvalid, "")
	case ck.level == FieldWarn:
		for _, f := range res.Strict {
			r.Warnings = append(r.Warnings, Warning{Line: loc.ObjectLine(f.Path), Field: f.Path, Message: f.String()})
		}
	}
	for _, e := range res.Errors {
		if r.listsError() {
			l := server.Error{Line: loc.ObjectLineOf(e.Path()), Field: e.Field, Type: e.Type.String(), Detail: e.Detail, Message: e.Error()}
			r.Errors = append(r.Errors, l.Shortened())
		}
	}
	for _, w := range res.Warnings {
		x := Warning{Line: r.Line, Message: w}
		if f, ok := warningField(w); ok {
			x.Field, x.Line = f, loc.ObjectLine(f)
		}
		r.Warnings = append(r.Warnings, x)
	}
	switch {
	case len(r.Errors) > 0:
		return r.judged(StatusInvalid, "")
	case res.UncheckedRules > 0:
		r.Object = res.Object
		return r.judged(StatusNoErrors, "")
	}
	r.Object = res.Object
	return r.judged(StatusValid, "")
}

// servedError says why c does not serve version of group, or returns "".
func servedError(c *crd.CustomResourceDefinition, group, version string) string {
	var served []string
	found := false
	for _, v := range c.Spec.Versions {
		if v.Served {
			served = append(served, v.Name)
		}
		found = found || v.Name == version
	}
	switch {
	case slices.Contains(served, version):
		return ""
	case found:
		return "the CustomResourceDefinition " + c.Metadata.Name + " does not serve " + version + ", only " + orNone(served)
	}
	return "the CustomResourceDefinition " + c.Metadata.Name + " has no version " + version + ", and serves " + orNone(served)
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

// asSent returns fields as kubectl apply sends them and the API server's
// handler takes them for c: a namespaced object without a namespace gets
// the namespace of kubectl's context (--namespace), and the namespace of a
// cluster-scoped object is dropped, as the handler drops it
// (EnsureObjectNamespaceMatchesRequestNamespace). fields is not changed.
func (ck *checker) asSent(fields map[string]any, c *crd.CustomResourceDefinition) map[string]any {
	meta, ok := fields["metadata"].(map[string]any)
	if !ok {
		return fields
	}
	ns, has := meta["namespace"]
	switch {
	case c.Spec.Scope == "Namespaced" && (!has || ns == nil || ns == ""):
		meta = maps.Clone(meta)
		meta["namespace"] = ck.namespace
	case c.Spec.Scope == "Cluster" && has:
		meta = maps.Clone(meta)
		delete(meta, "namespace")
	default:
		return fields
	}
	out := maps.Clone(fields)
	out["metadata"] = meta
	return out
}

// liveOf returns the live object of an object as sent, in namespace ns:
// of the same group, kind, namespace and name, the latest accepted
// earlier in OBJECTS or else the one of --old; nil if none. A live object
// of --old written without a namespace matches an object of kubectl's
// namespace.
func (ck *checker) liveOf(group, kind, ns, name string) *liveObject {
	k := liveKey{server.GroupKind(group, kind), ns, name}
	if l := ck.applied.get(k); l != nil {
		return ck.storedOf(l)
	}
	if l := ck.live[k]; l != nil {
		return l
	}
	if ns == ck.namespace {
		k.namespace = ""
		return ck.live[k]
	}
	return nil
}

// remember records the object of r, if the server would have stored it,
// as the live object of a later object of the same identity in OBJECTS.
func (ck *checker) remember(o inputs.Object, r ObjectReport) {
	if r.Status != StatusValid && r.Status != StatusNoErrors {
		return
	}
	stored, sent := r.stored, false
	if stored == nil && r.Object != nil {
		stored, _ = json.Marshal(r.Object)
	}
	if stored == nil && r.sent != nil {
		stored, sent = r.sent, true
	}
	if stored == nil {
		return
	}
	group, _ := server.SplitAPIVersion(r.APIVersion)
	ck.applied.put(liveKey{server.GroupKind(group, r.Kind), r.namespace, r.Name}, o.File, o.Line, r.APIVersion, stored, sent)
}

// asUpdate returns fields as `kubectl apply` updates live with them: a
// patch of the live object, so the fields of metadata that the server sets
// (resourceVersion, uid, creationTimestamp, generation) are the live
// object's where the manifest leaves them out, as it does. fields is not
// changed.
func asUpdate(fields, live map[string]any) map[string]any {
	meta, ok := fields["metadata"].(map[string]any)
	liveMeta, _ := live["metadata"].(map[string]any)
	if !ok || liveMeta == nil {
		return fields
	}
	meta = maps.Clone(meta)
	for _, f := range []string{"resourceVersion", "uid", "creationTimestamp", "generation"} {
		if _, set := meta[f]; !set && liveMeta[f] != nil {
			meta[f] = liveMeta[f]
		}
	}
	out := maps.Clone(fields)
	out["metadata"] = meta
	return out
}

// addError lists e, shortened, or counts it when server.MaxListed are listed.
func (r *ObjectReport) addError(e server.Error) {
	if r.listsError() {
		r.Errors = append(r.Errors, e.Shortened())
	}
}

// listsError reports whether one more error is listed, and counts it as
// not listed when server.MaxListed are.
func (r *ObjectReport) listsError() bool {
	if len(r.Errors) < server.MaxListed {
		return true
	}
	r.ErrorsNotListed++
	return false
}

// judged sets r's status and verdict, for example "invalid on create: 2
// errors", "valid on update (live object at old.yaml:3); 1 warning" or
// "not checked: no CustomResourceDefinition ...". why, if not empty, says
// why for an object refused before being judged by the CRD.
func (r ObjectReport) judged(status, why string) ObjectReport {
	r.Status = status
	var b strings.Builder
	b.WriteString(status)
	switch status {
	case StatusSkipped, StatusNotChecked:
		b.WriteString(": " + why)
		r.Verdict = b.String()
		return r
	}
	if r.Operation != "" {
		b.WriteString(" on " + r.Operation)
	}
	var notes []string
	switch {
	case r.Live != "":
		notes = append(notes, "live object at "+r.Live)
	case r.noLive:
		notes = append(notes, "no live object of this name in --old")
	}
	if r.UncheckedRules > 0 && !r.Rejected {
		notes = append(notes, strconv.Itoa(r.UncheckedRules)+" CEL rule"+server.Plural(r.UncheckedRules)+" not evaluated")
	}
	if len(notes) > 0 {
		b.WriteString(" (" + strings.Join(notes, "; ") + ")")
	}
	n := len(r.Errors) + r.ErrorsNotListed
	switch {
	case r.Rejected:
		b.WriteString(": " + strconv.Itoa(n) + " unknown or duplicate field" + server.Plural(n) + ", which strict field validation refuses before validating the object")
		if r.HiddenErrors > 0 {
			b.WriteString("; --validate=warn shows the " + strconv.Itoa(r.HiddenErrors) + " error" + server.Plural(r.HiddenErrors) + " behind")
		}
	case why != "":
		b.WriteString(": " + why)
	case n > 0:
		b.WriteString(": " + strconv.Itoa(n) + " error" + server.Plural(n))
	}
	if w := len(r.Warnings); w > 0 {
		b.WriteString("; " + strconv.Itoa(w) + " warning" + server.Plural(w))
	}
	r.Verdict = b.String()
	return r
}

// warningField returns the field path a warning of the API server starts
// with, as `metadata.finalizers: "foo": prefer a domain-qualified
// finalizer name`, so that it can be located; false for a warning that
// names none, as a version's deprecation.
func warningField(w string) (string, bool) {
	head, _, ok := strings.Cut(w, ": ")
	if !ok || head == "" || head[0] < 'a' || head[0] > 'z' || strings.ContainsAny(head, " \t\"") {
		return "", false
	}
	return head, true
}
