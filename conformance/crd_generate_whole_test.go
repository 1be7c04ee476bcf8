package conformance

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
)

// Pools for the whole-CRD generator: the first entries of each break no
// rule (the count is in the from call), the rest each break one.
var (
	groupPool  = []string{"stable.example.com", "example.com", "a.b", "", "example", "Example.com", "-a.com", "a..b", strings.Repeat("g", 64) + ".com", "x.k8s.io", "apps.k8s.io", "a_b.com"}
	pluralPool = []string{"crontabs", "widgets", "", "CronTabs", "cron.tabs", "cron-tabs", "a_b", strings.Repeat("p", 64)}
	kindPool   = []string{"CronTab", "Widget", "", "cronTab", "Cron-Tab", "CronTabList", "1Cron", "Cron Tab"}
	scopePool  = []string{"Namespaced", "Cluster", "", "namespaced", "Global"}
	shortPool  = [][]any{{"ct"}, {"ct", "cts"}, {""}, {"CT"}, {"ct", "ct"}, {"c t"}, {"crontabs"}}
	catPool    = [][]any{{"all"}, {"all", "mine"}, {""}, {"all", "all"}, {"A l"}}
	colTypes   = []string{"string", "integer", "number", "boolean", "date", "", "object", "String"}
	colFormats = []string{"", "int32", "date-time", "password", "byte", "bad"}
	jsonPaths  = []string{".spec.a", ".metadata.creationTimestamp", ".status.replicas", "", "spec.a", ".spec[0]", ".spec.a[*]", ".", "{.spec.a}", ".spec..a"}
	specPaths  = []string{".spec.a", ".spec.replicas", ".status.replicas", "", "spec.replicas", ".spec[0]", ".metadata.name", ".spec.b", ".status.labelSelector", ".spec.items[*].name", ".spec['a']", ".metadata.labels"}
)

// randomWholeCRD returns a v1 CustomResourceDefinition as JSON that meets
// the rules of the whole object: metadata, group, names, scope, schemas
// with every keyword, defaults, printer columns, subresources, selectable
// fields, conversion, stored versions. As in randomCRD, chaos varies from
// case to case, so that valid objects and objects with one error come up
// as often as objects broken everywhere.
func randomWholeCRD(r *rand.Rand) []byte {
	obj := wholeCRD(r)
	out, err := json.Marshal(obj)
	if err != nil {
		panic(err)
	}
	return out
}

func wholeCRD(r *rand.Rand) map[string]any {
	chaos := []int{2, 6, 20, 60}[r.IntN(4)]
	g := &schemaGen{r: r, chaos: chaos, cel: r.IntN(8) == 0}
	group := from(r, chaos, groupPool, 3)
	plural := from(r, chaos, pluralPool, 2)
	kind := from(r, chaos, kindPool, 2)
	names := map[string]any{"plural": plural, "kind": kind}
	if r.IntN(chaos) > 0 || r.IntN(2) == 0 {
		names["singular"] = strings.ToLower(kind)
	}
	if r.IntN(chaos) > 0 || r.IntN(2) == 0 {
		names["listKind"] = kind + "List"
	}
	if r.IntN(4) == 0 {
		names["shortNames"] = from(r, chaos, shortPool, 2)
	}
	if r.IntN(5) == 0 {
		names["categories"] = from(r, chaos, catPool, 2)
	}
	if r.IntN(chaos*2) == 0 {
		names[oneOf(r, "singular", "listKind")] = oneOf(r, "Bad Name", "", "crontabs", "x.y", kind)
	}
	meta := map[string]any{"name": plural + "." + group}
	switch {
	case r.IntN(chaos) == 0:
		meta["name"] = oneOf(r, "", "wrong.example.com", "Crontabs."+group, plural+"."+group+".")
	case r.IntN(chaos*2) == 0:
		delete(meta, "name")
		meta["generateName"] = oneOf(r, "crontabs.", "x-")
	}
	if r.IntN(6) == 0 {
		meta["labels"] = from(r, chaos, []map[string]any{{"app": "x"}, {"a/b": "c"}, {"a b": "c"}, {"app": "bad value!"}, {"": "x"}}, 2)
	}
	if r.IntN(6) == 0 || strings.HasSuffix(group, "k8s.io") {
		meta["annotations"] = from(r, chaos, []map[string]any{
			{"api-approved.kubernetes.io": "https://github.com/kubernetes/enhancements/pull/1111"},
			{"note": "x"}, {"api-approved.kubernetes.io": "unapproved, experimental"}, {"api-approved.kubernetes.io": ""},
			{"bad key!": "x"},
		}, 2)
	}
	if r.IntN(chaos*3) == 0 {
		meta[oneOf(r, "namespace", "finalizers", "resourceVersion")] = oneOf[any](r, "default", []any{"a/b"}, "12")
	}

	nv := 1 + r.IntN(3)
	if r.IntN(chaos*2) == 0 {
		nv = r.IntN(4)
	}
	storage := r.IntN(max(nv, 1))
	shared := g.rootSchema()
	// Now and then a root default whose metadata the server's validation
	// coerces in place: the versions then differ only in how their
	// defaults write the same metadata, and the errors that print a schema
	// or the versions print it coerced.
	coerced := r.IntN(6) == 0
	if coerced {
		shared["default"] = coercibleDefault(r)
	}
	perVersion := r.IntN(3) == 0
	sharedSub := randomSubresources(r, chaos)
	sharedCols := randomColumns(r, chaos)
	versions := make([]any, nv)
	names0 := r.Perm(validNames)
	for i := range versions {
		name := namePool[names0[i%validNames]]
		if r.IntN(chaos*3) == 0 {
			name = namePool[r.IntN(len(namePool))]
		}
		v := map[string]any{"name": name, "served": r.IntN(chaos*2) > 0, "storage": i == storage || r.IntN(chaos*4) == 0}
		schema := shared
		if perVersion {
			schema = g.rootSchema()
		}
		if r.IntN(chaos*3) > 0 {
			s := clone(schema)
			if coerced && r.IntN(2) == 0 {
				s["default"] = coercibleDefault(r)
			}
			if props, ok := s["properties"].(map[string]any); ok && r.IntN(30) == 0 {
				// a selectable field in metadata, which the schema describes
				props["metadata"] = map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}
				v["selectableFields"] = []any{map[string]any{"jsonPath": ".metadata.name"}}
			}
			v["schema"] = map[string]any{"openAPIV3Schema": s}
		}
		sub, cols := sharedSub, sharedCols
		if perVersion {
			sub, cols = randomSubresources(r, chaos), randomColumns(r, chaos)
		}
		if sub != nil {
			v["subresources"] = clone(sub)
		}
		if cols != nil {
			v["additionalPrinterColumns"] = clone(cols)
		}
		if _, set := v["selectableFields"]; !set && r.IntN(5) == 0 {
			var fields []any
			for range 1 + r.IntN(3) {
				fields = append(fields, map[string]any{"jsonPath": from(r, chaos, specPaths, 2)})
			}
			if r.IntN(chaos*4) == 0 {
				for range 8 {
					fields = append(fields, map[string]any{"jsonPath": ".spec.a"})
				}
			}
			v["selectableFields"] = fields
		}
		if r.IntN(6) == 0 {
			v["deprecated"] = true
			v["deprecationWarning"] = from(r, chaos, warningPool, validWarnings)
		}
		versions[i] = v
	}
	spec := map[string]any{
		"group":    group,
		"names":    names,
		"scope":    from(r, chaos, scopePool, 2),
		"versions": versions,
	}
	if r.IntN(chaos*2) == 0 {
		spec["preserveUnknownFields"] = r.IntN(2) == 0
	}
	if conv := randomConversion(r, chaos); conv != nil {
		spec["conversion"] = conv
	}
	obj := map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   meta,
		"spec":       spec,
	}
	if r.IntN(chaos*2) == 0 {
		obj["status"] = map[string]any{
			"storedVersions": []any{"v1"},
			"acceptedNames":  map[string]any{"plural": oneOf(r, "crontabs", "Bad"), "kind": oneOf(r, "CronTab", "")},
		}
	}
	return obj
}

