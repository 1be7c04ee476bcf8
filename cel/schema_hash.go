package cel

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"hash"
	"maps"
	"math"
	"slices"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
)

// schemaHasher writes a schema into a hash, every field in a fixed order,
// each string and list preceded by its length and each optional value by
// whether it is there, so that two different schemas write different
// bytes. It is what the JSON of the schema was to compileKey, without
// reflection and without the text of a tree held whole: the JSON of the
// schemas with rules of a corpus, each written again for every schema
// above it with rules, cost 4% of lint's CPU.
//
// Description and title are left out: compiling never reads them
// (neither the type the server declares for a schema, SchemaDeclType of
// k8s.io/apiserver's pkg/cel/common, nor compileRule), and schemas that
// differ in their documentation alone, such as a CRD's versions or
// releases, compile alike, a fifth of the compilations of both corpora.
// TestSchemaHasherFields holds content to it.
//
// A schema with rules below the one hashed is written as the SHA-256 of
// what it writes (see digest), kept in digests for the walk of the
// schemas above it: compileKey, called for every schema with rules from
// the bottom up, then writes each schema once, where it wrote a schema
// again for every schema with rules above it (12% of lint's CPU on a CRD
// of kueue).
type schemaHasher struct {
	h       hash.Hash
	buf     []byte
	err     error // of a value that JSON cannot write
	digests digests
}

// digests holds the digest of each schema with rules hashed in one walk
// of a schema, by the address of its first rule: a schema in a map is
// copied, its rules are not. No two schemas of a tree share their rules,
// as convertSchema and JSON build them.
type digests map[*apiextensions.ValidationRule][sha256.Size]byte

func newSchemaHasher(d digests) schemaHasher {
	return schemaHasher{h: sha256.New(), buf: make([]byte, 0, hasherFlush+256), digests: d}
}

// digest returns the SHA-256 of what content writes of s, s having
// rules, from w.digests when s was hashed before.
func (w *schemaHasher) digest(s *apiextensions.JSONSchemaProps) [sha256.Size]byte {
	id := &s.XValidations[0]
	if d, ok := w.digests[id]; ok {
		return d
	}
	sub := newSchemaHasher(w.digests)
	sub.content(s)
	sub.flush()
	var d [sha256.Size]byte
	sub.h.Sum(d[:0])
	if sub.err != nil {
		if w.err == nil {
			w.err = sub.err
		}
		return d
	}
	if w.digests != nil {
		w.digests[id] = d
	}
	return d
}

// hasherFlush is how much the hasher buffers before hashing.
const hasherFlush = 4 << 10

func (w *schemaHasher) flush() {
	w.h.Write(w.buf)
	w.buf = w.buf[:0]
}

func (w *schemaHasher) grew() {
	if len(w.buf) >= hasherFlush {
		w.flush()
	}
}

func (w *schemaHasher) uint(n uint64) { w.buf = binary.AppendUvarint(w.buf, n) }

func (w *schemaHasher) bool(b bool) {
	if b {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
}

func (w *schemaHasher) str(s string) {
	w.uint(uint64(len(s)))
	w.buf = append(w.buf, s...)
	w.grew()
}

func (w *schemaHasher) strs(ss []string) {
	w.bool(ss == nil)
	w.uint(uint64(len(ss)))
	for _, s := range ss {
		w.str(s)
	}
}

func (w *schemaHasher) optStr(s *string) {
	w.bool(s != nil)
	if s != nil {
		w.str(*s)
	}
}

func (w *schemaHasher) optBool(b *bool) {
	w.bool(b != nil)
	if b != nil {
		w.bool(*b)
	}
}

func (w *schemaHasher) optInt(n *int64) {
	w.bool(n != nil)
	if n != nil {
		w.uint(uint64(*n))
	}
}

func (w *schemaHasher) optFloat(f *float64) {
	w.bool(f != nil)
	if f != nil {
		w.uint(math.Float64bits(*f))
	}
}

// value writes a default, example or enum value as its JSON.
func (w *schemaHasher) value(v any) {
	data, err := json.Marshal(v)
	if err != nil && w.err == nil {
		w.err = err
	}
	w.str(string(data))
}

func (w *schemaHasher) optValue(v *apiextensions.JSON) {
	w.bool(v != nil)
	if v != nil {
		w.value(*v)
	}
}

func (w *schemaHasher) schemas(list []apiextensions.JSONSchemaProps) {
	w.bool(list == nil)
	w.uint(uint64(len(list)))
	for i := range list {
		w.schema(&list[i])
	}
}

func (w *schemaHasher) schemaMap(m map[string]apiextensions.JSONSchemaProps) {
	w.bool(m == nil)
	w.uint(uint64(len(m)))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		w.str(k)
		s := m[k]
		w.schema(&s)
	}
}

