package crd

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kubeversion/kubeversion/crd/internal/names"
)

func webhookURL(url string, reviews ...string) *Conversion {
	return &Conversion{Strategy: WebhookConverter, Webhook: &Webhook{
		ClientConfig: &ClientConfig{URL: &url}, ConversionReviewVersions: reviews,
	}}
}

func webhookService(svc ServiceReference, reviews ...string) *Conversion {
	return &Conversion{Strategy: WebhookConverter, Webhook: &Webhook{
		ClientConfig: &ClientConfig{Service: &svc}, ConversionReviewVersions: reviews,
	}}
}

const form = "; desired format: https://host[/path]"

var conversionTests = []struct {
	name string
	conv *Conversion
	want []string
}{
	{"missing means None", nil, nil},
	{"None", &Conversion{Strategy: NoneConverter}, nil},
	{"empty strategy", &Conversion{}, []string{"spec.conversion.strategy: Required value"}},
	{"unknown strategy", &Conversion{Strategy: "Foo"}, []string{
		`spec.conversion.strategy: Unsupported value: "Foo": supported values: "None", "Webhook"`}},
	{"None with webhook settings", &Conversion{Strategy: NoneConverter, Webhook: &Webhook{
		ClientConfig: &ClientConfig{}, ConversionReviewVersions: []string{"v1"}}}, []string{
		"spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook",
		"spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook",
	}},
	{"valid url", webhookURL("https://example.com/convert", "v1"), nil},
	{"valid service", webhookService(ServiceReference{Namespace: "default", Name: "conv", Path: ptr("/a.b/c")}, "v1beta1", "v2"), nil},
	{"Webhook without webhook", &Conversion{Strategy: WebhookConverter}, []string{
		"spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook",
		"spec.conversion.conversionReviewVersions: Required value",
	}},
	{"neither url nor service", &Conversion{Strategy: WebhookConverter, Webhook: &Webhook{
		ClientConfig: &ClientConfig{}, ConversionReviewVersions: []string{"v1"}}}, []string{
		"spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required"}},
	{"both url and service", &Conversion{Strategy: WebhookConverter, Webhook: &Webhook{
		ClientConfig:             &ClientConfig{URL: ptr("https://x"), Service: &ServiceReference{}},
		ConversionReviewVersions: []string{"v1"}}}, []string{
		"spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required"}},
	{"http", webhookURL("http://example.com", "v1"), []string{
		`spec.conversion.webhookClientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme` + form}},
	{"no host, user, query, fragment", webhookURL("https://user:pw@/c?x=1#f", "v1"), []string{
		`spec.conversion.webhookClientConfig.url: Invalid value: "": host must be specified` + form,
		`spec.conversion.webhookClientConfig.url: Invalid value: "user:pw": user information is not permitted in the URL`,
		`spec.conversion.webhookClientConfig.url: Invalid value: "f": fragments are not permitted in the URL`,
		`spec.conversion.webhookClientConfig.url: Invalid value: "x=1": query parameters are not permitted in the URL`,
	}},
	{"unparsable url", webhookURL("://x", "v1"), []string{
		`spec.conversion.webhookClientConfig.url: Required value: url must be a valid URL: parse "://x": missing protocol scheme` + form}},
	{"service without name and namespace: each reported at the other's path", webhookService(ServiceReference{}, "v1"), []string{
		"spec.conversion.webhookClientConfig.service.name: Required value",
		"spec.conversion.webhookClientConfig.service.namespace: Required value",
	}},
	{"service without namespace", webhookService(ServiceReference{Name: "conv"}, "v1"), []string{
		"spec.conversion.webhookClientConfig.service.name: Required value"}},
	{"port", webhookService(ServiceReference{Namespace: "ns", Name: "conv", Port: ptr[int32](0)}, "v1"), []string{
		"spec.conversion.webhookClientConfig.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive"}},
	{"path //", webhookService(ServiceReference{Namespace: "ns", Name: "c", Path: ptr("//")}, "v1"), []string{
		`spec.conversion.webhookClientConfig.service.path: Invalid value: "//": segment[0] may not be empty`}},
	{"path without slash", webhookService(ServiceReference{Namespace: "ns", Name: "c", Path: ptr("convert")}, "v1"), []string{
		`spec.conversion.webhookClientConfig.service.path: Invalid value: "convert": must start with a '/'`}},
	{"path segments", webhookService(ServiceReference{Namespace: "ns", Name: "c", Path: ptr("/a//B/" + strings.Repeat("p", 254))}, "v1"), []string{
		`spec.conversion.webhookClientConfig.service.path: Invalid value: "/a//B/` + strings.Repeat("p", 254) + `": segment[1] may not be empty`,
		`spec.conversion.webhookClientConfig.service.path: Invalid value: "/a//B/` + strings.Repeat("p", 254) + `": segment[2]: ` + names.DNS1123SubdomainMessage,
		`spec.conversion.webhookClientConfig.service.path: Invalid value: "/a//B/` + strings.Repeat("p", 254) + `": segment[3]: must be no more than 253 characters`,
	}},
	{"review versions: duplicates, names, one error per message", webhookURL("https://x", "v1", "V2", "v1", "V2", "V"+strings.Repeat("a", 63)), []string{
		`spec.conversion.conversionReviewVersions[1]: Invalid value: "V2": ` + dns1035,
		`spec.conversion.conversionReviewVersions[2]: Invalid value: "v1": duplicate version`,
		`spec.conversion.conversionReviewVersions[3]: Invalid value: "V2": duplicate version`,
		`spec.conversion.conversionReviewVersions[4]: Invalid value: "V` + strings.Repeat("a", 63) + `": must be no more than 63 characters`,
		`spec.conversion.conversionReviewVersions[4]: Invalid value: "V` + strings.Repeat("a", 63) + `": ` + dns1035,
	}},
	{"review versions without v1 or v1beta1", webhookURL("https://x", "v2"), []string{
		`spec.conversion.conversionReviewVersions: Invalid value: ["v2"]: must include at least one of v1, v1beta1`}},
}

func TestConversionCreate(t *testing.T) {
	for _, tt := range conversionTests {
		c := cronTab()
		c.Spec.Conversion = tt.conv
		if diff := cmp.Diff(tt.want, messages(ValidateCreate(c))); diff != "" {
			t.Errorf("%s: ValidateCreate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestConversionReviewVersionsOnUpdate(t *testing.T) {
	noV1 := "spec.conversion.conversionReviewVersions: Invalid value: [\"v2\"]: must include at least one of v1, v1beta1"
	for _, tt := range []struct {
		name string
		old  *Conversion
		want []string
	}{
		{"old had no conversion", nil, []string{noV1}},
		{"old had an empty list", &Conversion{Strategy: NoneConverter}, []string{noV1}},
		{"old had v1", webhookURL("https://x", "v1"), []string{noV1}},
		{"old had only v2: the rule is relaxed", webhookURL("https://x", "v2"), nil},
	} {
		c, old := cronTab(), cronTab()
		c.Spec.Conversion = webhookURL("https://x", "v2")
		old.Spec.Conversion = tt.old
		old.Status.StoredVersions = []string{"v1"}
		if diff := cmp.Diff(tt.want, messages(ValidateUpdate(c, old))); diff != "" {
			t.Errorf("%s: ValidateUpdate mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}
