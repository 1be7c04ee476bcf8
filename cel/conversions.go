package cel

import (
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"

	"github.com/kubeversion/kubeversion/crd"
)

// keptConversions is how many converted schemas a Checker keeps: those of
// the versions of one CRD, most often.
const keptConversions = 8

// conversions keeps the last schemas converted to the server's type, by
// address, the oldest replaced first. The schemas it keeps stay alive, so
// that no other schema takes their address.
type conversions struct {
	of       [keptConversions]*crd.JSONSchemaProps
	internal [keptConversions]*apiextensions.JSONSchemaProps
	next     int
}

// get returns the conversion of s, or nil.
func (c *conversions) get(s *crd.JSONSchemaProps) *apiextensions.JSONSchemaProps {
	for i, of := range c.of {
		if of == s {
			return c.internal[i]
		}
	}
	return nil
}

// add keeps internal as the conversion of s.
func (c *conversions) add(s *crd.JSONSchemaProps, internal *apiextensions.JSONSchemaProps) {
	c.of[c.next], c.internal[c.next] = s, internal
	c.next = (c.next + 1) % keptConversions
}
