package conformance

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
)

// The pools the CRD generator draws from: small, so that names repeat
// between versions and between the old and the new object, and full of the
// values where rules change their answer.
var (
	namePool = []string{
		"v1", "v1beta1", "v2", "v1alpha1", "v2beta1", "foo", "v01", // valid
		"V1", "", "v1.0", "1v", "-v1", "v1-", "v_1", // invalid
		"v" + strings.Repeat("a", 62), // 63 bytes: valid
		"v" + strings.Repeat("a", 63), // 64 bytes: too long
		"V" + strings.Repeat("a", 70), // too long and invalid
	}
	warningPool = []string{
		"use v1 instead", " ", strings.Repeat("w", 256), strings.Repeat("é", 128), "ünïcödé ✓", // valid
		"", strings.Repeat("w", 257), strings.Repeat("é", 129),
		"tab\there", "new\nline", "nbsp\u00a0here", "bad \xff byte", "del \x7f", "\xff", strings.Repeat("x", 300) + "\t",
	}
	urlPool = []string{
		"https://example.com/convert", "http://example.com/convert", "https://", "https://user:pw@example.com",
		"https://example.com/c?x=1", "https://example.com/c#frag", "://missing-scheme", "https://exa mple.com",
		"example.com/convert", "", "https://[::1]:8443/convert",
	}
	pathPool   = []string{"", "/", "/convert", "/a/", "/a.b/c-d", "//", "convert", "/Convert", "/a//b", "/" + strings.Repeat("p", 254), "/-bad"}
	reviewPool = [][]string{
		{"v1"}, {"v1beta1", "v1"}, {"v1beta1"}, {"v1", "v2"}, // valid
		nil, {}, {"v2"}, {"v1", "v1"}, {"V1"}, {"v1", "bad_name"}, {""}, {"v2", "v2", "v3"}, {strings.Repeat("v", 64)},
	}
)

// validNames, validWarnings, validURLs, validPaths and validReviews count
// the leading entries of each pool that break no rule.
const validNames, validWarnings, validURLs, validPaths, validReviews = 7, 5, 1, 5, 4

// from returns an entry of pool: with probability 1/chaos one of any, else
// one of the first valid.
func from[T any](r *rand.Rand, chaos int, pool []T, valid int) T {
	if r.IntN(chaos) == 0 {
		return pool[r.IntN(len(pool))]
	}
	return pool[r.IntN(valid)]
}

// randomCRD returns a v1 CustomResourceDefinition as JSON. Half the cases
// are hostile, with a broken value at every turn; the other half are mostly
// valid, with one thing wrong now and then, so that every rule is met both
// alone and in company.
func randomCRD(r *rand.Rand) []byte {
	chaos := []int{1, 2, 12, 40}[r.IntN(4)]
	versions := make([]any, r.IntN(5))
	storage := r.IntN(len(versions) + 1)
	if chaos > 2 && len(versions) > 0 {
		storage = r.IntN(len(versions))
	}
	distinct := r.Perm(validNames) // calm cases give each version its own name
	for i := range versions {
		name := from(r, chaos, namePool, validNames)
		if chaos > 2 && r.IntN(chaos) > 0 {
			name = namePool[distinct[i]]
		}
		v := map[string]any{
			"name":    name,
			"served":  r.IntN(4) > 0,
			"storage": i == storage || r.IntN(chaos*3) == 0,
		}
		if r.IntN(3) == 0 {
			v["deprecated"] = true
			if r.IntN(2) == 0 {
				v["deprecationWarning"] = from(r, chaos, warningPool, validWarnings)
			}
		} else if r.IntN(chaos*2) == 0 {
			v["deprecationWarning"] = warningPool[r.IntN(len(warningPool))]
		}
		switch {
		case r.IntN(chaos*3) == 0: // no schema
		case r.IntN(chaos*6) == 0:
			v["schema"] = map[string]any{}
		default:
			v["schema"] = map[string]any{"openAPIV3Schema": map[string]any{"type": "object"}}
		}
		versions[i] = v
	}
	spec := map[string]any{
		"group":    "stable.example.com",
		"scope":    "Namespaced",
		"names":    map[string]any{"plural": "crontabs", "singular": "crontab", "kind": "CronTab", "listKind": "CronTabList"},
		"versions": versions,
	}
	if r.IntN(8) == 0 {
		delete(spec, "versions")
	}
	if conv := randomConversion(r, chaos); conv != nil {
		spec["conversion"] = conv
	}
	obj := map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": "crontabs.stable.example.com"},
		"spec":       spec,
	}
	switch {
	case chaos > 2 && storage < len(versions):
		name := versions[storage].(map[string]any)["name"]
		obj["status"] = map[string]any{"storedVersions": []any{name}}
	case r.IntN(2) == 0:
		stored := make([]string, r.IntN(4))
		for i := range stored {
			stored[i] = namePool[r.IntN(validNames)]
		}
		obj["status"] = map[string]any{"storedVersions": stored}
	}
	out, err := json.Marshal(obj)
	if err != nil {
		panic(err)
	}
	return out
}

