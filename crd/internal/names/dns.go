package names

import "strings"

// DNS1035Message and DNS1123SubdomainMessage are the messages of
// k8s.io/apimachinery/pkg/util/validation, word for word
// (including the two spaces after 'my-name',).
const (
	DNS1035Message = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', " +
		"start with an alphabetic character, and end with an alphanumeric character " +
		"(e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"
	DNS1123SubdomainMessage = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, " +
		"'-' or '.', and must start and end with an alphanumeric character " +
		"(e.g. 'example.com', regex used for validation is " +
		`'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
)

// DNS1035Label returns Kubernetes' messages for name as a DNS-1035 label
// of at most 63 bytes, at most two, or nil when it is one.
func DNS1035Label(name string) []string {
	var msgs []string
	if len(name) > 63 {
		msgs = append(msgs, "must be no more than 63 characters")
	}
	if !isDNS1035Label(name) {
		msgs = append(msgs, DNS1035Message)
	}
	return msgs
}

// isDNS1035Label matches [a-z]([-a-z0-9]*[a-z0-9])?: a DNS-1123 label that
// starts with a letter.
func isDNS1035Label(s string) bool {
	return s != "" && isLower(s[0]) && IsDNS1123Label(s)
}

// IsDNS1123Subdomain checks s against the pattern of a DNS-1123 subdomain,
// dot-separated DNS-1123 labels, but not its length.
func IsDNS1123Subdomain(s string) bool {
	for label := range strings.SplitSeq(s, ".") {
		if !IsDNS1123Label(label) {
			return false
		}
	}
	return true
}

// IsDNS1123Label matches [a-z0-9]([-a-z0-9]*[a-z0-9])?, without checking
// the length.
func IsDNS1123Label(s string) bool {
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

// DNS1123Subdomain returns Kubernetes' messages for s as a DNS-1123
// subdomain of at most 253 bytes, or nil when it is one.
func DNS1123Subdomain(s string) []string {
	var msgs []string
	if len(s) > 253 {
		msgs = append(msgs, "must be no more than 253 characters")
	}
	if !IsDNS1123Subdomain(s) {
		msgs = append(msgs, DNS1123SubdomainMessage)
	}
	return msgs
}

func isLower(c byte) bool        { return 'a' <= c && c <= 'z' }
func isLowerOrDigit(c byte) bool { return isLower(c) || '0' <= c && c <= '9' }
