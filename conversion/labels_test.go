package conversion

import (
	"strings"
	"testing"
)

// The expected messages below were printed by k8s.io/apimachinery v0.37.2's
// ValidateLabels and ValidateAnnotations (with the field paths the
// conversion code gives them), through ErrorList.ToAggregate.

func TestLabelsErrors(t *testing.T) {
	tests := []struct {
		labels map[string]string
		want   string
	}{
		{map[string]string{"a": "v"}, ""},
		{map[string]string{"": "v"}, "[metadata.labels: Invalid value: \"\": name part must be non-empty, metadata.labels: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]"},
		{map[string]string{"-a": "v"}, "metadata.labels: Invalid value: \"-a\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
		{map[string]string{"a/b": "v"}, ""},
		{map[string]string{"/b": "v"}, "metadata.labels: Invalid value: \"/b\": prefix part must be non-empty"},
		{map[string]string{"A.com/b": "v"}, "metadata.labels: Invalid value: \"A.com/b\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
		{map[string]string{"a/": "v"}, "[metadata.labels: Invalid value: \"a/\": name part must be non-empty, metadata.labels: Invalid value: \"a/\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]"},
		{map[string]string{"a/b/c": "v"}, "metadata.labels: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"},
		{map[string]string{"x/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn": "v"}, "metadata.labels: Invalid value: \"x/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\": name part must be no more than 63 bytes"},
		{map[string]string{strings.Repeat("p", 254) + "/n": "v"}, "metadata.labels: Invalid value: \"" + strings.Repeat("p", 254) + "/n\": prefix part must be no more than 253 bytes"},
		{map[string]string{strings.Repeat("p", 254) + "/": "v"}, "[metadata.labels: Invalid value: \"" + strings.Repeat("p", 254) + "/\": prefix part must be no more than 253 bytes, metadata.labels: Invalid value: \"" + strings.Repeat("p", 254) + "/\": name part must be non-empty, metadata.labels: Invalid value: \"" + strings.Repeat("p", 254) + "/\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]"},
		{map[string]string{"Upper_case.ok-1": "v"}, ""},
		{map[string]string{"a..b/c": "v"}, "metadata.labels: Invalid value: \"a..b/c\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
		{map[string]string{"é": "v"}, "metadata.labels: Invalid value: \"é\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
		{map[string]string{"a_": "v"}, "metadata.labels: Invalid value: \"a_\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
		{map[string]string{"1": "v"}, ""},
		{map[string]string{"ex-ample.com/a.b": "v"}, ""},
		{map[string]string{"k": ""}, ""},
		{map[string]string{"k": "a"}, ""},
		{map[string]string{"k": "-a"}, "metadata.labels: Invalid value: \"-a\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
		{map[string]string{"k": "a b"}, "metadata.labels: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
		{map[string]string{"k": "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"}, "metadata.labels: Invalid value: \"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\": must be no more than 63 bytes"},
		{map[string]string{"k": "A_b.c-9"}, ""},
		{map[string]string{"k": "a."}, "metadata.labels: Invalid value: \"a.\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
		{map[string]string{"-": "-"}, "[metadata.labels: Invalid value: \"-\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), metadata.labels: Invalid value: \"-\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')]"},
	}
	for _, tt := range tests {
		if got := messages(labelsErrors(tt.labels)); got != tt.want {
			t.Errorf("labelsErrors(%.80q)\n got %s\nwant %s", tt.labels, got, tt.want)
		}
	}
}

func TestAnnotationsErrors(t *testing.T) {
	tests := []struct {
		annotations map[string]string
		want        string
	}{
		{map[string]string{"A.COM/B": "v"}, ""},
		{map[string]string{"a b": "v"}, "metadata.annotation: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
		{map[string]string{"x": "v"}, ""},
		{map[string]string{"": "v"}, "[metadata.annotation: Invalid value: \"\": name part must be non-empty, metadata.annotation: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]"},
		{map[string]string{"a/b/c": "v"}, "metadata.annotation: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"},
		{map[string]string{"a": strings.Repeat("v", 256<<10)}, "metadata.annotation: Too long: may not be more than 262144 bytes"},
		{map[string]string{"a": strings.Repeat("v", 256<<10-1)}, ""},
	}
	for _, tt := range tests {
		if got := messages(annotationsErrors(tt.annotations)); got != tt.want {
			t.Errorf("annotationsErrors(%.80q)\n got %s\nwant %s", tt.annotations, got, tt.want)
		}
	}
}

func TestAggregate(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{[]string{"a"}, "a"},
		{[]string{"a", "a"}, "a"},
		{[]string{"a", "b", "a"}, "[a, b]"},
	}
	for _, tt := range tests {
		if got := aggregate(tt.in); got != tt.want {
			t.Errorf("aggregate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// messages is aggregate, or "" for no messages.
func messages(msgs []string) string {
	if len(msgs) == 0 {
		return ""
	}
	return aggregate(msgs)
}
