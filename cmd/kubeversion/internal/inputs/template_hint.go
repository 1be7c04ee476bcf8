package inputs

import "bytes"

// TemplateSniffer is an io.Writer that notes whether the bytes written
// to it hold "{{", the start of a Helm or Go template action, wherever
// the writes split them. lint tees each input through one, so that a
// YAML error in a template gets the hint to render it first.
type TemplateSniffer struct {
	Found bool
	last  byte // the last byte of the previous write
}

func (s *TemplateSniffer) Write(p []byte) (int, error) {
	if !s.Found && len(p) > 0 {
		s.Found = s.last == '{' && p[0] == '{' || bytes.Contains(p, []byte("{{"))
		s.last = p[len(p)-1]
	}
	return len(p), nil
}

// TemplateHint is what a problem reading an input with "{{" adds.
const TemplateHint = " (the file holds {{, as a Helm template does: render it first, helm template CHART | kubeversion lint -)"
