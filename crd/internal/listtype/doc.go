// Package listtype checks the invariants of x-kubernetes-list-type set
// and map in a value, as the API server's
// k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype package
// (ValidateListSetsAndMaps) does: the items of a set are unique, and so
// are the keys (the x-kubernetes-list-map-keys fields) of the items of a
// map list, whose items must be objects or null. Errors have the
// server's field paths, types, values and messages, in its order, for
// example
//
//	spec.tags[2]: Duplicate value: "a"
//	spec.ports[1]: Duplicate value: {"name":"a"}
//	spec.ports[2]: Invalid value: "x": must be an object for an array of list-type map
//
// Values are those of crd's JSON model: nil, bool, string, int64,
// float64, []any and map[string]any. As in the server, scalars are equal
// when they are equal as Go values, so int64(1) and float64(1) (1 and
// 1.0 in JSON) are different items, while objects and lists are equal
// when their JSON is: [1] and [1.0] are the same item.
//
// Not in scope: building the schema (package structural), the other
// checks of a value (package openapi, package objectmeta), and the
// ratcheting of an update (the server skips this check when the old
// object fails it), which package crd does.
package listtype
