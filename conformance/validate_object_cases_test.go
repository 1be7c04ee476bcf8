package conformance

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// objCase is one request of the differential of ValidateObject: obj
// created, or replacing old (the stored object) when old is not nil.
type objCase struct {
	crd      *objCRD
	version  *objVersion
	mutation string // "" for none: a valid object, or an update to one
	from     string // on update, the version old is stored in when not obj's
	obj, old []byte
}

// kind names the case's class for the counts: create or update, mutated
// or not, with CEL rules or not.
func (c *objCase) kind() string {
	k := "create"
	if c.old != nil {
		k = "update"
	}
	if c.mutation == "" {
		k += " valid"
	} else {
		k += " mutated"
	}
	if c.version.rules > 0 {
		k += " with CEL"
	}
	if c.old != nil && c.version.transition {
		k += " (oldSelf)"
	}
	if c.from != "" {
		k += " (old in another version)"
	}
	if strings.HasPrefix(c.mutation, "old ") {
		k += " (invalid old: ratcheting)"
	}
	return k
}

// objPool is the CRD versions that cases draw from.
type objPool struct {
	entries    []objEntry
	corpus     []objEntry // the entries of corpus CRDs
	generated  []objEntry // and of generated ones
	transition []objEntry // the entries with a rule that reads oldSelf
}

type objEntry struct {
	crd     *objCRD
	version *objVersion
}

var (
	objPoolOnce sync.Once
	objPoolVal  *objPool
	objPoolLog  string
)

// loadObjPool reads the corpus and generated CRDs that the API server
// accepts, and keeps each served version whose objects the reference can
// handle: a first valid object of it runs through kubeCustomResource
// without an error that is not a validation error.
func loadObjPool(t *testing.T) *objPool {
	objPoolOnce.Do(func() {
		p := &objPool{}
		var log strings.Builder
		docs, err := loadCorpus()
		if err != nil {
			fmt.Fprintf(&log, "corpus not available: %v\n", err)
		}
		seen := map[string]bool{}
		var crds []*objCRD
		for _, d := range docs {
			if seen[string(d.json)] {
				continue
			}
			seen[string(d.json)] = true
			if c, ok := newObjCRD("corpus "+d.label, d.json); ok {
				crds = append(crds, c)
			}
		}
		corpus := len(crds)
		for _, doc := range acceptedCRDs(*objGenerated) {
			if c, ok := newObjCRD("generated", doc); ok {
				crds = append(crds, c)
			}
		}
		dropped := 0
		var mu sync.Mutex
		type versionRef struct {
			c *objCRD
			i int
		}
		var all []versionRef
		for _, c := range crds {
			for i := range c.versions {
				all = append(all, versionRef{c, i})
			}
		}
		ok := make([]bool, len(all))
		parallel(len(all), func(i int) {
			ref := all[i]
			g := &objGen{r: rand.New(rand.NewPCG(1, uint64(i))), budget: 20}
			obj := encodeObj(g.resource(ref.c, &ref.c.versions[ref.i]))
			_, err := kubeSafe(ref.c.json, obj, nil)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				fmt.Fprintf(&log, "dropped %s (%s) %s: %s\n", ref.c.name, ref.c.source, ref.c.versions[ref.i].name, clip(err.Error(), 200))
			}
			ok[i] = err == nil
		})
		for i, ref := range all {
			if ok[i] {
				e := objEntry{ref.c, &ref.c.versions[ref.i]}
				p.entries = append(p.entries, e)
				if ref.c.source == "generated" {
					p.generated = append(p.generated, e)
				} else {
					p.corpus = append(p.corpus, e)
				}
				if e.version.transition {
					p.transition = append(p.transition, e)
				}
			} else {
				dropped++
			}
		}
		fmt.Fprintf(&log, "pool: %d corpus CRDs, %d generated, %d served versions kept (%d with transition rules), %d dropped (the reference failed on them)\n",
			corpus, len(crds)-corpus, len(p.entries), len(p.transition), dropped)
		objPoolVal, objPoolLog = p, log.String()
	})
	if objPoolVal == nil || len(objPoolVal.entries) == 0 {
		t.Fatalf("no CRD versions to draw from: %s", objPoolLog)
	}
	return objPoolVal
}

// acceptedCRDs returns n CRDs of randomWholeCRD, from a fixed seed, that
// the API server accepts on create. Unlike validSeeds, it asks the server
// alone, so that the CRDs do not change with package crd's verdicts.
func acceptedCRDs(n int) [][]byte {
	r := rand.New(rand.NewPCG(3, 5))
	var out [][]byte
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		manifest := randomWholeCRD(r)
		k, err := kubernetesVerdict(manifest, nil)
		if err == nil && k.fatal == "" && k.strict == "" && len(k.errs) == 0 {
			out = append(out, manifest)
		}
	}
	return out
}

