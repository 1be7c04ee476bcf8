package decode

import "github.com/kubeversion/kubeversion/crd/internal/api"

// decodeFast decodes data as Decode does, in one pass over the bytes
// without reflection, for the input met in practice: valid JSON, nested
// no deeper than MaxDepth, whose values have the types of their fields
// (null included), and whose objects give no field or map key twice.
// Unknown fields are fine: it reports them as Decode does. On any other
// input it returns ok false, and Decode reads data again with
// decodeSlow, which gives the errors of syntax, type and depth with the
// messages of encoding/json, and the API server's reading of duplicate
// keys (a second value merged into the first). Keeping one copy of that
// logic keeps the rare cases exact; decodeFast only has to be exact on
// the common ones, and FuzzDecodeSame checks that it is.
func decodeFast(data []byte) (c *api.CustomResourceDefinition, strict *api.StrictError, ok bool) {
	d := byteDecoder{data: data, strict: true}
	defer func() {
		if r := recover(); r != nil {
			if _, declined := r.(declined); !declined {
				panic(r)
			}
			c, strict, ok = nil, nil, false
		}
	}()
	c = new(api.CustomResourceDefinition)
	d.crd(c)
	d.end()
	if len(d.fields) > 0 {
		strict = &api.StrictError{Fields: d.fields}
	}
	return c, strict, true
}

// byteDecoder reads JSON from data, at pos. Its readers decline (panic
// with declined, which decodeFast recovers) on whatever decodeSlow must
// read instead.
type byteDecoder struct {
	data  []byte
	pos   int
	depth int // of the object or array being read; 0 outside any
	// strict is false under the wrappers (items, additionalProperties,
	// additionalItems, dependencies), which the server decodes without
	// the strict checks.
	strict bool
	buf    []byte // the last string read that had escapes or non-ASCII
	fields []api.StrictField
	seen   map[api.StrictField]bool
	// scratch holds the schemas schemaMap reads properties into, the
	// first scratchUsed of them in use (see takeSchema).
	scratch     []*api.JSONSchemaProps
	scratchUsed int
}

// declined is the panic value of a byteDecoder that leaves the input
// to decodeSlow.
type declined struct{}

func (d *byteDecoder) decline() {
	panic(declined{})
}

// report records a strict decoding error as fieldWalker.report does:
// each once, at most 100.
func (d *byteDecoder) report(kind string, path *api.FieldPath) {
	if !d.strict || len(d.fields) >= 100 {
		return
	}
	f := api.StrictField{Kind: kind, Path: path.String()}
	if d.seen[f] {
		return
	}
	if d.seen == nil {
		d.seen = map[api.StrictField]bool{}
	}
	d.seen[f] = true
	d.fields = append(d.fields, f)
}

// unknown reports key, which names no field of the struct at path, and
// skips its value. A key given twice in an object is reported once, and
// its path written once, as fieldWalker.object does: a key repeated at
// each level of a deep document would otherwise cost the square of the
// depth.
func (d *byteDecoder) unknown(key []byte, path *api.FieldPath, set *fieldSet) {
	if d.strict && len(d.fields) < 100 {
		k := string(key)
		if _, ok := set.unknown[k]; !ok {
			if set.unknown == nil {
				set.unknown = map[string]bool{}
			}
			set.unknown[k] = true
			child := path.Field(k, true)
			d.report("unknown field", &child)
		}
	}
	d.skip()
}

// fieldSet is what a struct's reader has met: its fields, by their
// number in the reader, so that a field given twice is declined (the
// server merges the second value into the first), and the unknown keys.
type fieldSet struct {
	known   uint64
	unknown map[string]bool
}

func (d *byteDecoder) once(set *fieldSet, n uint) {
	if set.known&(1<<n) != 0 {
		d.decline()
	}
	set.known |= 1 << n
}
