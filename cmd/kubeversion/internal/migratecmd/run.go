package migratecmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/migrate"
)

// Exit statuses of [Run], those of the kubeversion command.
const (
	ExitOK     = 0 // migrated, or nothing to do
	ExitFailed = 1 // objects or the StorageVersionMigration failed, or the CRD changed or is being migrated: storedVersions left
	ExitError  = 2 // usage, kubeconfig, connection, interrupted, or a request that failed for good
)

// Engine is what Run asks of the engine: the methods of a
// *migrate.Migrator.
type Engine interface {
	Plan(ctx context.Context, name string) (*migrate.Plan, error)
	Run(ctx context.Context, name string) (*migrate.Report, error)
	PlanWithClusterMigrator(ctx context.Context, name string) (*migrate.SVMPlan, error)
	RunWithClusterMigrator(ctx context.Context, name string) (*migrate.Report, error)
}

// Request is one `kubeversion migrate` once its flags are read.
type Request struct {
	Name            string // the CRD, <plural>.<group>
	DryRun          bool   // plan, write nothing
	ClusterMigrator bool   // --use-cluster-migrator
	Output          string // "text" or "json"
}

// Result is what a plan or a run can print: a *migrate.Plan,
// *migrate.SVMPlan or *migrate.Report.
type Result interface{ Write(io.Writer) error }

// Do plans or runs req with e and returns what there is to print, nil if
// nothing (no plan, or a report of a run that did not get to read the
// CRD), and the error of the engine.
func Do(ctx context.Context, e Engine, req Request) (Result, error) {
	switch {
	case req.DryRun && req.ClusterMigrator:
		p, err := e.PlanWithClusterMigrator(ctx, req.Name)
		if p == nil {
			return nil, err
		}
		return p, err
	case req.ClusterMigrator:
		r, err := e.RunWithClusterMigrator(ctx, req.Name)
		if r == nil || r.Target.Name == "" {
			return nil, err
		}
		return r, err
	case req.DryRun:
		p, err := e.Plan(ctx, req.Name)
		if p == nil {
			return nil, err
		}
		return p, err
	default:
		r, err := e.Run(ctx, req.Name)
		if r == nil || r.Target.Name == "" {
			return nil, err
		}
		return r, err
	}
}

// Print writes result to stdout as output ("json": indented JSON, else
// text), and err, if any, to stderr after "kubeversion migrate: ", and
// returns the exit status of err.
func Print(stdout, stderr io.Writer, output string, result Result, err error) int {
	if result != nil {
		if output == "json" {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			enc.Encode(result)
		} else {
			result.Write(stdout)
		}
	}
	if err == nil {
		return ExitOK
	}
	fmt.Fprintf(stderr, "kubeversion migrate: %s\n", diag.TextLine(strings.TrimPrefix(err.Error(), "migrate: ")))
	return ExitStatus(err)
}

// ExitStatus returns the exit status of an error of the engine: ExitOK for
// none, ExitFailed when storedVersions was left because objects or the
// StorageVersionMigration failed, the CRD changed or is being migrated, or
// discovery never showed the storage version, ExitError for any other.
func ExitStatus(err error) int {
	if err == nil {
		return ExitOK
	}
	for _, e := range []error{migrate.ErrObjectsFailed, migrate.ErrCRDChanged, migrate.ErrStorageMigrating, migrate.ErrHashTimeout, migrate.ErrSVMFailed} {
		if errors.Is(err, e) {
			return ExitFailed
		}
	}
	return ExitError
}

// Run is Do, then Print: the plan or run of req, printed, and its exit
// status.
func Run(ctx context.Context, e Engine, req Request, stdout, stderr io.Writer) int {
	result, err := Do(ctx, e, req)
	return Print(stdout, stderr, req.Output, result, err)
}
