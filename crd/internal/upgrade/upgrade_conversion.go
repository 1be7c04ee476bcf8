package upgrade

import (
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
)

// checkNoneConversion reports, for strategy None, the fields lost between
// each served version and the storage version: None only changes
// apiVersion, and the server prunes the object by the schema of the
// version it converts to. An object written through a served version V is
// stored as the storage version S, and loses what S does not specify; one
// read through V lacks what V does not specify, and loses it for good when
// written back through V. A CRD with spec.preserveUnknownFields prunes
// nothing.
func checkNoneConversion(c *api.CustomResourceDefinition) []Finding {
	if conversionStrategy(c) != api.NoneConverter || c.Spec.PreserveUnknownFields {
		return nil
	}
	s := storageVersion(c)
	if s == "" {
		return nil
	}
	storage := &c.Spec.Versions[versionIndex(c, s)]
	field := "spec.conversion.strategy"
	if c.Spec.Conversion == nil {
		field = "spec"
	}
	var fs []Finding
	for i := range c.Spec.Versions {
		v := &c.Spec.Versions[i]
		if !v.Served || v.Name == s {
			continue
		}
		var parts []string
		if lost := LostFields(versionSchema(v), versionSchema(storage)); len(lost) > 0 {
			parts = append(parts, "objects written through "+v.Name+" are stored as "+s+" and lose "+strings.Join(lost, ", "))
		}
		if lost := LostFields(versionSchema(storage), versionSchema(v)); len(lost) > 0 {
			parts = append(parts, "objects read through "+v.Name+" lack "+strings.Join(lost, ", ")+
				", and lose them when written back through "+v.Name)
		}
		if len(parts) > 0 {
			fs = append(fs, Finding{Check: checkNoneConversionDrops, Field: field, Version: v.Name,
				Message: "strategy None between " + v.Name + " and the storage version " + s + ", whose schemas differ: " +
					strings.Join(parts, "; ") + "; convert with a webhook, or give both versions the same fields"})
		}
	}
	return fs
}

// versionSchema returns v's openAPIV3Schema, or nil.
func versionSchema(v *api.Version) *api.JSONSchemaProps {
	if !api.HasSchema(v) {
		return nil
	}
	return v.Schema.OpenAPIV3Schema
}

// LostFields returns the paths of the fields that from specifies and that
// pruning by to removes, sorted: "spec.b", "spec.list[*].c" (an item of a
// list or a value of a map is written [*]). apiVersion, kind and metadata
// at the root are never pruned. A field that to keeps as unknown
// (x-kubernetes-preserve-unknown-fields, or any additionalProperties) is
// not lost; its own fields are not followed.
func LostFields(from, to *api.JSONSchemaProps) []string {
	var lost []string
	root := rootPlace("", "")
	collectLost(from, to, &root, true, &lost)
	slices.Sort(lost)
	return lost
}

// collectLost appends to lost the fields below at that from specifies and
// pruning by to removes. Only the fields of at are used: a field is
// written out only when lost.
func collectLost(from, to *api.JSONSchemaProps, at *place, root bool, lost *[]string) {
	if from == nil {
		return
	}
	if to == nil {
		to = &api.JSONSchemaProps{}
	}
	var fromChild, toChild api.JSONSchemaProps // reused, as in schemaComparison.node
	for name := range from.Properties {
		if root && (name == "apiVersion" || name == "kind" || name == "metadata") {
			continue
		}
		child := at.property(name)
		var ok bool
		if toChild, ok = to.Properties[name]; ok {
			fromChild = from.Properties[name]
			collectLost(&fromChild, &toChild, &child, false, lost)
			continue
		}
		if keepsUnknown(to) {
			continue
		}
		*lost = append(*lost, child.field())
	}
	if from.Items != nil && from.Items.Schema != nil && to.Items != nil && to.Items.Schema != nil {
		child := at.below("items", "", false, itemField)
		collectLost(from.Items.Schema, to.Items.Schema, &child, false, lost)
	}
	if from.AdditionalProperties != nil && to.AdditionalProperties != nil {
		child := at.below("additionalProperties", "", false, itemField)
		collectLost(from.AdditionalProperties.Schema, to.AdditionalProperties.Schema, &child, false, lost)
	}
}

// keepsUnknown reports whether pruning by s keeps fields it does not
// specify.
func keepsUnknown(s *api.JSONSchemaProps) bool {
	return (s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields) || s.AdditionalProperties != nil
}

// joinField returns the object path of the field name below path.
func joinField(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// checkConversionChanges reports a change of conversion strategy, and,
// with strategy Webhook, every served version that the live object did
// not serve: the webhook deployed must convert it before the CRD changes.
func checkConversionChanges(old, new *api.CustomResourceDefinition) []Finding {
	var fs []Finding
	from, to := conversionStrategy(old), conversionStrategy(new)
	field := "spec.conversion.strategy"
	if new.Spec.Conversion == nil {
		field = "spec"
	}
	if from != to {
		msg := "the conversion strategy changes from " + from + " to " + to
		if to == api.WebhookConverter {
			msg += ": the webhook must be deployed and answering before this CRD is applied, or every read of a version other than the stored one fails"
		} else {
			msg += ": versions are then converted by changing apiVersion alone, and fields their schemas do not share are pruned"
		}
		fs = append(fs, Finding{Check: checkConversionChanged, Field: field, Message: msg})
	}
	if to != api.WebhookConverter {
		return fs
	}
	for i, v := range new.Spec.Versions {
		if !v.Served {
			continue
		}
		if j := sameVersion(old, new, i); j >= 0 && old.Spec.Versions[j].Served {
			continue
		}
		fs = append(fs, Finding{Check: checkWebhookMissing, Field: upgradeVersionPath(new, v.Name), Version: v.Name,
			Message: v.Name + " is newly served and converted by the webhook: the webhook running must convert to and from " +
				v.Name + " before this CRD is applied, or requests for it fail" + webhookTarget(new)})
	}
	return fs
}

// webhookTarget names c's conversion webhook, as " (service NS/NAME)" or
// " (URL)", or "" when it has none.
func webhookTarget(c *api.CustomResourceDefinition) string {
	conv := c.Spec.Conversion
	if conv == nil || conv.Webhook == nil || conv.Webhook.ClientConfig == nil {
		return ""
	}
	cc := conv.Webhook.ClientConfig
	switch {
	case cc.Service != nil:
		return " (service " + cc.Service.Namespace + "/" + cc.Service.Name + ")"
	case cc.URL != nil:
		return " (" + *cc.URL + ")"
	}
	return ""
}
