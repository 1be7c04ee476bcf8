package format

import (
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// MarkdownCode returns s as a code span, in which Markdown means nothing: with
// enough backticks around it, after diag.TextLine's escapes, and a pipe
// escaped for the table it may be in. An empty s is "-".
func MarkdownCode(s string) string {
	if s == "" {
		return "-"
	}
	s = strings.ReplaceAll(diag.TextLine(s), "|", "\\|")
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	pad := ""
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		pad = " "
	}
	return fence + pad + s + pad + fence
}

// MarkdownText returns s, from the input, as Markdown text that shows it as it
// is: after diag.TextLine's escapes (a line break is written \n), every
// character Markdown or HTML could read as syntax is escaped with a
// backslash or as an entity.
func MarkdownText(s string) string {
	var b strings.Builder
	for _, r := range diag.TextLine(s) {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case strings.ContainsRune("\\`*_{}[]()#+-.!|~", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
