package audit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	"k8s.io/apimachinery/pkg/util/version"
	apimachineryversion "k8s.io/apimachinery/pkg/version"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"

	"github.com/kubeversion/kubeversion/migrate"
)

// auditor holds the clients of one run.
type auditor struct {
	opts      Options
	discovery *discovery.DiscoveryClient
	ext       apiextensionsclient.Interface
	dynamic   dynamic.Interface
	meta      metadata.Interface
	core      typedcorev1.CoreV1Interface
	report    *Report

	webhookServices int    // conversion webhooks given by a Service
	endpointsErr    string // why their EndpointSlices could not be read
	crdOld          []OldVersion
}

// Run reads the cluster of cfg and returns its report. An error means the
// cluster could not be read at all (its version could not be read); a
// source that could not be read is in the report's Sources instead.
func Run(ctx context.Context, cfg *rest.Config, o Options) (*Report, error) {
	o = o.withDefaults()
	cfg = rest.CopyConfig(cfg)
	if cfg.UserAgent == "" {
		cfg.UserAgent = "kubeversion-audit"
	}
	cfg.Timeout = o.RequestTimeout
	cfg.Wrap(migrate.LimitAnswers(o.MaxAnswerBytes))
	a := &auditor{opts: o, report: &Report{Findings: []Finding{}, Sources: []Source{}}}
	var err error
	if a.discovery, err = discovery.NewDiscoveryClientForConfig(cfg); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	if a.ext, err = apiextensionsclient.NewForConfig(cfg); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	if a.dynamic, err = dynamic.NewForConfig(cfg); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	if a.meta, err = metadata.NewForConfig(cfg); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	if a.core, err = typedcorev1.NewForConfig(cfg); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	info, err := a.discovery.ServerVersion()
	if err != nil {
		return nil, fmt.Errorf("audit: reading the server's version: %w", err)
	}
	a.report.ServerVersion = info.GitVersion
	target := o.Target
	if target == 0 {
		minor, err := serverMinor(info)
		if err != nil {
			return nil, err
		}
		target = minor + 1
	}
	a.report.Target = "1." + strconv.Itoa(target)
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	crds := a.readCRDs(ctx)
	a.readMetrics(ctx, target, crds)
	a.readMigrations(ctx, crds)
	for _, path := range o.AuditLogs {
		a.readAuditLog(path, target, crds)
	}
	olds := a.crdOld
	if o.OldVersions != nil {
		olds = append(o.OldVersions(target), olds...)
	}
	a.readManagers(ctx, olds)
	a.readHelmReleases(ctx, olds)
	return a.report, nil
}

// serverMinor returns the minor release of a server of Kubernetes 1: its
// minor field, which some distributions end with "+" (37+), or else the
// minor of its gitVersion.
func serverMinor(info *apimachineryversion.Info) (int, error) {
	if n, err := strconv.Atoi(strings.TrimSuffix(info.Minor, "+")); err == nil && info.Major == "1" {
		return n, nil
	}
	v, err := version.ParseGeneric(info.GitVersion)
	if err != nil || v.Major() != 1 {
		return 0, fmt.Errorf("audit: the server's version is neither major %q minor %q nor gitVersion %q of Kubernetes 1", info.Major, info.Minor, info.GitVersion)
	}
	return int(v.Minor()), nil
}

// why says why a request failed: the run's time bound, when it passed
// or client-go's rate limiter foresaw it would, else the request's error.
func (a *auditor) why(ctx context.Context, err error) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) ||
		strings.Contains(err.Error(), "would exceed context deadline") {
		return fmt.Sprintf("the run's time bound of %s passed", a.opts.Timeout)
	}
	return err.Error()
}
