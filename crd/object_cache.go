package crd

import "sync"

// NewObjectValidator returns an ObjectValidator with the CEL evaluator
// cel (nil for none) that keeps what it builds to serve a CRD's version
// (the structural model of its schema, its compiled patterns), by the
// CRD's address, so that validating many objects of one CRD builds them
// once: an ObjectValidator{CEL: cel} builds them on every call. A CRD
// must not change while such a validator is in use. It is safe for
// concurrent use, as the zero ObjectValidator is. For example:
//
//	v := crd.NewObjectValidator(nil)
//	for _, obj := range objects {
//		res, err := v.ValidateObject(c, obj)
//		...
//	}
func NewObjectValidator(cel CELEvaluator) ObjectValidator {
	return ObjectValidator{CEL: cel, servings: &servingCache{m: map[servingKey]*objectServing{}}}
}

// servingCache holds servings by CRD and version.
type servingCache struct {
	mu sync.Mutex
	m  map[servingKey]*objectServing
}

type servingKey struct {
	crd     *CustomResourceDefinition
	version string
}

// maxServings bounds a servingCache; past it, the cache starts over.
const maxServings = 1024

// serving returns the serving of c's version, from the cache when it has
// it (a nil cache has nothing).
func (sc *servingCache) serving(c *CustomResourceDefinition, version string) (*objectServing, error) {
	if sc == nil {
		return versionServing(c, version)
	}
	key := servingKey{c, version}
	sc.mu.Lock()
	s, ok := sc.m[key]
	sc.mu.Unlock()
	if ok {
		return s, nil
	}
	s, err := versionServing(c, version)
	if err != nil {
		return nil, err
	}
	sc.mu.Lock()
	if len(sc.m) >= maxServings {
		clear(sc.m)
	}
	sc.m[key] = s
	sc.mu.Unlock()
	return s, nil
}
