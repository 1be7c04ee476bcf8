package main

import "github.com/kubeversion/kubeversion/migrate"

// runMigrate is "kubeversion migrate CRD-NAME": the engine, its flags and
// its report are those of package migrate, a module of its own so that
// client-go stays out of the library.
func runMigrate(e *env, args []string) int {
	return migrate.Main(args, e.stdout, e.stderr)
}