func randomConversion(r *rand.Rand, chaos int) map[string]any {
	strategy := from(r, chaos, []string{"None", "Webhook", "", "Foo"}, 2)
	if r.IntN(5) == 0 {
		return nil
	}
	conv := map[string]any{"strategy": strategy}
	if strategy != "Webhook" && r.IntN(3) > 0 {
		return conv
	}
	webhook := map[string]any{}
	if rv := from(r, chaos, reviewPool, validReviews); rv != nil {
		webhook["conversionReviewVersions"] = rv
	}
	if r.IntN(6) > 0 {
		cc := map[string]any{}
		useURL := r.IntN(2) == 0
		if useURL || r.IntN(chaos*2) == 0 {
			cc["url"] = from(r, chaos, urlPool, validURLs)
		}
		if !useURL || r.IntN(chaos*2) == 0 {
			svc := map[string]any{}
			if r.IntN(chaos*2) > 0 {
				svc["namespace"] = "default"
			}
			if r.IntN(chaos*2) > 0 {
				svc["name"] = "converter"
			}
			if r.IntN(2) == 0 {
				svc["path"] = from(r, chaos, pathPool, validPaths)
			}
			if r.IntN(3) == 0 {
				svc["port"] = from(r, chaos, []int{443, 8443, 65535, 1, 0, 65536, -1}, 4)
			}
			cc["service"] = svc
		}
		webhook["clientConfig"] = cc
	}
	if r.IntN(8) > 0 {
		conv["webhook"] = webhook
	}
	return conv
}

// evolve returns a plausible next revision of a CRD: the same object with
// versions added, removed, reordered or re-flagged, so that updates meet
// the stored-version rules; or, now and then, an unrelated one.
func evolve(r *rand.Rand, old []byte) []byte {
	if r.IntN(5) == 0 {
		return randomCRD(r)
	}
	var obj map[string]any
	if err := json.Unmarshal(old, &obj); err != nil {
		panic(err)
	}
	spec := obj["spec"].(map[string]any)
	versions, _ := spec["versions"].([]any)
	for range 1 + r.IntN(2) {
		switch r.IntN(5) {
		case 0: // add a version
			versions = append(versions, map[string]any{
				"name": namePool[r.IntN(validNames)], "served": true, "storage": r.IntN(2) == 0,
				"schema": map[string]any{"openAPIV3Schema": map[string]any{"type": "object"}},
			})
		case 1: // remove one
			if len(versions) > 0 {
				i := r.IntN(len(versions))
				versions = append(versions[:i], versions[i+1:]...)
			}
		case 2: // move the storage flag
			for _, v := range versions {
				v.(map[string]any)["storage"] = false
			}
			if len(versions) > 0 {
				versions[r.IntN(len(versions))].(map[string]any)["storage"] = true
			}
		case 3: // deprecate one
			if len(versions) > 0 {
				versions[r.IntN(len(versions))].(map[string]any)["deprecated"] = true
			}
		case 4:
			spec["conversion"] = randomConversion(r, 4)
		}
	}
	spec["versions"] = versions
	delete(obj, "status") // a new revision is applied without status
	out, err := json.Marshal(obj)
	if err != nil {
		panic(err)
	}
	return out
}
