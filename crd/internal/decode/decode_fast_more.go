package decode

import "github.com/kubeversion/kubeversion/crd/internal/api"

// The readers of the subresources, printer columns and status of a
// CustomResourceDefinition, and of the small structs of a schema.

func (d *byteDecoder) subresources(s *api.Subresources, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "status":
			d.once(&set, 0)
			child := path.Field("status", true)
			optionalAt(d, &s.Status, &child, (*byteDecoder).statusSubresource)
		case "scale":
			d.once(&set, 1)
			child := path.Field("scale", true)
			optionalAt(d, &s.Scale, &child, (*byteDecoder).scaleSubresource)
		default:
			d.unknown(key, path, &set)
		}
	}
}

// statusSubresource reads an object with no fields: every key is
// unknown.
func (d *byteDecoder) statusSubresource(_ *api.StatusSubresource, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		d.unknown(d.key(), path, &set)
	}
}

func (d *byteDecoder) scaleSubresource(s *api.ScaleSubresource, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "specReplicasPath":
			d.once(&set, 0)
			d.string(&s.SpecReplicasPath)
		case "statusReplicasPath":
			d.once(&set, 1)
			d.string(&s.StatusReplicasPath)
		case "labelSelectorPath":
			d.once(&set, 2)
			optional(d, &s.LabelSelectorPath, (*byteDecoder).string)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) printerColumn(c *api.PrinterColumn, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "name":
			d.once(&set, 0)
			d.string(&c.Name)
		case "type":
			d.once(&set, 1)
			d.string(&c.Type)
		case "format":
			d.once(&set, 2)
			d.string(&c.Format)
		case "description":
			d.once(&set, 3)
			d.string(&c.Description)
		case "priority":
			d.once(&set, 4)
			d.int32(&c.Priority)
		case "jsonPath":
			d.once(&set, 5)
			d.string(&c.JSONPath)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) selectableField(f *api.SelectableField, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "jsonPath":
			d.once(&set, 0)
			d.string(&f.JSONPath)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) status(s *api.Status, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "conditions":
			d.once(&set, 0)
			child := path.Field("conditions", true)
			decodeListAt(d, &s.Conditions, &child, (*byteDecoder).condition)
		case "acceptedNames":
			d.once(&set, 1)
			child := path.Field("acceptedNames", true)
			d.names(&s.AcceptedNames, &child)
		case "storedVersions":
			d.once(&set, 2)
			decodeList(d, &s.StoredVersions, (*byteDecoder).string)
		case "observedGeneration":
			d.once(&set, 3)
			d.int64(&s.ObservedGeneration)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) condition(c *api.Condition, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "type":
			d.once(&set, 0)
			d.string(&c.Type)
		case "status":
			d.once(&set, 1)
			d.string(&c.Status)
		case "lastTransitionTime":
			d.once(&set, 2)
			optional(d, &c.LastTransitionTime, (*byteDecoder).json)
		case "reason":
			d.once(&set, 3)
			d.string(&c.Reason)
		case "message":
			d.once(&set, 4)
			d.string(&c.Message)
		case "observedGeneration":
			d.once(&set, 5)
			d.int64(&c.ObservedGeneration)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) externalDocs(e *api.ExternalDocumentation, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "description":
			d.once(&set, 0)
			d.string(&e.Description)
		case "url":
			d.once(&set, 1)
			d.string(&e.URL)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) validationRule(r *api.ValidationRule, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "rule":
			d.once(&set, 0)
			d.string(&r.Rule)
		case "message":
			d.once(&set, 1)
			d.string(&r.Message)
		case "messageExpression":
			d.once(&set, 2)
			d.string(&r.MessageExpression)
		case "reason":
			d.once(&set, 3)
			optional(d, &r.Reason, (*byteDecoder).string)
		case "fieldPath":
			d.once(&set, 4)
			d.string(&r.FieldPath)
		case "optionalOldSelf":
			d.once(&set, 5)
			optional(d, &r.OptionalOldSelf, (*byteDecoder).bool)
		default:
			d.unknown(key, path, &set)
		}
	}
}
