package validation

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
	"github.com/kubeversion/kubeversion/crd/internal/names"
)

// validateConversion checks spec.conversion, read as strategy None when
// missing. requireRecognized says whether conversionReviewVersions must
// include v1 or v1beta1; allowInvalidCABundle, whether the webhook's
// caBundle goes unchecked.
func validateConversion(conv *api.Conversion, requireRecognized, allowInvalidCABundle bool) field.ErrorList {
	if conv == nil {
		return nil
	}
	var errs field.ErrorList
	switch conv.Strategy {
	case api.NoneConverter, api.WebhookConverter:
	case "":
		errs = append(errs, field.Required(strategyPath, ""))
	default:
		errs = append(errs, field.NotSupported(strategyPath, conv.Strategy, "None", "Webhook"))
	}
	var cc *api.ClientConfig
	var reviewVersions []string
	if conv.Webhook != nil {
		cc, reviewVersions = conv.Webhook.ClientConfig, conv.Webhook.ConversionReviewVersions
	}
	if conv.Strategy != api.WebhookConverter {
		if cc != nil {
			errs = append(errs, field.Forbidden(clientConfigPath, "should not be set when strategy is not set to Webhook"))
		}
		if len(reviewVersions) > 0 {
			errs = append(errs, field.Forbidden(reviewVersionsPath, "should not be set when strategy is not set to Webhook"))
		}
		return errs
	}
	switch {
	case cc == nil:
		errs = append(errs, field.Required(clientConfigPath, "required when strategy is set to Webhook"))
	case (cc.URL == nil) == (cc.Service == nil):
		errs = append(errs, field.Required(clientConfigPath, "exactly one of url or service is required"))
	case cc.URL != nil:
		errs = append(errs, validateWebhookURL(clientConfigPath.Child("url"), *cc.URL)...)
	default:
		errs = append(errs, validateWebhookService(clientConfigPath.Child("service"), cc.Service)...)
	}
	if cc != nil && len(cc.CABundle) > 0 && !allowInvalidCABundle {
		errs = append(errs, validateCABundle(clientConfigPath.Child("caBundle"), cc.CABundle)...)
	}
	return append(errs, validateReviewVersions(reviewVersions, requireRecognized)...)
}

// validateReviewVersions checks conversionReviewVersions: every repeated
// entry is reported once as a duplicate and not checked further; every
// other entry gets one error per DNS-1035 message.
func validateReviewVersions(versions []string, requireRecognized bool) field.ErrorList {
	if len(versions) == 0 {
		return field.ErrorList{field.Required(reviewVersionsPath, "")}
	}
	var errs field.ErrorList
	seen := make(map[string]bool, len(versions))
	for i, v := range versions {
		path := reviewVersionsPath.Index(i)
		if seen[v] {
			errs = append(errs, field.Invalid(path, v, "duplicate version"))
			continue
		}
		seen[v] = true
		for _, msg := range names.DNS1035Label(v) {
			errs = append(errs, field.Invalid(path, v, msg))
		}
	}
	if requireRecognized && !hasRecognizedReviewVersion(versions) {
		errs = append(errs, field.Invalid(reviewVersionsPath, versions, "must include at least one of v1, v1beta1"))
	}
	return errs
}

// hasRecognizedReviewVersion reports whether versions holds a
// ConversionReview version the API server understands.
func hasRecognizedReviewVersion(versions []string) bool {
	return slices.Contains(versions, "v1") || slices.Contains(versions, "v1beta1")
}

// validateWebhookURL is k8s.io/apiserver's ValidateWebhookURL with https
// required.
func validateWebhookURL(path *field.Path, rawURL string) field.ErrorList {
	const form = "; desired format: https://host[/path]"
	u, err := url.Parse(rawURL)
	if err != nil {
		return field.ErrorList{field.Required(path, "url must be a valid URL: "+err.Error()+form)}
	}
	var errs field.ErrorList
	if u.Scheme != "https" {
		errs = append(errs, field.Invalid(path, u.Scheme, "'https' is the only allowed URL scheme"+form))
	}
	if u.Host == "" {
		errs = append(errs, field.Invalid(path, u.Host, "host must be specified"+form))
	}
	if u.User != nil {
		errs = append(errs, field.Invalid(path, u.User.String(), "user information is not permitted in the URL"))
	}
	if u.Fragment != "" {
		errs = append(errs, field.Invalid(path, u.Fragment, "fragments are not permitted in the URL"))
	}
	if u.RawQuery != "" {
		errs = append(errs, field.Invalid(path, u.RawQuery, "query parameters are not permitted in the URL"))
	}
	return errs
}

// validateWebhookService is k8s.io/apiserver's ValidateWebhookService as the
// CRD validation calls it: with the service's name and namespace passed in
// each other's place, so that a missing namespace is reported at
// service.name and a missing name at service.namespace.
func validateWebhookService(path *field.Path, svc *api.ServiceReference) field.ErrorList {
	var errs field.ErrorList
	if svc.Namespace == "" {
		errs = append(errs, field.Required(path.Child("name"), ""))
	}
	if svc.Name == "" {
		errs = append(errs, field.Required(path.Child("namespace"), ""))
	}
	port := int32(443)
	if svc.Port != nil {
		port = *svc.Port
	}
	if port < 1 || port > 65535 {
		errs = append(errs, field.Invalid(path.Child("port"), port, "port is not valid: must be between 1 and 65535, inclusive"))
	}
	if svc.Path == nil {
		return errs
	}
	p := *svc.Path
	switch {
	case p == "" || p == "/":
		return errs
	case p == "//":
		return append(errs, field.Invalid(path.Child("path"), p, "segment[0] may not be empty"))
	case !strings.HasPrefix(p, "/"):
		errs = append(errs, field.Invalid(path.Child("path"), p, "must start with a '/'"))
	}
	// The API server drops the first byte whether or not it is a '/'.
	segments := strings.TrimSuffix(p[1:], "/")
	for i, segment := range strings.Split(segments, "/") {
		if segment == "" {
			errs = append(errs, field.Invalid(path.Child("path"), p, "segment["+strconv.Itoa(i)+"] may not be empty"))
			continue
		}
		for _, msg := range names.DNS1123Subdomain(segment) {
			errs = append(errs, field.Invalid(path.Child("path"), p, "segment["+strconv.Itoa(i)+"]: "+msg))
		}
	}
	return errs
}
