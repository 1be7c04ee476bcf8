package crd

import "strings"

// The messages of k8s.io/apimachinery/pkg/util/validation, word for word
// (including the two spaces after 'my-name',).
const (
	dns1035Message = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', " +
		"start with an alphabetic character, and end with an alphanumeric character " +
		"(e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"
	dns1123SubdomainMessage = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, " +
		"'-' or '.', and must start and end with an alphanumeric character " +
		"(e.g. 'example.com', regex used for validation is " +
		`'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
)

// IsDNS1035Label checks a version name as the API server does: a DNS-1035
// label of at most 63 bytes, matching [a-z]([-a-z0-9]*[a-z0-9])?. It returns
// nil for a valid name, else Kubernetes' messages, at most two. For
// example, IsDNS1035Label("v1beta1") == nil, and IsDNS1035Label("V1")
// returns the one message that starts "a DNS-1035 label must consist of
// lower case alphanumeric characters". A name need not be a Kubernetes
// version: "foo" is valid. The empty name gets the pattern message.
func IsDNS1035Label(name string) []string {
	var msgs []string
	if len(name) > 63 {
		msgs = append(msgs, "must be no more than 63 characters")
	}
	if !isDNS1035Label(name) {
		msgs = append(msgs, dns1035Message)
	}
	return msgs
}

// isDNS1035Label matches [a-z]([-a-z0-9]*[a-z0-9])?: a DNS-1123 label that
// starts with a letter.
func isDNS1035Label(s string) bool {
	return s != "" && isLower(s[0]) && isDNS1123Label(s)
}

// isDNS1123Subdomain checks s against the pattern of a DNS-1123 subdomain,
// dot-separated DNS-1123 labels, but not its length.
func isDNS1123Subdomain(s string) bool {
	for label := range strings.SplitSeq(s, ".") {
		if !isDNS1123Label(label) {
			return false
		}
	}
	return true
}

// isDNS1123Label matches [a-z0-9]([-a-z0-9]*[a-z0-9])?, without checking
// the length.
func isDNS1123Label(s string) bool {
	if s == "" || !isLowerOrDigit(s[0]) || !isLowerOrDigit(s[len(s)-1]) {
		return false
	}
	for i := range len(s) {
		if !isLowerOrDigit(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// dns1123SubdomainErrors returns Kubernetes' messages for s as a DNS-1123
// subdomain of at most 253 bytes.
func dns1123SubdomainErrors(s string) []string {
	var msgs []string
	if len(s) > 253 {
		msgs = append(msgs, "must be no more than 253 characters")
	}
	if !isDNS1123Subdomain(s) {
		msgs = append(msgs, dns1123SubdomainMessage)
	}
	return msgs
}

func isLower(c byte) bool        { return 'a' <= c && c <= 'z' }
func isLowerOrDigit(c byte) bool { return isLower(c) || '0' <= c && c <= '9' }
