// Command gen writes the lifecycle table of the built-in Kubernetes API
// versions that package lifecycle embeds: table.txt, from the sources of
// k8s.io/api of every release since 1.19 (and of
// k8s.io/apiextensions-apiserver and k8s.io/kube-aggregator of the
// pinned release), and defaults.txt, the group versions each release's
// kube-apiserver serves by default, from the sources of
// k8s.io/kubernetes. It reads them with go/parser from the module cache,
// after go mod download; it compiles none of them.
//
// Usage, in cmd/kubeversion/internal/lifecycle:
//
//	go run ./gen [-kubernetes all|pinned] [-dir DIR]
//
// With -kubernetes pinned (the default), it reads k8s.io/kubernetes of
// the pinned release and of the newest pre-release only, and keeps the
// lines of the other releases in DIR/defaults.txt as they are: those
// releases are history, read once with -kubernetes all (19 downloads of
// about 21 MB each). To move to a new release, change pinned and
// prerelease below and run it with -kubernetes all.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// The releases read. k8s.io/api v0.N.x is Kubernetes 1.N.x.
const (
	firstMinor = 19 // the first k8s.io/api with prerelease-lifecycle-gen's methods
	pinned     = "v0.37.2"
	prerelease = "v0.38.0-beta.0" // the newest pre-release; "" for none
)

func main() {
	kube := flag.String("kubernetes", "pinned", "read k8s.io/kubernetes of `all` releases, or of the pinned release and the pre-release only")
	dir := flag.String("dir", ".", "write table.txt and defaults.txt in `DIR`")
	flag.Parse()
	if *kube != "all" && *kube != "pinned" {
		fatal(fmt.Errorf("-kubernetes %q: want all or pinned", *kube))
	}
	releases := releaseList()
	rs, err := readReleases(releases)
	if err != nil {
		fatal(err)
	}
	table := merge(rs)
	extra, err := readExtra()
	if err != nil {
		fatal(err)
	}
	table.add(extra)
	old := map[string]string{}
	if *kube == "pinned" {
		if old, err = readDefaultsFile(filepath.Join(*dir, "defaults.txt")); err != nil {
			fatal(err)
		}
	}
	defaults, err := servedByDefault(rs, *kube == "all", old)
	if err != nil {
		fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*dir, "table.txt"), table.text(releases), 0o644); err != nil {
		fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*dir, "defaults.txt"), defaults, 0o644); err != nil {
		fatal(err)
	}
}

// releaseList returns the versions of k8s.io/api read: v0.N.0 for each
// minor from firstMinor to the pinned one's, the pinned version instead
// of its minor's .0, then the pre-release.
func releaseList() []string {
	var list []string
	pm := minorOf(pinned)
	for m := firstMinor; m < pm; m++ {
		list = append(list, fmt.Sprintf("v0.%d.0", m))
	}
	list = append(list, pinned)
	if prerelease != "" {
		list = append(list, prerelease)
	}
	return list
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}
