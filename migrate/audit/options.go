package audit

import "time"

// Options tune a run. The zero value of each field means its default.
type Options struct {
	// Target is the minor release of Kubernetes 1.x to judge against, such
	// as 38 for 1.38 (default: the minor after the server's).
	Target int
	// PageSize is the limit of each list (default 500).
	PageSize int64
	// RequestTimeout bounds each request (default 60s), and Timeout the
	// whole run (default 30m): the sources not read by then are listed as
	// not read.
	RequestTimeout time.Duration
	Timeout        time.Duration
	// MaxAnswerBytes caps the body of each answer (default 256 MiB; see
	// migrate.LimitAnswers).
	MaxAnswerBytes int64
	// Now is the time certificates are judged at (default time.Now).
	Now func() time.Time
	// OldVersions, when set, returns the built-in apiVersions and kinds
	// that break at the target release (a minor of 1.x): the objects of
	// each kind are listed, metadata only, and their managedFields name
	// the managers that last wrote through one of them. The versions of
	// CRDs that are deprecated or no longer served are added to them.
	OldVersions func(target int) []OldVersion
	// AuditLogs are audit logs of the API server to read, JSON lines as
	// its log backend writes them: who requested a deprecated version
	// (user, user agent), how often, and when last. Events over 16 MiB
	// are skipped.
	AuditLogs []string
}

func (o Options) withDefaults() Options {
	if o.PageSize <= 0 {
		o.PageSize = 500
	}
	if o.RequestTimeout <= 0 {
		o.RequestTimeout = time.Minute
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Minute
	}
	if o.MaxAnswerBytes <= 0 {
		o.MaxAnswerBytes = 256 << 20
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}
