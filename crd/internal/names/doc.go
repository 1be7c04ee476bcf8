// Package names checks names as k8s.io/apimachinery's validation packages
// do, with their messages word for word: DNS-1035 labels (version names),
// DNS-1123 labels and subdomains (groups, object names), qualified names
// (finalizers, label keys) and label values.
//
// In scope: the patterns, the lengths and the messages. Not in scope: the
// field paths and error types of the checks, which their callers in crd
// give.
package names
