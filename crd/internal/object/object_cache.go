package object

import (
	"sync"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// NewServingCache returns an empty cache of servings, for a Validator
// that validates many objects of one CRD.
func NewServingCache() *ServingCache {
	return &ServingCache{m: map[servingKey]*objectServing{}}
}

// ServingCache holds servings by CRD and version.
type ServingCache struct {
	mu sync.Mutex
	m  map[servingKey]*objectServing
}

type servingKey struct {
	crd     *api.CustomResourceDefinition
	version string
}

// maxServings bounds a ServingCache; past it, the cache starts over.
const maxServings = 1024

// serving returns the serving of c's version, from the cache when it has
// it (a nil cache has nothing).
func (sc *ServingCache) serving(c *api.CustomResourceDefinition, version string) (*objectServing, error) {
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
