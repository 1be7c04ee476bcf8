package cel

import (
	"crypto/sha256"
	"reflect"
	"slices"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
)

func hashOf(s *apiextensions.JSONSchemaProps) [sha256.Size]byte {
	w := schemaHasher{h: sha256.New()}
	w.schema(s)
	w.flush()
	var sum [sha256.Size]byte
	w.h.Sum(sum[:0])
	return sum
}

// docFields are the fields of a schema that schemaHasher leaves out: its
// documentation, which compiling never reads.
var docFields = []string{"Description", "Title"}

// TestSchemaHasherFields checks that schemaHasher writes every field of
// the server's schema but docFields: setting any other one of them, in a
// schema or in one below it, changes the hash, and setting one of
// docFields does not. A field that a new Kubernetes adds fails the count.
func TestSchemaHasherFields(t *testing.T) {
	typ := reflect.TypeFor[apiextensions.JSONSchemaProps]()
	if n := typ.NumField(); n != 44 {
		t.Fatalf("apiextensions.JSONSchemaProps has %d fields; schemaHasher knows 44", n)
	}
	seen := map[[sha256.Size]byte]string{}
	add := func(name string, s *apiextensions.JSONSchemaProps) {
		sum := hashOf(s)
		if other, ok := seen[sum]; ok {
			t.Errorf("%s hashes as %s", name, other)
		}
		seen[sum] = name
	}
	empty := hashOf(&apiextensions.JSONSchemaProps{})
	add("empty", &apiextensions.JSONSchemaProps{})
	for _, name := range docFields {
		var s apiextensions.JSONSchemaProps
		reflect.ValueOf(&s).Elem().FieldByName(name).SetString("docs")
		if hashOf(&s) != empty {
			t.Errorf("%s changes the hash; compiling does not read it", name)
		}
	}
	for i := range typ.NumField() {
		f := typ.Field(i)
		if slices.Contains(docFields, f.Name) {
			continue
		}
		for j, v := range sampleValues(f.Type) {
			var s apiextensions.JSONSchemaProps
			reflect.ValueOf(&s).Elem().Field(i).Set(v)
			add(f.Name+"#"+string(rune('0'+j)), &s)
			// the same below a property
			add(f.Name+"#"+string(rune('0'+j))+" in a property", &apiextensions.JSONSchemaProps{Properties: map[string]apiextensions.JSONSchemaProps{"p": s}})
		}
	}
	// Lengths delimit strings: moving a byte from one to the next changes
	// the hash.
	add("ab,c", &apiextensions.JSONSchemaProps{ID: "ab", Type: "c"})
	add("a,bc", &apiextensions.JSONSchemaProps{ID: "a", Type: "bc"})
}

// sampleValues returns values of type t that differ from its zero value
// and from each other: for an optional or list type, an empty one and a
// full one.
func sampleValues(t reflect.Type) []reflect.Value {
	one := func(v any) reflect.Value { return reflect.ValueOf(v).Convert(t) }
	if t == reflect.TypeFor[apiextensions.JSONSchemaProps]() { // not the whole tree again
		return []reflect.Value{reflect.ValueOf(apiextensions.JSONSchemaProps{Type: "x"})}
	}
	switch t.Kind() {
	case reflect.String:
		return []reflect.Value{one("x")}
	case reflect.Bool:
		return []reflect.Value{one(true)}
	case reflect.Pointer:
		var out []reflect.Value
		zero := reflect.New(t.Elem())
		out = append(out, zero)
		for _, v := range sampleValues(t.Elem()) {
			p := reflect.New(t.Elem())
			p.Elem().Set(v)
			out = append(out, p)
		}
		return out
	case reflect.Float64:
		return []reflect.Value{one(1.5)}
	case reflect.Int64:
		return []reflect.Value{one(int64(7))}
	case reflect.Interface: // apiextensions.JSON
		return []reflect.Value{reflect.ValueOf(map[string]any{"a": "b"})}
	case reflect.Slice:
		full := reflect.MakeSlice(t, 1, 1)
		if vs := sampleValues(t.Elem()); len(vs) > 0 {
			full.Index(0).Set(vs[len(vs)-1])
		}
		return []reflect.Value{reflect.MakeSlice(t, 0, 0), full}
	case reflect.Map:
		full := reflect.MakeMap(t)
		if vs := sampleValues(t.Elem()); len(vs) > 0 {
			full.SetMapIndex(reflect.ValueOf("k"), vs[len(vs)-1])
		}
		return []reflect.Value{reflect.MakeMap(t), full}
	case reflect.Struct:
		var out []reflect.Value
		for i := range t.NumField() {
			for _, v := range sampleValues(t.Field(i).Type) {
				s := reflect.New(t).Elem()
				s.Field(i).Set(v)
				out = append(out, s)
			}
		}
		return out
	}
	panic("sampleValues: " + t.String())
}

// TestDigestsKeepKeys checks that the digests a walk keeps change no key:
// compileKey gives each schema with rules of a tree, taken from the bottom
// up with one digests map as the checker's walk takes them, the key it
// gives with none kept, and a change deep down still changes the key of
// the root in a new walk.
func TestDigestsKeepKeys(t *testing.T) {
	rule := func(r string) apiextensions.ValidationRules { return apiextensions.ValidationRules{{Rule: r}} }
	// Each schema has rules of its own, as the converted schemas the
	// checker walks have.
	leaf := func(deep string) apiextensions.JSONSchemaProps {
		return apiextensions.JSONSchemaProps{Type: "string", XValidations: rule("self != ''"), Format: deep}
	}
	tree := func(deep string) *apiextensions.JSONSchemaProps {
		mid := apiextensions.JSONSchemaProps{Type: "object", XValidations: rule("has(self.leaf)"),
			Properties: map[string]apiextensions.JSONSchemaProps{"leaf": leaf(deep), "plain": {Type: "integer"}}}
		item := leaf(deep)
		return &apiextensions.JSONSchemaProps{Type: "object", XValidations: rule("has(self.mid)"),
			Properties: map[string]apiextensions.JSONSchemaProps{"mid": mid},
			Items:      &apiextensions.JSONSchemaPropsOrArray{Schema: &item}}
	}
	envSet, loader := envSetFor(Newest), schemacel.NewExpressionsEnvLoader()
	key := func(s *apiextensions.JSONSchemaProps, root bool, d digests) [sha256.Size]byte {
		k, ok := compileKey(s, root, Newest, envSet, loader, d)
		if !ok {
			t.Fatal("compileKey: not ok")
		}
		return k
	}
	root := tree("a")
	mid := root.Properties["mid"]
	deep := mid.Properties["leaf"]
	walk := digests{}
	for _, c := range []struct {
		name string
		s    *apiextensions.JSONSchemaProps
		root bool
	}{{"leaf", &deep, false}, {"items", root.Items.Schema, false}, {"mid", &mid, false}, {"root", root, true}} {
		if got, want := key(c.s, c.root, walk), key(c.s, c.root, nil); got != want {
			t.Errorf("%s: key with the walk's digests differs from its key alone", c.name)
		}
	}
	if len(walk) != 4 {
		t.Errorf("the walk kept %d digests; want 4, one a schema with rules", len(walk))
	}
	if key(tree("b"), true, digests{}) == key(root, true, walk) {
		t.Error("a format two schemas down does not change the root's key")
	}
}
