// Package migratecmd runs `kubeversion migrate` once its flags are read:
// the plan or the run of the engine, package migrate, with or without the
// cluster's StorageVersionMigration controller ([Run]), the report printed
// as text or JSON, and the exit status of the error; and the progress
// printers the command passes the engine in its options
// ([ProgressPrinter], [SVMProgressPrinter], [SVMNotifyPrinter]).
//
// It uses only the API of package migrate at the version that
// cmd/kubeversion/go.mod requires, which `go install` builds against.
package migratecmd
