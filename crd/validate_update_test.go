package crd

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"math/big"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// established marks c Established, as the live object of an update.
func established(c *CustomResourceDefinition) {
	c.Status.Conditions = []Condition{{Type: "Established", Status: "True"}}
}

func TestUpdateRules(t *testing.T) {
	for _, tt := range []struct {
		name        string
		old, change func(c *CustomResourceDefinition)
		want        []string
	}{
		{"group and plural never change", nil, func(c *CustomResourceDefinition) {
			c.Spec.Group = "other.example.com"
			c.Spec.Names.Plural = "cts"
			c.Metadata.Name = "cts.other.example.com"
		}, []string{
			`metadata.name: Invalid value: "cts.other.example.com": field is immutable`,
			`spec.group: Invalid value: "other.example.com": field is immutable`,
			`spec.names.plural: Invalid value: "cts": field is immutable`,
		}},
		{"scope and kind may change before Established", nil, func(c *CustomResourceDefinition) {
			c.Spec.Scope = ClusterScoped
			c.Spec.Names.Kind = "Cron"
		}, nil},
		{"scope and kind may not change once Established", established, func(c *CustomResourceDefinition) {
			c.Spec.Scope = ClusterScoped
			c.Spec.Names.Kind = "Cron"
		}, []string{
			`spec.scope: Invalid value: "Cluster": field is immutable`,
			`spec.names.kind: Invalid value: "Cron": field is immutable`,
		}},
		{"preserveUnknownFields may stay true", func(c *CustomResourceDefinition) { c.Spec.PreserveUnknownFields = true },
			func(c *CustomResourceDefinition) { c.Spec.PreserveUnknownFields = true }, nil},
		{"approval: an unchanged state passes", func(c *CustomResourceDefinition) {
			c.Spec.Group, c.Metadata.Name = "x.k8s.io", "crontabs.x.k8s.io"
		}, nil, nil},
		{"approval: a changed state is checked", func(c *CustomResourceDefinition) {
			c.Spec.Group, c.Metadata.Name = "x.k8s.io", "crontabs.x.k8s.io"
			c.Metadata.Annotations = map[string]string{"api-approved.kubernetes.io": "unapproved"}
		}, func(c *CustomResourceDefinition) { c.Metadata.Annotations = nil }, []string{missingApproval}},
	} {
		c, old := cronTab(), cronTab()
		old.Status.StoredVersions = []string{"v1"}
		if tt.old != nil {
			tt.old(old)
			tt.old(c)
		}
		c.Status = Status{} // the live object's counts
		if tt.change != nil {
			tt.change(c)
		}
		if diff := cmp.Diff(tt.want, messages(ValidateUpdate(c, old))); diff != "" {
			t.Errorf("%s: ValidateUpdate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// testCertificate returns a self-signed certificate in PEM.
func testCertificate(t *testing.T) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour), IsCA: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

func TestCABundle(t *testing.T) {
	cert := testCertificate(t)
	withBundle := func(bundle []byte) *Conversion {
		conv := webhookURL("https://x", "v1")
		conv.Webhook.ClientConfig.CABundle = bundle
		return conv
	}
	const path = "spec.conversion.webhookClientConfig.caBundle"
	garbage := path + `: Invalid value: "bm90IFBFTQ==": unable to load root certificates: unable to parse bytes as PEM block`
	for _, tt := range []struct {
		name        string
		established bool
		old, new    []byte
		want        []string
	}{
		{"not Established: unchecked", false, cert, []byte("not PEM"), nil},
		{"Established: checked", true, cert, []byte("not PEM"), []string{garbage}},
		{"Established without a bundle: checked", true, nil, []byte("not PEM"), []string{garbage}},
		{"Established with an invalid bundle: unchecked", true, []byte("junk"), []byte("not PEM"), nil},
		{"valid", true, cert, cert, nil},
		{"a PEM block of another type", true, cert, pem.EncodeToMemory(&pem.Block{Type: "KEY", Bytes: []byte{1}}), []string{
			path + `: Invalid value: "LS0tLS1CRUdJTiBLRVktLS0tLQpBUT09Ci0tLS0tRU5EIEtFWS0tLS0tCg==": unable to load root certificates: no valid certificate authority data seen`}},
		{"a certificate that does not parse", true, cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte{1}}), []string{
			path + `: Invalid value: "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCkFRPT0KLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=": unable to load root certificates: failed to parse certificate: x509: malformed certificate`}},
	} {
		c, old := cronTab(), cronTab()
		old.Status.StoredVersions = []string{"v1"}
		if tt.established {
			established(old)
		}
		old.Spec.Conversion = withBundle(tt.old)
		c.Spec.Conversion = withBundle(tt.new)
		if diff := cmp.Diff(tt.want, messages(ValidateUpdate(c, old))); diff != "" {
			t.Errorf("%s: ValidateUpdate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
	c := cronTab()
	c.Spec.Conversion = withBundle([]byte("not PEM"))
	if errs := ValidateCreate(c); errs != nil {
		t.Errorf("ValidateCreate with an invalid caBundle = %v, want nil: a new CRD is not Established", errs)
	}
}
