package crd

import (
	"github.com/kubeversion/kubeversion/crd/internal/defaulting"
	"github.com/kubeversion/kubeversion/crd/internal/prune"
	"github.com/kubeversion/kubeversion/crd/internal/structural"
)

// Default sets in obj, a custom resource read from JSON, the defaults of
// the schema s, as the API server does to every object it reads, from a
// request or from etcd: first it removes the null fields whose schema is
// neither nullable nor has a default
// (defaulting.PruneNonNullableNullsWithoutDefaults), then it sets each
// default that obj lacks, or holds as null where its schema is not
// nullable (defaulting.Default), defaults inside defaults included. For
// example, with the schema
//
//	{"type": "object", "properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "integer", "default": 1}}}}}
//
// Default turns {"spec": {}} into {"spec": {"replicas": 1}}; without a
// spec it sets none, as spec has no default.
//
// Fields that s does not specify are left alone (pruning them is
// [Prune]'s business), and so is a value of another type than its schema
// says. A default of null counts as none. obj gets copies of the
// defaults, never the values of s. Values are those of the JSON model of
// [JSON]. A nil obj or s changes nothing.
func Default(obj map[string]any, s *JSONSchemaProps) {
	if obj == nil || s == nil {
		return
	}
	m := structural.Pruning(s)
	prune.Nulls(obj, m)
	defaulting.Default(obj, m)
}
