package cluster

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-logr/logr"
	"k8s.io/klog/v2"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
)

// RouteLogs sends the log lines of client-go (through klog, which would
// write them raw to standard error, with klog's header: "E1128
// 22:07:17.094551 20607 request.go:1198] ...") to w, each as one line
// "PREFIX: client-go: MESSAGE key=value...", escaped as lint's text
// output, at klog's default verbosity (errors, and the notes of level 0
// such as client-side throttling); with w nil, it discards them. The
// last call wins, for the whole process.
func RouteLogs(w io.Writer, prefix string) {
	logTo.Store(&logDest{w: w, prefix: prefix})
	logOnce.Do(func() { klog.SetLogger(logr.New(logSink{})) })
}

// logDest is where RouteLogs sends the log lines.
type logDest struct {
	w      io.Writer
	prefix string
	mu     sync.Mutex // one line at a time
}

var (
	logTo   atomic.Pointer[logDest]
	logOnce sync.Once // klog's logger is set once: setting it is not safe while client-go logs
)

// logSink is the logr.LogSink of RouteLogs.
type logSink struct {
	values []any // of WithValues
	name   string
}

// Init does nothing: the lines carry no caller.
func (logSink) Init(logr.RuntimeInfo) {}

// Enabled reports whether lines of level are kept: level 0 only, klog's
// default verbosity.
func (logSink) Enabled(level int) bool { return level <= 0 }

// Info writes a line of level 0.
func (s logSink) Info(level int, msg string, kv ...any) {
	if level <= 0 {
		s.write(msg, kv)
	}
}

// Error writes a line with err.
func (s logSink) Error(err error, msg string, kv ...any) {
	s.write(msg, append([]any{"err", err}, kv...))
}

// WithValues returns s with kv added to each line.
func (s logSink) WithValues(kv ...any) logr.LogSink {
	s.values = append(s.values[:len(s.values):len(s.values)], kv...)
	return s
}

// WithName returns s with name before each message.
func (s logSink) WithName(name string) logr.LogSink {
	if s.name != "" {
		name = s.name + "/" + name
	}
	s.name = name
	return s
}

// write writes one line of msg and its keys and values.
func (s logSink) write(msg string, kv []any) {
	d := logTo.Load()
	if d == nil || d.w == nil {
		return
	}
	var b strings.Builder
	if s.name != "" {
		b.WriteString(s.name + ": ")
	}
	b.WriteString(msg)
	all := append(s.values[:len(s.values):len(s.values)], kv...)
	for i := 0; i+1 < len(all); i += 2 {
		fmt.Fprintf(&b, " %v=%v", all[i], all[i+1])
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	fmt.Fprintf(d.w, "%sclient-go: %s\n", d.prefix, diag.TextLine(b.String()))
}
