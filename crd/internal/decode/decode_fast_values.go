package decode

import (
	"encoding/base64"
	"math"
	"strconv"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/internal/jsonvalue"
)

// The readers of single values follow json.Unmarshal: null leaves a
// value as it is and sets a pointer, map or slice to nil; a value of
// another type is a type error, declined.

func (d *byteDecoder) string(p *string) {
	switch d.next() {
	case '"':
		*p = string(d.str())
	case 'n':
		d.literal("null")
	default:
		d.decline()
	}
}

func (d *byteDecoder) bool(p *bool) {
	switch d.next() {
	case 't':
		d.literal("true")
		*p = true
	case 'f':
		d.literal("false")
		*p = false
	case 'n':
		d.literal("null")
	default:
		d.decline()
	}
}

// integer reads a number that strconv.ParseInt reads, within min and
// max.
func (d *byteDecoder) integer(min, max int64) (n int64, ok bool) {
	if d.null() {
		return 0, false
	}
	n, err := strconv.ParseInt(string(d.number()), 10, 64)
	if err != nil || n < min || n > max {
		d.decline()
	}
	return n, true
}

func (d *byteDecoder) int64(p *int64) {
	if n, ok := d.integer(math.MinInt64, math.MaxInt64); ok {
		*p = n
	}
}

func (d *byteDecoder) int32(p *int32) {
	if n, ok := d.integer(math.MinInt32, math.MaxInt32); ok {
		*p = int32(n)
	}
}

func (d *byteDecoder) float64(p *float64) {
	if d.null() {
		return
	}
	f, err := strconv.ParseFloat(string(d.number()), 64)
	if err != nil {
		d.decline()
	}
	*p = f
}

// bytes reads base64 as encoding/json does into a []byte; an array of
// numbers, which it also reads, is declined.
func (d *byteDecoder) bytes(p *[]byte) {
	if d.null() {
		*p = nil
		return
	}
	if d.next() != '"' {
		d.decline()
	}
	s := d.str()
	b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
	n, err := base64.StdEncoding.Decode(b, s)
	if err != nil {
		d.decline()
	}
	*p = b[:n]
}

// optional reads a pointer with read, or null.
func optional[T any](d *byteDecoder, p **T, read func(*byteDecoder, *T)) {
	if d.null() {
		*p = nil
		return
	}
	v := new(T)
	read(d, v)
	*p = v
}

// optionalAt is optional for a struct, read at path.
func optionalAt[T any](d *byteDecoder, p **T, path *api.FieldPath, read func(*byteDecoder, *T, *api.FieldPath)) {
	if d.null() {
		*p = nil
		return
	}
	v := new(T)
	read(d, v, path)
	*p = v
}

// decodeListAt reads an array, or null, with read for each element: json.Unmarshal
// makes [] an empty slice, not nil.
func decodeListAt[T any](d *byteDecoder, p *[]T, path *api.FieldPath, read func(*byteDecoder, *T, *api.FieldPath)) {
	if !d.array() {
		*p = nil
		return
	}
	list := []T{}
	for i := 0; d.more(']', i); i++ {
		var zero T
		list = append(list, zero)
		child := path.Element(i)
		read(d, &list[i], &child)
	}
	*p = list
}

// decodeList is decodeListAt for elements that need no path.
func decodeList[T any](d *byteDecoder, p *[]T, read func(*byteDecoder, *T)) {
	if !d.array() {
		*p = nil
		return
	}
	list := []T{}
	for i := 0; d.more(']', i); i++ {
		var zero T
		list = append(list, zero)
		read(d, &list[i])
	}
	*p = list
}

// decodeMapAt reads an object, or null, into a map, with read for each value;
// a key given twice is declined, since the server reports it and keeps
// the last value.
func decodeMapAt[T any](d *byteDecoder, p *map[string]T, path *api.FieldPath, read func(*byteDecoder, *T, *api.FieldPath)) {
	if !d.object() {
		*p = nil
		return
	}
	m := map[string]T{}
	for i := 0; d.more('}', i); i++ {
		k := string(d.key())
		if _, dup := m[k]; dup {
			d.decline()
		}
		var v T
		child := path.Field(k, false)
		read(d, &v, &child)
		m[k] = v
	}
	*p = m
}

// stringMap reads labels or annotations. It is decodeMapAt without a path
// for each value, which would move to the heap.
func (d *byteDecoder) stringMap(p *map[string]string) {
	if !d.object() {
		*p = nil
		return
	}
	m := map[string]string{}
	for i := 0; d.more('}', i); i++ {
		k := string(d.key())
		if _, dup := m[k]; dup {
			d.decline()
		}
		var v string
		d.string(&v)
		m[k] = v
	}
	*p = m
}

// json reads any value as JSON.UnmarshalJSON does.
func (d *byteDecoder) json(p *api.JSON) {
	p.Value = d.any()
}

func (d *byteDecoder) any() any {
	switch d.next() {
	case '{':
		d.enter()
		m := map[string]any{}
		for i := 0; d.more('}', i); i++ {
			k := string(d.key())
			m[k] = d.any() // the last of a key given twice, as encoding/json
		}
		return m
	case '[':
		d.enter()
		a := []any{}
		for i := 0; d.more(']', i); i++ {
			a = append(a, d.any())
		}
		return a
	case '"':
		return string(d.str())
	case 't':
		d.literal("true")
		return true
	case 'f':
		d.literal("false")
		return false
	case 'n':
		d.literal("null")
		return nil
	}
	v, ok := jsonvalue.Number(d.number())
	if !ok {
		d.decline() // out of range: an error of JSON.UnmarshalJSON
	}
	return v
}
