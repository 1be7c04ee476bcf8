package validation

import (
	"crypto/x509"
	"encoding/pem"

	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// validateCABundle checks a webhook's caBundle as k8s.io/apiserver's
// webhook.ValidateCABundle does, by loading it as client-go loads root
// certificates: it must hold at least one PEM certificate that parses.
func validateCABundle(path *field.Path, caBundle []byte) field.ErrorList {
	if err := caBundleError(caBundle); err != "" {
		return field.ErrorList{field.Invalid(path, caBundle, "unable to load root certificates: "+err)}
	}
	return nil
}

// caBundleError returns client-go's reason for rejecting caBundle, or "".
func caBundleError(caBundle []byte) string {
	if x509.NewCertPool().AppendCertsFromPEM(caBundle) {
		return ""
	}
	for rest := caBundle; len(rest) > 0; {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			return "unable to parse bytes as PEM block"
		}
		if block.Type != "CERTIFICATE" || len(block.Headers) != 0 {
			continue
		}
		if _, err := x509.ParseCertificate(block.Bytes); err != nil {
			return "failed to parse certificate: " + err.Error()
		}
	}
	return "no valid certificate authority data seen"
}
