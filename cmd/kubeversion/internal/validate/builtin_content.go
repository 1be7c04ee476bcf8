package validate

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/builtin"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// judgeBuiltinContent judges the content of o, a built-in object whose
// apiVersion and kind are served, with the API server code of the pinned
// release (module github.com/kubeversion/kubeversion/builtin): on
// create, or on update of its live object of --old.
func (ck *checker) judgeBuiltinContent(r ObjectReport, o inputs.Object, loc *inputs.Locator) ObjectReport {
	judge, err := builtin.Default()
	if err != nil {
		r.Reason = "the built-in objects' judge cannot start: " + err.Error()
		return r.judged(StatusNotChecked, r.Reason)
	}
	gv, _ := schema.ParseGroupVersion(r.APIVersion)
	_, namespaced, ok := judge.Resource(gv.WithKind(r.Kind))
	if !ok {
		r.Reason = r.APIVersion + " " + r.Kind + " is served by Kubernetes 1." + strconv.Itoa(ck.release) +
			"; its content is not checked: the API server code of Kubernetes " + builtin.Release + ", which judges content, does not serve this version"
		return r.judged(StatusNotChecked, r.Reason)
	}
	data, err := o.JSON()
	if err != nil {
		r.addError(server.Error{Line: o.Line, Type: "decoding error", Message: err.Error()})
		return r.judged(StatusInvalid, "")
	}
	opts := builtin.Options{Namespace: ck.namespace, FieldValidation: fieldValidation(ck.level)}
	var res builtin.Result
	r.namespace = ck.sentNamespace(o, namespaced)
	if live := ck.liveOf(gv.Group, r.Kind, r.namespace, r.Name); live != nil {
		r.Operation, r.Live = "update", live.file+":"+strconv.Itoa(live.line)
		res = judge.Update(context.Background(), data, live.json, opts)
	} else {
		r.noLive = ck.live != nil
		r.Operation = "create"
		opts.NoObject = ck.noObjects
		res = judge.Create(context.Background(), data, opts)
	}
	if !res.Checked {
		r.Operation, r.Live = "", ""
		r.Reason = res.Reason
		return r.judged(StatusNotChecked, r.Reason)
	}
	r.JudgedBy = "Kubernetes " + builtin.Release
	for _, w := range res.Warnings {
		x := Warning{Line: r.Line, Message: w}
		if f, ok := warningField(w); ok {
			x.Field, x.Line = f, loc.ObjectLine(f)
		}
		r.Warnings = append(r.Warnings, x)
	}
	if res.Message != "" {
		return ck.addBuiltinErrors(r, res, loc)
	}
	r.stored = res.Object
	if r.stored == nil && opts.NoObject {
		r.sent = data
	}
	return r.judged(StatusValid, "")
}

// storedOf returns l, the applied object of a later copy, as the server
// stored it: for one created with Options.NoObjects, kept as it was sent,
// it is created again, with the same options, to make its stored object.
// The create is the same as before, so it is accepted again; nil if not.
func (ck *checker) storedOf(l *liveObject) *liveObject {
	if l == nil || !l.sent {
		return l
	}
	judge, err := builtin.Default()
	if err != nil {
		return nil
	}
	res := judge.Create(context.Background(), l.json, builtin.Options{Namespace: ck.namespace, FieldValidation: fieldValidation(ck.level)})
	if !res.Valid() || res.Object == nil {
		return nil
	}
	return appliedRecord{File: l.file, Line: l.line, APIVersion: l.apiVersion, Object: res.Object}.live()
}

// addBuiltinErrors adds the server's refusal to r: one error per cause,
// at its field's line, or the whole message at the object's.
func (ck *checker) addBuiltinErrors(r ObjectReport, res builtin.Result, loc *inputs.Locator) ObjectReport {
	if len(res.Causes) == 0 {
		r.addError(server.Error{Line: r.Line, Type: "refused", Detail: res.Message, Message: res.Message})
		return r.judged(StatusInvalid, "")
	}
	errs := make([]server.Error, 0, len(res.Causes))
	for _, c := range res.Causes {
		msg := c.Field + ": " + c.Message
		switch {
		case c.Strict:
			msg = "strict decoding error: " + c.Message
		case c.Field == "":
			msg = c.Message
		}
		errs = append(errs, server.Error{Line: loc.ObjectLine(c.Field), Field: c.Field, Type: c.Type, Detail: c.Message, Message: msg})
	}
	// The server's order is that of its validation, which ranges over
	// maps for labels, annotations, a ConfigMap's data and the like: it
	// changes from one request to the next. They are listed in the order
	// of the text instead, so that the output, and which errors are
	// listed past server.MaxListed, is the same on every run.
	slices.SortStableFunc(errs, func(a, b server.Error) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), strings.Compare(a.Field, b.Field), strings.Compare(a.Message, b.Message))
	})
	for _, e := range errs {
		r.addError(e)
	}
	r.Rejected = res.Causes[0].Strict
	return r.judged(StatusInvalid, "")
}

// sentNamespace returns the namespace a built-in object is sent in: its
// own or, when it names none, kubectl's context's; none for a
// cluster-scoped object, whose namespace the server drops.
func (ck *checker) sentNamespace(o inputs.Object, namespaced bool) string {
	if !namespaced {
		return ""
	}
	meta, _ := o.Fields["metadata"].(map[string]any)
	if ns, _ := meta["namespace"].(string); ns != "" {
		return ns
	}
	return ck.namespace
}

// fieldValidation is the fieldValidation kubectl sends for --validate.
func fieldValidation(level string) string {
	switch level {
	case FieldWarn:
		return "Warn"
	case FieldIgnore:
		return "Ignore"
	}
	return "Strict"
}