// coercibleDefault returns the default of a resource whose metadata,
// written in one of several ways, the API server's validation of defaults
// rewrites in place as {}; now and then apiVersion or kind is missing.
func coercibleDefault(r *rand.Rand) map[string]any {
	def := map[string]any{"apiVersion": "a/v1", "kind": "K", "metadata": emptyMetadata(r)}
	if r.IntN(4) == 0 {
		delete(def, oneOf(r, "apiVersion", "kind"))
	}
	return def
}

// emptyMetadata returns metadata that coerces to {}: empty, or with an
// unknown field, an empty name or labels, a null creationTimestamp or a
// zero generation.
func emptyMetadata(r *rand.Rand) map[string]any {
	return oneOf(r, map[string]any{}, map[string]any{"unknownField": 1}, map[string]any{"name": ""},
		map[string]any{"labels": map[string]any{}}, map[string]any{"creationTimestamp": nil}, map[string]any{"generation": 0})
}

// randomSubresources returns a subresources object or nil.
func randomSubresources(r *rand.Rand, chaos int) map[string]any {
	if r.IntN(3) == 0 {
		return nil
	}
	sub := map[string]any{}
	if r.IntN(4) > 0 {
		sub["status"] = map[string]any{}
	}
	if r.IntN(3) == 0 {
		scale := map[string]any{
			"specReplicasPath":   from(r, chaos, specPaths, 2),
			"statusReplicasPath": from(r, chaos, []string{".status.replicas", ".status.ready", "", "status.replicas", ".spec.replicas", ".status[0]"}, 2),
		}
		if r.IntN(2) == 0 {
			scale["labelSelectorPath"] = from(r, chaos, []string{".status.labelSelector", ".spec.selector", "", "status.x", ".metadata.labels"}, 2)
		}
		if r.IntN(chaos*2) == 0 {
			delete(scale, oneOf(r, "specReplicasPath", "statusReplicasPath"))
		}
		sub["scale"] = scale
	}
	return sub
}

// randomColumns returns additionalPrinterColumns or nil.
func randomColumns(r *rand.Rand, chaos int) []any {
	if r.IntN(3) > 0 {
		return nil
	}
	var cols []any
	for range 1 + r.IntN(3) {
		c := map[string]any{
			"name":     from(r, chaos, []string{"Age", "Replicas", "", "Ünï", "Age"}, 2),
			"type":     from(r, chaos, colTypes, 5),
			"jsonPath": from(r, chaos, jsonPaths, 3),
		}
		if r.IntN(3) == 0 {
			c["format"] = from(r, chaos, colFormats, 3)
		}
		if r.IntN(3) == 0 {
			c["priority"] = from(r, chaos, []any{0, 1, -1}, 2)
		}
		if r.IntN(3) == 0 {
			c["description"] = "d"
		}
		if r.IntN(chaos*3) == 0 {
			delete(c, oneOf(r, "name", "type", "jsonPath"))
		}
		cols = append(cols, c)
	}
	return cols
}
