// Package release holds no code: its tests check what a release of
// kubeversion ships (the GoReleaser configuration, the archives, the krew
// manifest, the OCI image), built by scripts/release-snapshot.sh into the
// directory KUBEVERSION_DIST names. They are apart from the command's
// tests because they read the release, not run the command.
//
// In scope: the checks of the release's files. Out of scope: the
// command itself, which its own tests check.
package release
