package lint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/cluster"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/crd"
)

// clusterPrefix starts the --old of lint that names a live cluster instead
// of files: "cluster:" is the current kubeconfig context, "cluster:NAME"
// the context NAME. A file of such a name is read as ./cluster:NAME.
const clusterPrefix = "cluster:"

// clusterTimeout bounds each request to the cluster.
const clusterTimeout = 30 * time.Second

// liveCluster is the cluster of --old cluster:, whose CRDs lint reads one
// by one, each when a PATH has a CRD of its name, as `kubectl get crd NAME
// -o yaml` would.
type liveCluster struct {
	source string // --old as given
	crds   *cluster.LiveCRDs
	err    error // the first failure to read: the later reads are not tried
}

// isCluster reports whether the --old path names a live cluster.
func isCluster(path string) bool { return strings.HasPrefix(path, clusterPrefix) }

// newLiveCluster returns the cluster of --old source, reached with the
// kubeconfig file (if empty: $KUBECONFIG, then ~/.kube/config).
func newLiveCluster(source, kubeconfig string) (*liveCluster, error) {
	cfg, err := cluster.ClientConfig(kubeconfig, strings.TrimPrefix(source, clusterPrefix))
	if err != nil {
		return nil, err
	}
	cfg.Timeout = clusterTimeout
	// lint makes one request per CRD, too few to be throttled, and every
	// failure client-go logs is also returned to lint, which reports it
	// at the CRD's place: client-go's line would say it twice, raw.
	cluster.RouteLogs(nil, "")
	cfg.UserAgent = "kubeversion-lint"
	crds, err := cluster.NewLiveCRDs(cfg)
	if err != nil {
		return nil, err
	}
	return &liveCluster{source: source, crds: crds}, nil
}

// liveCRD returns the live object of the CRD name: from the files of --old,
// or, with --old cluster:, read from the cluster the first time a PATH has
// a CRD of that name; nil if there is none. ok is false if the cluster
// could not be read: a problem, at o's place, says why.
func (l *Result) liveCRD(o inputs.Object, name string) (live *crd.CustomResourceDefinition, ok bool) {
	if l.cluster == nil || name == "" {
		return l.old[name], true
	}
	if c, done := l.old[name]; done {
		return c, true
	}
	at := inputs.Problem{File: o.File, Line: o.Line}
	if l.cluster.err != nil {
		at.Message = fmt.Sprintf("%s: not checked: --old %s could not be read (see above)", name, l.cluster.source)
		l.problems = append(l.problems, at)
		return nil, false
	}
	data, err := l.cluster.crds.Get(context.Background(), name)
	switch {
	case errors.Is(err, cluster.ErrNoCRD):
		l.old[name] = nil
		return nil, true
	case err != nil:
		l.cluster.err = err
		at.Message = fmt.Sprintf("%s: --old %s: reading the live CRD: %v", name, l.cluster.source, err)
		l.problems = append(l.problems, at)
		return nil, false
	}
	file := l.cluster.source + "/customresourcedefinitions/" + name
	if p := l.live.read(file, bytes.NewReader(data)); p != nil {
		l.problems = append(l.problems, *p)
		return nil, false
	}
	return l.old[name], true
}
