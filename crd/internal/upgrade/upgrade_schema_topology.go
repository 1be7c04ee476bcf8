package upgrade

import (
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// topology reports a change of x-kubernetes-list-type (with its
// x-kubernetes-list-map-keys) or x-kubernetes-map-type, which changes how
// server-side apply merges the field and, for a list becoming a set or a
// map, makes lists with repeated items or keys invalid. A missing list
// type is atomic and a missing map type granular, as the server reads
// them, so that spelling out the default is no change. A type dropped for
// the default is reported at the field, where the keyword no longer is.
func (c *schemaComparison) topology(old, new *api.JSONSchemaProps, at *place) {
	ol, nl := orDefault(old.XListType, "atomic"), orDefault(new.XListType, "atomic")
	if ol != nl || (nl == "map" && !slices.Equal(old.XListMapKeys, new.XListMapKeys)) {
		msg := "x-kubernetes-list-type changes from " + describeListType(ol, old.XListMapKeys) + " to " + describeListType(nl, new.XListMapKeys) +
			": server-side apply merges it differently"
		switch nl {
		case "set":
			msg += ", and stored objects with repeated items fail validation"
		case "map":
			msg += ", and stored objects with repeated keys fail validation"
		}
		c.add(checkListTypeChanged, keywordPath(at.path(), "x-kubernetes-list-type", new.XListType != nil), at.field(), msg)
	}
	om, nm := orDefault(old.XMapType, "granular"), orDefault(new.XMapType, "granular")
	if om != nm {
		c.add(checkMapTypeChanged, keywordPath(at.path(), "x-kubernetes-map-type", new.XMapType != nil), at.field(),
			"x-kubernetes-map-type changes from "+om+" to "+nm+": server-side apply merges it differently")
	}
}

func orDefault(s *string, def string) string {
	if s == nil {
		return def
	}
	return *s
}

// describeListType returns "set", or "map" with its keys.
func describeListType(t string, keys []string) string {
	if t == "map" {
		return "map with keys " + strings.Join(keys, ", ")
	}
	return t
}
