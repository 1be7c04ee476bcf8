package conversion

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
)

// Step converts obj, a custom resource whose apiVersion is the step's
// from-version, to its to-version. It may change obj and return it; the
// [Converter] sets apiVersion afterwards. For example, a step from v1beta1
// to v1 of the CronTab of the Kubernetes docs:
//
//	func(obj map[string]any) (map[string]any, error) {
//		spec := obj["spec"].(map[string]any)
//		spec["schedule"] = spec["cronSpec"]
//		delete(spec, "cronSpec")
//		return obj, nil
//	}
type Step func(obj map[string]any) (map[string]any, error)

// Converter converts the custom resources of one group between versions by
// composing steps: with steps v1alpha1<->v1beta1 and v1beta1<->v1, it
// converts v1alpha1 to v1 through v1beta1. Register steps with
// [Converter.AddStep]; [Converter.Convert] is a [Func] for a [Handler]. The
// zero value has no steps. For example:
//
//	var c conversion.Converter
//	c.AddStep("v1beta1", "v1", up)
//	c.AddStep("v1", "v1beta1", down)
//	http.Handle("/convert", &conversion.Handler{Convert: c.Convert})
//
// A Converter is safe for concurrent use.
type Converter struct {
	mu    sync.RWMutex
	steps map[string]map[string]Step // from, to
	// routes caches Convert's routes between versions that have one;
	// entries are added under mu's read lock and cleared under its lock,
	// so that none outlives a change.
	routes sync.Map // routeKey -> *route
}

// routeKey is a conversion from a version to another.
type routeKey struct{ from, to string }

// route is how Convert goes from a version to another: the path, its
// steps, and the apiVersion after each step in group.
type route struct {
	path        []string
	steps       []Step
	group       string
	apiVersions []any // strings, boxed once
}

// apiVersionsIn returns the apiVersion after each step of rt in group.
func (rt *route) apiVersionsIn(group string) []any {
	if group == rt.group {
		return rt.apiVersions
	}
	return apiVersions(group, rt.path)
}

// apiVersions returns group/version for each version of path but the first.
func apiVersions(group string, path []string) []any {
	var out []any
	for _, v := range path[1:] {
		out = append(out, groupVersion{group, v}.String())
	}
	return out
}

// AddStep registers f as the conversion from version from to version to,
// both version names such as "v1beta1", replacing any step between them.
// Steps go one way: register the way back separately. For example,
// c.AddStep("v1beta1", "v1", up) and c.AddStep("v1", "v1beta1", down).
func (c *Converter) AddStep(from, to string, f Step) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.steps == nil {
		c.steps = map[string]map[string]Step{}
	}
	if c.steps[from] == nil {
		c.steps[from] = map[string]Step{}
	}
	c.steps[from][to] = f
	c.routes.Clear()
}

// Path returns the versions a conversion from version from to version to
// goes through, both included: the shortest chain of steps, and among
// those the first in the order of version names. It returns [from] when
// from == to, and nil when no steps lead from from to to. For example,
// with steps v1alpha1->v1beta1 and v1beta1->v1, Path("v1alpha1", "v1") is
// [v1alpha1 v1beta1 v1].
func (c *Converter) Path(from, to string) []string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.path(from, to)
}

// path is Path without the lock: a breadth-first search.
func (c *Converter) path(from, to string) []string {
	if from == to {
		return []string{from}
	}
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, next := range slices.Sorted(maps.Keys(c.steps[v])) {
			if _, seen := prev[next]; seen {
				continue
			}
			prev[next] = v
			if next == to {
				var p []string
				for w := to; w != from; w = prev[w] {
					p = append(p, w)
				}
				p = append(p, from)
				slices.Reverse(p)
				return p
			}
			queue = append(queue, next)
		}
	}
	return nil
}

// ErrNoPath is wrapped by the error [Converter.Convert] returns when no
// steps lead from the object's version to the desired one.
var ErrNoPath = errors.New("conversion: no steps lead")

// Convert converts obj to desiredAPIVersion ("group/version") along
// [Converter.Path], setting apiVersion after each step, and returns the
// result. The object's group must be that of desiredAPIVersion. An object
// already in desiredAPIVersion is returned as it is. An error of a step is
// wrapped with the versions it converts between, for example
//
//	conversion: v1beta1 to v1: spec.cronSpec is not a string
//
// Convert has the signature of a [Func].
func (c *Converter) Convert(obj map[string]any, desiredAPIVersion string) (map[string]any, error) {
	have, _ := obj["apiVersion"].(string)
	from, ok := parseGroupVersion(have)
	if !ok || from.version == "" {
		return nil, fmt.Errorf("conversion: apiVersion %q is not group/version", have)
	}
	to, ok := parseGroupVersion(desiredAPIVersion)
	if !ok || to.version == "" {
		return nil, fmt.Errorf("conversion: desired apiVersion %q is not group/version", desiredAPIVersion)
	}
	if from.group != to.group {
		return nil, fmt.Errorf("conversion: cannot convert group %q to group %q", from.group, to.group)
	}
	rt := c.route(routeKey{from.version, to.version}, to.group)
	path := rt.path
	if path == nil {
		return nil, fmt.Errorf("%w from %s to %s", ErrNoPath, from.version, to.version)
	}
	apiVersions := rt.apiVersionsIn(to.group)
	for i, step := range rt.steps {
		a, b := path[i], path[i+1]
		out, err := step(obj)
		if err != nil {
			return nil, fmt.Errorf("conversion: %s to %s: %w", a, b, err)
		}
		if out == nil {
			return nil, fmt.Errorf("conversion: %s to %s: the step returned no object", a, b)
		}
		out["apiVersion"] = apiVersions[i]
		obj = out
	}
	return obj, nil
}

// route returns the route of k, from the cache or found along
// [Converter.Path]; one with steps is cached, with its apiVersions in
// group. Others are not: requests can name any number of versions, but
// those with steps are among the Converter's.
func (c *Converter) route(k routeKey, group string) *route {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if rt, ok := c.routes.Load(k); ok {
		return rt.(*route)
	}
	rt := &route{path: c.path(k.from, k.to), group: group}
	if len(rt.path) < 2 {
		return rt
	}
	for i := 1; i < len(rt.path); i++ {
		rt.steps = append(rt.steps, c.steps[rt.path[i-1]][rt.path[i]])
	}
	rt.apiVersions = apiVersions(group, rt.path)
	c.routes.Store(k, rt)
	return rt
}
