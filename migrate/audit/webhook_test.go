package audit

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"strings"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// TestWebhookCAExpired: a CRD whose conversion webhook's caBundle holds a
// CA that expired is an error; a CA still valid is not. The apiextensions
// server serves no EndpointSlices, so the webhook Service's endpoints are
// not read, and the report says so.
func TestWebhookCAExpired(t *testing.T) {
	t.Parallel()
	s := start(t)
	now := time.Now()
	for name, notAfter := range map[string]time.Time{"expired": now.Add(-time.Hour), "valid": now.Add(24 * time.Hour)} {
		c := crd(name+".webhook.example.com", "widgets")
		c.Spec.Conversion = &apiextensionsv1.CustomResourceConversion{
			Strategy: apiextensionsv1.WebhookConverter,
			Webhook: &apiextensionsv1.WebhookConversion{
				ConversionReviewVersions: []string{"v1"},
				ClientConfig: &apiextensionsv1.WebhookClientConfig{
					Service:  &apiextensionsv1.ServiceReference{Namespace: "webhooks", Name: "convert", Path: ptr.To("/convert")},
					CABundle: caPEM(t, name+"-ca", notAfter),
				},
			},
		}
		// Created without waiting until it is served: the fixtures' wait
		// writes objects, which the webhook would have to convert.
		if _, err := s.ext.ApiextensionsV1().CustomResourceDefinitions().Create(context.Background(), c, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}

	r := s.audit(nil, Options{})
	fs := findings(r, "customresourcedefinition widgets.expired.webhook.example.com")
	if len(fs) != 1 || fs[0].Check != CheckWebhookCAExpired || fs[0].Level != Error || !strings.Contains(fs[0].Message, "CN=expired-ca") {
		t.Errorf("findings %+v, want one %s naming CN=expired-ca", fs, CheckWebhookCAExpired)
	}
	if fs := findings(r, "customresourcedefinition widgets.valid.webhook.example.com"); len(fs) != 0 {
		t.Errorf("findings of the valid CA %+v, want none", fs)
	}
	if src := source(t, r, "endpointslices"); src.Read || !strings.Contains(src.Note, "the server could not find the requested resource") {
		t.Errorf("endpointslices source %+v, want not read, with the server's reason", src)
	}
}

// caPEM returns a self-signed CA certificate named cn, valid until
// notAfter, in PEM.
func caPEM(t *testing.T, cn string, notAfter time.Time) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: notAfter.Add(-48 * time.Hour), NotAfter: notAfter,
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}
