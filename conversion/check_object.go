package conversion

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// checkObject checks raw, the i-th object of an answer, against original
// and restores its metadata, as the server's webhookConverter.Convert does
// for a list or a single object.
func checkObject(input string, list bool, i int, original map[string]any, raw json.RawMessage, toGV groupVersion) (map[string]any, error) {
	invalid := func(err error) error {
		if list {
			return fmt.Errorf("conversion webhook for %v returned invalid converted object at index %v: %v", input, i, err)
		}
		return fmt.Errorf("conversion webhook for %v returned invalid object at index 0: %v", input, err)
	}
	converted, err := decodeConverted(raw)
	if err != nil {
		if list {
			return nil, invalid(err)
		}
		return nil, err // the server returns it bare
	}
	gv, kind := objectGVK(converted)
	if gv != toGV {
		return nil, invalid(fmt.Errorf("invalid groupVersion (expected %v, received %v)", toGV, gv))
	}
	if _, want := objectGVK(original); kind != want {
		return nil, invalid(fmt.Errorf("invalid kind (expected %v, received %v)", want, kind))
	}
	if err := sameIdentity(original, converted); err != nil {
		if list {
			return nil, invalid(err)
		}
		return nil, fmt.Errorf("conversion webhook for %v returned invalid object: %v", input, err)
	}
	if err := restoreMetadata(original, converted); err != nil {
		if list {
			return nil, fmt.Errorf("conversion webhook for %v returned invalid metadata in object at index %v: %v", input, i, err)
		}
		return nil, fmt.Errorf("conversion webhook for %v returned invalid metadata: %v", input, err)
	}
	return converted, nil
}

// decodeConverted decodes a converted object as Unstructured.UnmarshalJSON
// does: a JSON object (null counts as absent) with a kind.
func decodeConverted(raw json.RawMessage) (map[string]any, error) {
	if isNull(raw) {
		raw = nil // a RawExtension holds no bytes for null
	}
	var probe map[string]any
	if err := json.Unmarshal(raw, &probe); err != nil {
		return nil, err
	}
	obj := map[string]any{}
	if probe != nil {
		var err error
		if obj, err = decodeObject(raw); err != nil {
			return nil, err
		}
	}
	if _, kind := objectGVK(obj); kind == "" {
		//lint:ignore ST1005 runtime.NewMissingKindErr's text, word for word
		return nil, fmt.Errorf("Object 'Kind' is missing in '%s'", raw)
	}
	return obj, nil
}

// sameIdentity is the server's validateConvertedObject.
func sameIdentity(in, out map[string]any) error {
	if e, a := stringField(in, "kind"), stringField(out, "kind"); e != a {
		return fmt.Errorf("must have the same kind: %v != %v", e, a)
	}
	for _, f := range [...]struct{ key, name string }{{"name", "name"}, {"namespace", "namespace"}, {"uid", "UID"}} {
		if e, a := metadataString(in, f.key), metadataString(out, f.key); e != a {
			return fmt.Errorf("must have the same %s: %v != %v", f.name, e, a)
		}
	}
	return nil
}

// restoreMetadata is the server's restoreObjectMeta: converted gets a copy
// of original's metadata, with the labels and annotations of its own.
func restoreMetadata(original, converted map[string]any) error {
	got, found := converted["metadata"]
	if !found {
		return errors.New("missing metadata in converted object")
	}
	answered, ok := got.(map[string]any)
	if !ok {
		return fmt.Errorf("invalid metadata of type %T in converted object", got)
	}
	if m, ok := original["metadata"]; ok {
		converted["metadata"] = jsonvalue.Copy(m)
	} else {
		converted["metadata"] = map[string]any{}
	}
	meta, ok := converted["metadata"].(map[string]any)
	if !ok {
		return fmt.Errorf("invalid metadata of type %T in input object", converted["metadata"])
	}
	for _, f := range [...]string{"labels", "annotations"} {
		v, found := answered[f]
		if !found || v == nil {
			delete(meta, f)
			continue
		}
		field, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("invalid metadata.%s of type %T in converted object", f, v)
		}
		before, ok := meta[f].(map[string]any)
		if !ok && meta[f] != nil {
			return fmt.Errorf("invalid metadata.%s of type %T in original object", f, meta[f])
		}
		changed := len(before) != len(field)
		strs := make(map[string]string, len(field))
		for _, k := range slices.Sorted(maps.Keys(field)) {
			s, ok := field[k].(string)
			if !ok {
				return fmt.Errorf("metadata.%s[%s] must be a string, but is %T in converted object", f, k, field[k])
			}
			if before[k] != any(s) {
				changed = true
			}
			strs[k] = s
		}
		if changed {
			var errs []string
			if f == "labels" {
				errs = labelsErrors(strs)
			} else {
				errs = annotationsErrors(strs)
			}
			if len(errs) > 0 {
				return errors.New(aggregate(errs))
			}
		}
		meta[f] = field
	}
	return nil
}