func (w *schemaHasher) optSchema(s *apiextensions.JSONSchemaProps) {
	w.bool(s != nil)
	if s != nil {
		w.schema(s)
	}
}

func (w *schemaHasher) orBool(b *apiextensions.JSONSchemaPropsOrBool) {
	w.bool(b != nil)
	if b != nil {
		w.bool(b.Allows)
		w.optSchema(b.Schema)
	}
}

// schema writes s: its digest if it has rules, else its content.
func (w *schemaHasher) schema(s *apiextensions.JSONSchemaProps) {
	if len(s.XValidations) > 0 {
		d := w.digest(s)
		w.buf = append(append(w.buf, 'd'), d[:]...)
		w.grew()
		return
	}
	w.buf = append(w.buf, 's')
	w.content(s)
}

// content writes every field of s but description and title, in the
// order of the type's declaration.
func (w *schemaHasher) content(s *apiextensions.JSONSchemaProps) {
	w.str(s.ID)
	w.str(string(s.Schema))
	w.optStr(s.Ref)
	w.str(s.Type)
	w.bool(s.Nullable)
	w.str(s.Format)
	w.optValue(s.Default)
	w.optFloat(s.Maximum)
	w.bool(s.ExclusiveMaximum)
	w.optFloat(s.Minimum)
	w.bool(s.ExclusiveMinimum)
	w.optInt(s.MaxLength)
	w.optInt(s.MinLength)
	w.str(s.Pattern)
	w.optInt(s.MaxItems)
	w.optInt(s.MinItems)
	w.bool(s.UniqueItems)
	w.optFloat(s.MultipleOf)
	w.bool(s.Enum == nil)
	w.uint(uint64(len(s.Enum)))
	for _, e := range s.Enum {
		w.value(e)
	}
	w.optInt(s.MaxProperties)
	w.optInt(s.MinProperties)
	w.strs(s.Required)
	w.bool(s.Items != nil)
	if s.Items != nil {
		w.optSchema(s.Items.Schema)
		w.schemas(s.Items.JSONSchemas)
	}
	w.schemas(s.AllOf)
	w.schemas(s.OneOf)
	w.schemas(s.AnyOf)
	w.optSchema(s.Not)
	w.schemaMap(s.Properties)
	w.orBool(s.AdditionalProperties)
	w.schemaMap(s.PatternProperties)
	w.bool(s.Dependencies == nil)
	w.uint(uint64(len(s.Dependencies)))
	for _, k := range slices.Sorted(maps.Keys(s.Dependencies)) {
		w.str(k)
		d := s.Dependencies[k]
		w.optSchema(d.Schema)
		w.strs(d.Property)
	}
	w.orBool(s.AdditionalItems)
	w.schemaMap(s.Definitions)
	w.bool(s.ExternalDocs != nil)
	if d := s.ExternalDocs; d != nil {
		w.str(d.Description)
		w.str(d.URL)
	}
	w.optValue(s.Example)
	w.optBool(s.XPreserveUnknownFields)
	w.bool(s.XEmbeddedResource)
	w.bool(s.XIntOrString)
	w.strs(s.XListMapKeys)
	w.optStr(s.XListType)
	w.optStr(s.XMapType)
	w.bool(s.XValidations == nil)
	w.uint(uint64(len(s.XValidations)))
	for _, r := range s.XValidations {
		w.str(r.Rule)
		w.str(r.Message)
		w.str(r.MessageExpression)
		w.optStr((*string)(r.Reason))
		w.str(r.FieldPath)
		w.optBool(r.OptionalOldSelf)
	}
}
