package migrate

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Counts are the outcomes of the object patches of a run.
type Counts struct {
	// Written counts objects whose patch changed their resourceVersion: the
	// server wrote them to etcd, re-encoded in the storage version.
	Written int `json:"written"`
	// Skipped counts objects whose patch left the resourceVersion as listed:
	// already stored in the storage version, so the server skipped the write.
	Skipped int `json:"skipped"`
	// Conflicted counts objects written by someone else since they were
	// listed (a write re-encodes them too).
	Conflicted int `json:"conflicted"`
	// NotFound counts objects deleted since they were listed.
	NotFound int `json:"notFound"`
	// Retries counts the requests tried again after a retriable error.
	Retries int `json:"retries"`
}

// Done returns the number of objects that need nothing more.
func (c Counts) Done() int { return c.Written + c.Skipped + c.Conflicted + c.NotFound }

func (c *Counts) add(d Counts) {
	c.Written += d.Written
	c.Skipped += d.Skipped
	c.Conflicted += d.Conflicted
	c.NotFound += d.NotFound
	c.Retries += d.Retries
}

// Failure is an object whose patch failed for good, and why.
type Failure struct {
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	Reason    string `json:"reason"`
}

// String returns namespace/name: reason, or name: reason for a
// cluster-scoped object.
func (f Failure) String() string {
	return objectKey(f.Namespace, f.Name) + ": " + f.Reason
}

// Report is the outcome of a run.
type Report struct {
	// Target is the CRD as the preflight read it.
	Target Target `json:"target"`
	// NothingToDo is true when storedVersions was already only the storage
	// version, so no object was listed.
	NothingToDo bool `json:"nothingToDo,omitempty"`
	// Resumed is true when the run continued from a state file.
	Resumed bool `json:"resumed,omitempty"`
	Counts
	// Failed lists the objects that could not be patched.
	Failed []Failure `json:"failed,omitempty"`
	// Pages counts the lists, Relists the lists started again from the
	// beginning after a 410 Gone without a continue token, and Expired the
	// 410 Gone answers to a continue token.
	Pages   int `json:"pages"`
	Relists int `json:"relists,omitempty"`
	Expired int `json:"expired,omitempty"`
	// Committed is true when status.storedVersions was set to the storage
	// version; StoredVersions is status.storedVersions at the end.
	Committed      bool     `json:"committed"`
	StoredVersions []string `json:"storedVersions"`
	// Duration is the time of the run, preflight included.
	Duration time.Duration `json:"duration"`
	// SVM is the StorageVersionMigration of a run with the cluster's
	// migrator (nil otherwise); the counts and pages above are then zero.
	SVM *SVMRun `json:"svm,omitempty"`
}

// Write prints the report in a few lines of text, as the command prints it.
func (r *Report) Write(w io.Writer) error {
	var b strings.Builder
	t := r.Target
	fmt.Fprintf(&b, "%s: storage version %s, storedVersions %v\n", t.Name, t.Storage, r.StoredVersions)
	if r.NothingToDo {
		fmt.Fprintf(&b, "nothing to do: storedVersions is already [%s]\n", t.Storage)
		_, err := io.WriteString(w, b.String())
		return err
	}
	if r.SVM != nil {
		r.writeSVM(&b)
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "written %d, skipped (already %s) %d, conflicted %d, not found %d, failed %d",
		r.Written, t.Storage, r.Skipped, r.Conflicted, r.NotFound, len(r.Failed))
	fmt.Fprintf(&b, " (%d pages", r.Pages)
	if r.Expired > 0 {
		fmt.Fprintf(&b, ", %d expired continue tokens, %d relists", r.Expired, r.Relists)
	}
	if r.Retries > 0 {
		fmt.Fprintf(&b, ", %d retries", r.Retries)
	}
	fmt.Fprintf(&b, ", %s)\n", r.Duration.Round(time.Millisecond))
	for _, f := range r.Failed {
		fmt.Fprintf(&b, "failed: %s\n", textLine(f.String())) // the server's or a webhook's words
	}
	if r.Committed {
		fmt.Fprintf(&b, "status.storedVersions set to [%s]\n", t.Storage)
	} else {
		fmt.Fprintf(&b, "status.storedVersions left as %v\n", r.StoredVersions)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// objectKey returns namespace/name, or name when namespace is empty: the
// order of the keys is the order of the list, as in etcd.
func objectKey(namespace, name string) string {
	if namespace == "" {
		return name
	}
	return namespace + "/" + name
}
