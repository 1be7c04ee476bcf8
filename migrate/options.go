package migrate

import "time"

// Options tune a run. The zero value of each field means its default.
type Options struct {
	// Concurrency is the number of objects patched at once (default 4). Only
	// one page is held at a time, so memory does not grow with the number
	// of objects.
	Concurrency int
	// PageSize is the limit of each metadata list (default 500).
	PageSize int64
	// Settle is how long to wait after discovery shows the new storage
	// version and before listing (default 35s: longer than the 30s an
	// admission webhook may hold a write that took the old storage).
	Settle time.Duration
	// HashPolls is how many consecutive discovery reads must show the new
	// storageVersionHash (default 5, to sample load-balanced API servers),
	// PollInterval the time between them (default 1s), and HashTimeout how
	// long to wait in all (default 2m).
	HashPolls    int
	PollInterval time.Duration
	HashTimeout  time.Duration
	// Retries is how many times a request that failed with 429, a 5xx or a
	// timeout is tried again (default 5), and Backoff the first wait between
	// tries (default 500ms, doubled after each, at most 30s; a Retry-After of
	// the server wins when longer, up to 60s).
	Retries int
	Backoff time.Duration
	// RequestTimeout bounds each request, list or patch (default 60s); a
	// request that times out is tried again as a 5xx is.
	RequestTimeout time.Duration
	// MaxAnswerBytes caps the body of each answer (default 256 MiB; see
	// [LimitAnswers]). A page of metadata holds at most PageSize objects'
	// metadata, each well under the 1.5 MiB etcd stores of an object by
	// default, and is most often a few MiB: an answer past the cap is an
	// error, which a smaller PageSize avoids.
	MaxAnswerBytes int64
	// StateFile, when set, is where the run records its progress after each
	// page, and where a new run resumes from (see [State]).
	StateFile string
	// Progress, when set, is called after each page and at the end.
	Progress func(Progress)
	// Force migrates even when storedVersions already lists only the storage
	// version, or while the CRD's StorageMigrating condition is True.
	Force bool
	// FieldManager names the writer in the patch requests (default
	// "kubeversion-migrate").
	FieldManager string

	// The options below are those of [Migrator.RunWithClusterMigrator],
	// which watches its StorageVersionMigration (or, when the watch is
	// refused, reads it every PollInterval) and passes Progress the figures
	// of the controller's Running condition, the objects it counts as
	// migrated as Written.

	// SVMStartTimeout is how long the StorageVersionMigration may stay
	// without any condition, not taken up by the controller, before the run
	// gives up on following it (default 5m).
	SVMStartTimeout time.Duration
	// TrimWait is how long, after the StorageVersionMigration succeeded, the
	// run waits for the controller to finish (it trims storedVersions from
	// Kubernetes 1.36) before it commits itself (default 30s).
	TrimWait time.Duration
	// Notify, when set, is called with one line for each step of the
	// StorageVersionMigration: created, Running and its message, Succeeded
	// or Failed, the trim of storedVersions.
	Notify func(string)
}

// withDefaults returns o with every zero field set to its default.
func (o Options) withDefaults() Options {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	dur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.Concurrency, 4)
	if o.PageSize <= 0 {
		o.PageSize = 500
	}
	if o.MaxAnswerBytes <= 0 {
		o.MaxAnswerBytes = 256 << 20
	}
	dur(&o.Settle, 35*time.Second)
	def(&o.HashPolls, 5)
	dur(&o.PollInterval, time.Second)
	dur(&o.HashTimeout, 2*time.Minute)
	def(&o.Retries, 5)
	dur(&o.Backoff, 500*time.Millisecond)
	dur(&o.RequestTimeout, time.Minute)
	dur(&o.SVMStartTimeout, 5*time.Minute)
	dur(&o.TrimWait, 30*time.Second)
	if o.FieldManager == "" {
		o.FieldManager = "kubeversion-migrate"
	}
	return o
}