// newCase draws case i of the run with seed: a create of a valid object
// (two in five), a create of a mutated one (three in ten) or an update
// (three in ten) of a stored object by a changed or mutated one; a
// quarter of the updates replace a stored object that a mutation made
// invalid, for ratcheting. cel false draws from versions without rules.
func (p *objPool) newCase(seed uint64, i int, cel bool) *objCase {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	g := &objGen{r: r, budget: 20 + r.IntN(40)}
	var e objEntry
	for tries := 0; ; tries++ {
		// One case in twenty from a generated CRD, so that the cases of
		// the corpus do not depend on how many versions those have.
		from := p.corpus
		if r.IntN(20) == 0 && len(p.generated) > 0 {
			from = p.generated
		}
		e = from[r.IntN(len(from))]
		if cel || e.version.rules == 0 || tries > 1000 {
			break
		}
	}
	if cel && len(p.transition) > 0 && r.IntN(8) == 0 {
		// Versions with transition rules, updated more often than
		// their share of the pool.
		e = p.transition[r.IntN(len(p.transition))]
	}
	c := &objCase{crd: e.crd, version: e.version}
	obj := g.resource(e.crd, e.version)
	switch k := r.IntN(10); {
	case k < 4:
		c.obj = encodeObj(obj)
	case k < 7:
		c.mutation = g.mutate(e.crd, e.version, obj, objMutations, objMetaMutations)
		c.obj = encodeObj(obj)
		if r.IntN(50) == 0 {
			c.mutation += ", bytes " + mangleBytes(r, &c.obj)
		}
	default:
		var from string
		if len(e.crd.versions) > 1 && r.IntN(5) == 0 {
			// The live object is stored in another version.
			w := &e.crd.versions[r.IntN(len(e.crd.versions))]
			if w.name != e.version.name {
				obj = g.resource(e.crd, w)
				from = w.name
			}
		}
		old := storedFor(e.crd, obj)
		c.from = from
		version := func(m map[string]any) map[string]any {
			m["apiVersion"] = e.crd.group + "/" + e.version.name
			return m
		}
		if r.IntN(4) == 0 {
			// Ratcheting: the stored object breaks a rule; the update
			// keeps the broken value and changes something else, or not.
			c.mutation = "old " + g.mutate(e.crd, e.version, old, objMutations)
			c.old = encodeObj(old)
			obj = version(pruneClone(old).(map[string]any))
			undup(obj)
			if r.IntN(3) != 0 {
				c.mutation += ", then " + g.mutate(e.crd, e.version, obj, objUpdateMutations[2:])
			}
			c.obj = encodeObj(obj)
			return c
		}
		c.old = encodeObj(old)
		obj = version(pruneClone(old).(map[string]any))
		if r.IntN(6) != 0 {
			c.mutation = g.mutate(e.crd, e.version, obj, objMutations, objMetaMutations, objUpdateMutations)
		}
		c.obj = encodeObj(obj)
	}
	return c
}

// mutate applies one applicable mutation of the lists to obj and returns
// its name.
func (g *objGen) mutate(c *objCRD, v *objVersion, obj map[string]any, lists ...[]objMutation) string {
	var all []objMutation
	for _, l := range lists {
		all = append(all, l...)
	}
	for range 20 {
		m := all[g.r.IntN(len(all))]
		if m.apply(g, c, v, obj) {
			return m.name
		}
	}
	return "none applicable"
}

// undup replaces the duplicate keys of obj by the value the decoder keeps.
func undup(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if d, ok := x.(dupKey); ok {
				v[k] = d.last
				x = d.last
			}
			undup(x)
		}
	case []any:
		for _, x := range v {
			undup(x)
		}
	}
}

// storedFor returns obj as the API server stored it on create, with
// resourceVersion "1": the reference's Stored when the create passes,
// else obj itself, decoded from storage without validation.
func storedFor(c *objCRD, obj map[string]any) map[string]any {
	stored := obj
	if res, err := kubeSafe(c.json, encodeObj(obj), nil); err == nil && res.Stored != nil {
		if m, ok := pruneClone(res.Stored).(map[string]any); ok {
			stored = m
		}
	} else {
		stored = pruneClone(obj).(map[string]any)
	}
	metaOf(stored)["resourceVersion"] = "1"
	return stored
}

// mangleBytes breaks the JSON of a case at the byte level: truncated, a
// byte changed, or deeply nested; it returns what it did.
func mangleBytes(r *rand.Rand, data *[]byte) string {
	b := *data
	switch r.IntN(3) {
	case 0:
		*data = b[:r.IntN(len(b))]
		return "truncated"
	case 1:
		c := append([]byte(nil), b...)
		const junk = "{}[]\",:x0\x00"
		c[r.IntN(len(c))] = junk[r.IntN(len(junk))]
		*data = c
		return "byte changed"
	}
	deep := strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000)
	*data = []byte(strings.Replace(string(b), `"metadata":`, `"deep":`+deep+`,"metadata":`, 1))
	return "deeply nested"
}

// kubeSafe is kubeCustomResource with a panic of the server's code made
// an error.
func kubeSafe(crdJSON, objJSON, oldJSON []byte) (res kubeCRResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("reference panicked: %v", p)
		}
	}()
	return kubeCustomResource(crdJSON, objJSON, oldJSON)
}
