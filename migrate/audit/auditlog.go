package audit

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	auditv1 "k8s.io/apiserver/pkg/apis/audit/v1"
)

// The audit annotations the API server sets on a request to a deprecated
// version (k8s.io/apiserver's endpoints/metrics).
const (
	deprecatedAnnotation = "k8s.io/deprecated"
	removalAnnotation    = "k8s.io/removed-release"
)

// maxAuditLine bounds one event of an audit log: an event at level
// RequestResponse holds the request's and response's bodies.
const maxAuditLine = 16 << 20

// noisyUsers are the controllers that list every resource discovery
// shows, deprecated versions included, on their own: their requests say
// nothing of who depends on an old version.
var noisyUsers = []string{
	"system:serviceaccount:kube-system:generic-garbage-collector",
	"system:serviceaccount:kube-system:namespace-controller",
	"system:serviceaccount:kube-system:resourcequota-controller",
}

// caller is who requested an old version, how often and when last.
type caller struct {
	request  deprecatedRequest
	user     string
	agent    string
	count    int
	lastSeen time.Time
}

// readAuditLog reads the audit log at path, JSON lines as the API
// server's log backend writes them, and adds a finding for each user and
// user agent that requested a deprecated version.
func (a *auditor) readAuditLog(path string, target int, crds crdIndex) {
	name := "audit log " + path
	f, err := os.Open(path)
	if err != nil {
		a.report.unread(name, err.Error())
		return
	}
	defer f.Close()
	callers := map[[7]string]*caller{}
	var s auditLogStats
	if err := scanAuditLog(f, callers, &s); err != nil {
		a.report.unread(name, fmt.Sprintf("after %d events: %v", s.events, err))
		return
	}
	cs := make([]*caller, 0, len(callers))
	for _, c := range callers {
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(x, y *caller) int { // every field of the key: the order is the same each run
		return cmp.Or(cmp.Compare(x.request.group, y.request.group), cmp.Compare(x.request.resource, y.request.resource),
			cmp.Compare(x.request.subresource, y.request.subresource), cmp.Compare(x.request.version, y.request.version),
			cmp.Compare(x.request.removed, y.request.removed), cmp.Compare(x.user, y.user), cmp.Compare(x.agent, y.agent))
	})
	for _, c := range cs {
		who := fmt.Sprintf("by the user %q with the user agent %q, %s, last at %s (%s)",
			c.user, c.agent, timesText(int64(c.count)), c.lastSeen.UTC().Format(time.RFC3339), name)
		a.judgeRequest(c.request, who, target, crds)
	}
	note := fmt.Sprintf("%d events, %d requests of deprecated versions", s.events, s.deprecated)
	if s.filtered > 0 {
		note += fmt.Sprintf(", of which %d by controllers that list every resource (%s) left out", s.filtered, strings.Join(noisyUsers, ", "))
	}
	if s.dropped > 0 {
		note += fmt.Sprintf("; %d requests of further callers not counted (at most %d callers are)", s.dropped, maxManagers)
	}
	if s.tooLong > 0 {
		note += fmt.Sprintf("; %d events over %d MiB skipped", s.tooLong, maxAuditLine>>20)
	}
	if s.malformed > 0 {
		note += fmt.Sprintf("; %d lines that are not JSON events skipped", s.malformed)
	}
	a.report.read(name, note)
}

// auditLogStats counts what scanAuditLog read.
type auditLogStats struct {
	events, deprecated, filtered, dropped, tooLong, malformed int
}

// scanAuditLog reads the events of r, one JSON object a line, and counts
// in callers each request of a deprecated version, once, at its stage
// ResponseComplete (or Panic). A line over maxAuditLine is skipped
// without being held.
func scanAuditLog(r io.Reader, callers map[[7]string]*caller, s *auditLogStats) error {
	br := bufio.NewReaderSize(r, 1<<20)
	var long []byte
	skipping := false
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			switch {
			case skipping:
			case len(long)+len(line) > maxAuditLine:
				skipping, long = true, nil
				s.tooLong++
			default:
				long = append(long, line...)
			}
			continue
		}
		switch {
		case skipping:
			skipping = false
		case len(long)+len(line) > maxAuditLine:
			long = long[:0]
			s.tooLong++
		default:
			if len(long) > 0 {
				line = append(long, line...)
				long = long[:0]
			}
			if len(bytes.TrimSpace(line)) > 0 {
				s.events++
				if countEvent(line, callers, s) != nil {
					s.malformed++ // a line cut short by a rotation, say
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// countEvent counts one event of a request of a deprecated version.
func countEvent(line []byte, callers map[[7]string]*caller, s *auditLogStats) error {
	if !bytes.Contains(line, []byte(deprecatedAnnotation)) {
		return nil // most events: no need to decode them
	}
	var e auditv1.Event
	if err := json.Unmarshal(line, &e); err != nil {
		return err
	}
	if e.Annotations[deprecatedAnnotation] != "true" || e.ObjectRef == nil || (e.Stage != auditv1.StageResponseComplete && e.Stage != auditv1.StagePanic) {
		return nil
	}
	s.deprecated++
	user := e.User.Username
	if e.ImpersonatedUser != nil {
		user = e.ImpersonatedUser.Username
	}
	if slices.Contains(noisyUsers, user) {
		s.filtered++
		return nil
	}
	o := e.ObjectRef
	key := [7]string{o.APIGroup, o.APIVersion, o.Resource, o.Subresource, e.Annotations[removalAnnotation], user, e.UserAgent}
	c := callers[key]
	if c == nil {
		if len(callers) >= maxManagers {
			s.dropped++
			return nil
		}
		c = &caller{request: deprecatedRequest{group: o.APIGroup, version: o.APIVersion, resource: o.Resource, subresource: o.Subresource, removed: key[4]}, user: user, agent: e.UserAgent}
		callers[key] = c
	}
	c.count++
	if t := e.StageTimestamp.Time; t.After(c.lastSeen) {
		c.lastSeen = t
	}
	return nil
}
