package format

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// Annotations writes GitHub Actions workflow commands, one a line, as
// @actions/core writes them: every property and message goes through
// [diag.TextLine] and the runner's own escapes (see [Data] and
// [Property]), so that the input can neither forge a command nor hide
// text in the log.
type Annotations struct {
	w *bufio.Writer
}

// NewAnnotations returns Annotations that write to w, buffered: call
// Flush at the end.
func NewAnnotations(w io.Writer) *Annotations {
	return &Annotations{bufio.NewWriter(w)}
}

// At writes an annotation at a line of a file: "::level
// file=F,line=N,title=T::message".
func (a *Annotations) At(level, file string, line int, title, msg string) {
	fmt.Fprintf(a.w, "::%s file=%s,line=%d,title=%s::%s\n", level, Property(file), line, Property(title), Data(msg))
}

// Notice writes a notice of no file: "::notice title=T::message".
func (a *Annotations) Notice(title, msg string) {
	fmt.Fprintf(a.w, "::notice title=%s::%s\n", Property(title), Data(msg))
}

// Flush writes what is buffered, and returns the first error of writing.
func (a *Annotations) Flush() error {
	return a.w.Flush()
}

// Data escapes the message of a workflow command, as @actions/core
// does, and writes each of its lines through diag.TextLine, so that an
// escape sequence or another control character does not reach the log
// as it is.
func Data(s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		lines[i] = strings.ReplaceAll(diag.TextLine(line), "%", "%25")
	}
	return strings.Join(lines, "%0A")
}

// Property escapes a property value of a workflow command, as
// @actions/core does, after diag.TextLine: a property is one line.
func Property(s string) string {
	return propertyEscapes.Replace(diag.TextLine(s))
}

var propertyEscapes = strings.NewReplacer("%", "%25", ":", "%3A", ",", "%2C")
