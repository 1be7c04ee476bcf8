package builtin

import (
	"encoding/json"
	"fmt"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

// peekKind reads apiVersion and kind, as the API server's serializer
// does before it decodes (json.DefaultMetaFactory: encoding/json into the
// two fields, then schema.ParseGroupVersion).
func peekKind(object []byte) (schema.GroupVersionKind, error) {
	var tm metav1.TypeMeta
	var ok bool
	if tm.APIVersion, tm.Kind, ok = readTypeMeta(object); !ok {
		tm = metav1.TypeMeta{}
		if err := json.Unmarshal(object, &tm); err != nil {
			return schema.GroupVersionKind{}, fmt.Errorf("it is not a JSON object: %v", err)
		}
	}
	if tm.Kind == "" || tm.APIVersion == "" {
		return schema.GroupVersionKind{}, fmt.Errorf("it has no apiVersion and kind")
	}
	gv, err := schema.ParseGroupVersion(tm.APIVersion)
	if err != nil {
		return schema.GroupVersionKind{}, err
	}
	return gv.WithKind(tm.Kind), nil
}

// decode decodes object as the API server decodes a request's body
// with the given fieldValidation: defaulted and converted to the internal
// version; strictly for Strict and Warn, where Warn turns the strict
// errors into warnings. On an error, res is the server's answer.
func decode(object []byte, gvk schema.GroupVersionKind, k *kind, fieldValidation string) (obj runtime.Object, warnings []string, res Result) {
	serializer := jsonSerializer(gvk, fieldValidation != metav1.FieldValidationIgnore)
	hub := schema.GroupVersion{Group: gvk.Group, Version: runtime.APIVersionInternal}
	decoder := legacyscheme.Codecs.DecoderToVersion(serializer, hub)
	obj, got, err := decoder.Decode(object, &gvk, k.store.New())
	if err == nil {
		return obj, nil, Result{}
	}
	strict, isStrict := runtime.AsStrictDecodingError(err)
	if isStrict && obj != nil && fieldValidation == metav1.FieldValidationWarn {
		for _, e := range strict.Errors() {
			warnings = append(warnings, e.Error())
		}
		return obj, warnings, Result{}
	}
	res = refused(transformDecodeError(err, k, got), &recorder{})
	if isStrict {
		for _, e := range strict.Errors() {
			res.Causes = append(res.Causes, strictCause(e.Error()))
		}
	}
	return nil, nil, res
}

// transformDecodeError words a decoding error as the API server's create
// and update handlers do (k8s.io/apiserver's transformDecodeError).
func transformDecodeError(err error, k *kind, gvk *schema.GroupVersionKind) error {
	kinds, _, kerr := legacyscheme.Scheme.ObjectKinds(k.store.New())
	if kerr != nil {
		return apierrors.NewBadRequest(kerr.Error())
	}
	if gvk != nil && gvk.Kind != "" {
		return apierrors.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", gvk.Kind, gvk.Version, kinds[0].Kind, err))
	}
	return apierrors.NewBadRequest(fmt.Sprintf("the object provided is unrecognized (must be of type %s): %v", kinds[0].Kind, err))
}

// strictCause splits one strict decoding error (`unknown field
// "spec.foo"`, `duplicate field "replicas"`) into its field and kind.
func strictCause(text string) Cause {
	for _, kind := range []string{"unknown field", "duplicate field"} {
		if rest, ok := strings.CutPrefix(text, kind+" "); ok {
			return Cause{Field: strings.Trim(rest, `"`), Type: kind, Message: text, Strict: true}
		}
	}
	return Cause{Type: "strict decoding error", Message: text, Strict: true}
}

// decodeLive decodes the live object of an update, leniently, as the
// server reads what it stored: defaulted, converted to the internal
// version. It must be of the same group and kind as the object.
func decodeLive(live []byte, want schema.GroupKind, k *kind) (runtime.Object, error) {
	gvk, err := peekKind(live)
	if err != nil {
		return nil, err
	}
	if gvk.GroupKind() != want {
		return nil, fmt.Errorf("it is a %s, not a %s", gvk.GroupKind(), want)
	}
	hub := schema.GroupVersion{Group: gvk.Group, Version: runtime.APIVersionInternal}
	obj, _, err := legacyscheme.Codecs.DecoderToVersion(jsonSerializer(gvk, false), hub).Decode(live, &gvk, k.store.New())
	return obj, err
}

// jsonSerializer is the JSON serializer of legacyscheme.Codecs (strict or
// not), but for its reading of apiVersion and kind, which answers with
// gvk: what peekKind read from the same bytes as the serializer's own
// json.DefaultMetaFactory reads them. It spares a second reading of the
// whole object by encoding/json, a twentieth of a create's time. (The
// universal deserializer, for a live object, picks this serializer for
// any text that starts with "{", as every JSON object does.)
func jsonSerializer(gvk schema.GroupVersionKind, strict bool) runtime.Serializer {
	return kjson.NewSerializerWithOptions(knownKind(gvk), legacyscheme.Scheme, legacyscheme.Scheme, kjson.SerializerOptions{Strict: strict})
}

// knownKind is a kjson.MetaFactory that answers with the apiVersion and
// kind already read.
type knownKind schema.GroupVersionKind

// Interpret returns k, whatever data is.
func (k knownKind) Interpret([]byte) (*schema.GroupVersionKind, error) {
	gvk := schema.GroupVersionKind(k)
	return &gvk, nil
}
