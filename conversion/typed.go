package conversion

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// TypedStep returns a [Step] that converts through Go types: it encodes
// the object as JSON, decodes it into a From, calls f, and reads the To
// that f returns back into a map. Fields the Go types do not declare are
// lost, as in any typed webhook: declare metadata (or let the [Handler]
// restore it) and every field of each version. For example, with
// CronTabV1beta1 and CronTabV1 structs:
//
//	c.AddStep("v1beta1", "v1", conversion.TypedStep(func(in *CronTabV1beta1) (*CronTabV1, error) {
//		return &CronTabV1{Metadata: in.Metadata, Spec: SpecV1{Schedule: in.Spec.CronSpec}}, nil
//	}))
//
// Numbers pass through JSON: a float64 field receives an integer, an int
// field refuses 1.5 with encoding/json's error.
//
// The step walks the map and the Go values by reflection instead of
// writing and reading JSON, with the same result, when From and To are
// made, in their fields, elements and pointers at any depth, of booleans,
// integers, float64, strings, slices other than []byte, maps with string
// keys, any, and structs of such fields, with no JSON or text methods
// (MarshalJSON, UnmarshalText...), no embedded structs, no json tag option
// but omitempty, JSON names of ASCII letters, digits and _-./ that differ
// ignoring case, no json.Number, and no type that contains itself. Other
// types, such as a Kubernetes object with metav1.ObjectMeta (whose
// metav1.Time has JSON methods) or an embedded metav1.TypeMeta, go through
// encoding/json, as before; so does an object whose values do not fit
// From, for encoding/json's error.
func TypedStep[From, To any](f func(*From) (*To, error)) Step {
	return func(obj map[string]any) (map[string]any, error) {
		in := new(From)
		if !infoOf(reflect.TypeFor[From]()).ok || !fromModel(reflect.ValueOf(in).Elem(), obj, 0) {
			// Through JSON, for its value or its error. A fresh slice: an
			// UnmarshalJSON method of From may keep it.
			in = new(From)
			c := getCodec()
			b, err := c.w.Append(nil, obj)
			putCodec(c)
			if err != nil {
				return nil, err
			}
			if err := json.Unmarshal(b, in); err != nil {
				return nil, fmt.Errorf("decoding into %T: %v", in, err)
			}
		}
		out, err := f(in)
		if err != nil {
			return nil, err
		}
		if out == nil {
			return nil, nil
		}
		if infoOf(reflect.TypeFor[To]()).ok {
			if v, ok := toModel(reflect.ValueOf(out).Elem(), 0); ok {
				if m, ok := v.(map[string]any); ok && m != nil {
					return m, nil
				}
			}
		}
		b, err := json.Marshal(out)
		if err != nil {
			return nil, fmt.Errorf("encoding %T: %v", out, err)
		}
		m, err := decodeObject(b)
		if err != nil {
			return nil, fmt.Errorf("encoding %T: %v", out, err)
		}
		return m, nil
	}
}
