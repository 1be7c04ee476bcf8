package decode

import "github.com/kubeversion/kubeversion/crd/internal/api"

// The readers of spec.conversion.

func (d *byteDecoder) conversion(c *api.Conversion, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "strategy":
			d.once(&set, 0)
			d.string(&c.Strategy)
		case "webhook":
			d.once(&set, 1)
			child := path.Field("webhook", true)
			optionalAt(d, &c.Webhook, &child, (*byteDecoder).webhook)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) webhook(w *api.Webhook, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "clientConfig":
			d.once(&set, 0)
			child := path.Field("clientConfig", true)
			optionalAt(d, &w.ClientConfig, &child, (*byteDecoder).clientConfig)
		case "conversionReviewVersions":
			d.once(&set, 1)
			decodeList(d, &w.ConversionReviewVersions, (*byteDecoder).string)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) clientConfig(c *api.ClientConfig, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "url":
			d.once(&set, 0)
			optional(d, &c.URL, (*byteDecoder).string)
		case "service":
			d.once(&set, 1)
			child := path.Field("service", true)
			optionalAt(d, &c.Service, &child, (*byteDecoder).service)
		case "caBundle":
			d.once(&set, 2)
			d.bytes(&c.CABundle)
		default:
			d.unknown(key, path, &set)
		}
	}
}

func (d *byteDecoder) service(s *api.ServiceReference, path *api.FieldPath) {
	if !d.object() {
		return
	}
	var set fieldSet
	for i := 0; d.more('}', i); i++ {
		switch key := d.key(); string(key) {
		case "namespace":
			d.once(&set, 0)
			d.string(&s.Namespace)
		case "name":
			d.once(&set, 1)
			d.string(&s.Name)
		case "path":
			d.once(&set, 2)
			optional(d, &s.Path, (*byteDecoder).string)
		case "port":
			d.once(&set, 3)
			optional(d, &s.Port, (*byteDecoder).int32)
		default:
			d.unknown(key, path, &set)
		}
	}
}
