package audit

import (
	"cmp"
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// endpointSlices is the resource audit reads a webhook Service's endpoints
// from.
var endpointSlices = schema.GroupVersionResource{Group: "discovery.k8s.io", Version: "v1", Resource: "endpointslices"}

// judgeWebhook adds the findings of crd's conversion webhook, if it has
// one: an expired certificate in its caBundle, and a Service with no ready
// endpoint.
func (a *auditor) judgeWebhook(ctx context.Context, crd *apiextensionsv1.CustomResourceDefinition, subject string) {
	c := crd.Spec.Conversion
	if c == nil || c.Strategy != apiextensionsv1.WebhookConverter || c.Webhook == nil || c.Webhook.ClientConfig == nil {
		return
	}
	cc := c.Webhook.ClientConfig
	for _, cert := range certificates(cc.CABundle) {
		if now := a.opts.Now(); now.After(cert.NotAfter) {
			a.report.add(Finding{Check: CheckWebhookCAExpired, Level: Error, Subject: subject,
				Message: fmt.Sprintf("the conversion webhook's caBundle holds a certificate (%s) that expired on %s: a webhook certificate it signed is refused, and so is every request that needs a conversion",
					cert.Subject, cert.NotAfter.UTC().Format("2006-01-02 15:04:05 MST")),
				Fix: "renew the CA and set spec.conversion.webhook.clientConfig.caBundle"})
		}
	}
	if cc.Service == nil {
		return // a URL: its reachability is not checked
	}
	a.webhookServices++
	ready, err := a.readyEndpoints(ctx, cc.Service.Namespace, cc.Service.Name)
	if err != nil {
		a.endpointsErr = cmp.Or(a.endpointsErr, err.Error())
		return
	}
	if ready == 0 {
		a.report.add(Finding{Check: CheckWebhookNoEndpoints, Level: Error, Subject: subject,
			Message: fmt.Sprintf("the conversion webhook's Service %s/%s has no ready endpoint: every request that needs a conversion fails, a storage migration included",
				cc.Service.Namespace, cc.Service.Name),
			Fix: "start the webhook's pods, or mend the Service's selector"})
	}
}

// readyEndpoints returns the number of ready endpoints of the Service
// namespace/name in its EndpointSlices. An endpoint without a ready
// condition counts as ready, as the API documents.
func (a *auditor) readyEndpoints(ctx context.Context, namespace, name string) (int, error) {
	p := newPager(a.opts.PageSize, maxSlices, "kubernetes.io/service-name="+name)
	ready := 0
	for {
		list, err := a.dynamic.Resource(endpointSlices).Namespace(namespace).List(ctx, p.opts)
		if err != nil {
			return 0, errors.New(a.why(ctx, err))
		}
		for _, slice := range list.Items {
			endpoints, _, _ := unstructured.NestedSlice(slice.Object, "endpoints")
			for _, e := range endpoints {
				m, _ := e.(map[string]any)
				r, found, _ := unstructured.NestedBool(m, "conditions", "ready")
				if !found || r {
					ready++
				}
			}
		}
		more, err := p.next(len(list.Items), list.GetContinue())
		if err != nil || !more {
			return ready, err
		}
	}
}

// certificates returns the certificates of a PEM bundle that parse.
func certificates(bundle []byte) []*x509.Certificate {
	var certs []*x509.Certificate
	for {
		var block *pem.Block
		block, bundle = pem.Decode(bundle)
		if block == nil {
			return certs
		}
		if block.Type != "CERTIFICATE" {
			continue
		}
		if c, err := x509.ParseCertificate(block.Bytes); err == nil {
			certs = append(certs, c)
		}
	}
}
