package main

import "bytes"

// templateSniffer is an io.Writer that notes whether the bytes written
// to it hold "{{", the start of a Helm or Go template action, wherever
// the writes split them. lint tees each input through one, so that a
// YAML error in a template gets the hint to render it first.
type templateSniffer struct {
	found bool
	last  byte // the last byte of the previous write
}

func (s *templateSniffer) Write(p []byte) (int, error) {
	if !s.found && len(p) > 0 {
		s.found = s.last == '{' && p[0] == '{' || bytes.Contains(p, []byte("{{"))
		s.last = p[len(p)-1]
	}
	return len(p), nil
}

// templateHint is what a problem reading an input with "{{" adds.
const templateHint = " (the file holds {{, as a Helm template does: render it first, helm template CHART | kubeversion lint -)"
