package crd

import (
	"slices"
	"strings"
)

// checkNoneConversion reports, for strategy None, the fields that each
// served version loses when its objects are read or written through
// another served version: None only changes apiVersion, and the server
// then prunes the object by the other version's schema. A CRD with
// spec.preserveUnknownFields prunes nothing.
func checkNoneConversion(c *CustomResourceDefinition) []Finding {
	if conversionStrategy(c) != NoneConverter || c.Spec.PreserveUnknownFields {
		return nil
	}
	field := "spec.conversion.strategy"
	if c.Spec.Conversion == nil {
		field = "spec"
	}
	var served []*Version
	for i := range c.Spec.Versions {
		if c.Spec.Versions[i].Served {
			served = append(served, &c.Spec.Versions[i])
		}
	}
	var fs []Finding
	for i, a := range served {
		for _, b := range served[i+1:] {
			for _, dir := range [2][2]*Version{{a, b}, {b, a}} {
				from, to := dir[0], dir[1]
				lost := lostFields(versionSchema(from), versionSchema(to))
				if len(lost) == 0 {
					continue
				}
				fs = append(fs, Finding{checkNoneConversionDrops, field, from.Name,
					"strategy None between " + from.Name + " and " + to.Name + " whose schemas differ: objects of " +
						from.Name + " lose " + strings.Join(lost, ", ") + " when read or written through " + to.Name +
						"; convert with a webhook, or give both versions the same fields"})
			}
		}
	}
	return fs
}

// versionSchema returns v's openAPIV3Schema, or nil.
func versionSchema(v *Version) *JSONSchemaProps {
	if !v.hasSchema() {
		return nil
	}
	return v.Schema.OpenAPIV3Schema
}

// lostFields returns the paths of the fields that from specifies and that
// pruning by to removes, sorted: "spec.b", "spec.list[*].c" (an item of a
// list or a value of a map is written [*]). apiVersion, kind and metadata
// at the root are never pruned. A field that to keeps as unknown
// (x-kubernetes-preserve-unknown-fields, or any additionalProperties) is
// not lost; its own fields are not followed.
func lostFields(from, to *JSONSchemaProps) []string {
	var lost []string
	collectLost(from, to, "", true, &lost)
	slices.Sort(lost)
	return lost
}

func collectLost(from, to *JSONSchemaProps, path string, root bool, lost *[]string) {
	if from == nil {
		return
	}
	if to == nil {
		to = &JSONSchemaProps{}
	}
	for name := range from.Properties {
		if root && (name == "apiVersion" || name == "kind" || name == "metadata") {
			continue
		}
		child := joinField(path, name)
		if toChild, ok := to.Properties[name]; ok {
			fromChild := from.Properties[name]
			collectLost(&fromChild, &toChild, child, false, lost)
			continue
		}
		if keepsUnknown(to) {
			continue
		}
		*lost = append(*lost, child)
	}
	if from.Items != nil && from.Items.Schema != nil && to.Items != nil && to.Items.Schema != nil {
		collectLost(from.Items.Schema, to.Items.Schema, path+"[*]", false, lost)
	}
	if from.AdditionalProperties != nil && to.AdditionalProperties != nil {
		collectLost(from.AdditionalProperties.Schema, to.AdditionalProperties.Schema, path+"[*]", false, lost)
	}
}

// keepsUnknown reports whether pruning by s keeps fields it does not
// specify.
func keepsUnknown(s *JSONSchemaProps) bool {
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
func checkConversionChanges(old, new *CustomResourceDefinition) []Finding {
	var fs []Finding
	from, to := conversionStrategy(old), conversionStrategy(new)
	field := "spec.conversion.strategy"
	if new.Spec.Conversion == nil {
		field = "spec"
	}
	if from != to {
		msg := "the conversion strategy changes from " + from + " to " + to
		if to == WebhookConverter {
			msg += ": the webhook must be deployed and answering before this CRD is applied, or every read of a version other than the stored one fails"
		} else {
			msg += ": versions are then converted by changing apiVersion alone, and fields their schemas do not share are pruned"
		}
		fs = append(fs, Finding{checkConversionChanged, field, "", msg})
	}
	if to != WebhookConverter {
		return fs
	}
	for _, v := range new.Spec.Versions {
		if !v.Served {
			continue
		}
		if j := versionIndex(old, v.Name); j >= 0 && old.Spec.Versions[j].Served {
			continue
		}
		fs = append(fs, Finding{checkWebhookMissing, upgradeVersionPath(new, v.Name), v.Name,
			v.Name + " is newly served and converted by the webhook: the webhook running must convert to and from " +
				v.Name + " before this CRD is applied, or requests for it fail" + webhookTarget(new)})
	}
	return fs
}

// webhookTarget names c's conversion webhook, as " (service NS/NAME)" or
// " (URL)", or "" when it has none.
func webhookTarget(c *CustomResourceDefinition) string {
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
