package cel

import (
	"sync"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kubeversion/kubeversion/crd"
)

// fromFieldErrors returns errs as package crd's errors, each printing as
// the server's does; nil for none.
func fromFieldErrors(errs field.ErrorList) crd.ErrorList {
	if len(errs) == 0 {
		return nil
	}
	out := make(crd.ErrorList, len(errs))
	for i, e := range errs {
		out[i] = fromFieldError(e)
	}
	return out
}

// fromFieldError returns e as package crd's error. The CEL validator's
// values are a schema's type ("object"), a string, an int64, a float64, a
// bool, a map or a list of the JSON model (of a schema with no type), or
// the omitted value, which print the same in both; the value of an
// internal error, the error itself, prints in neither and is dropped.
func fromFieldError(e *field.Error) *crd.Error {
	value := e.BadValue
	switch value.(type) {
	case field.OmitValueType:
		value = crd.ValueOmitted{}
	case error:
		value = nil
	}
	return &crd.Error{Type: crd.ErrorType(e.Type), Field: e.Field, BadValue: value, Detail: e.Detail}
}

// warnings is a warning.Recorder that keeps the texts of the warnings, in
// the order they come.
type warnings struct {
	mu    sync.Mutex
	texts []string
}

// AddWarning keeps text. The server's recorder drops an empty text, as
// this does; the agent is the server's, as this is.
func (w *warnings) AddWarning(_, text string) {
	if text == "" {
		return
	}
	w.mu.Lock()
	w.texts = append(w.texts, text)
	w.mu.Unlock()
}
