package main

import (
	"sort"
)

// apiRelease is what k8s.io/api of one release declares.
type apiRelease struct {
	Version  string // of k8s.io/api: v0.37.2
	Minor    int
	Pre      bool // a pre-release
	Packages []apiPackage
}

// readReleases reads k8s.io/api at each of versions.
func readReleases(versions []string) ([]apiRelease, error) {
	var rs []apiRelease
	for _, v := range versions {
		root, err := download("k8s.io/api", v)
		if err != nil {
			return nil, err
		}
		pkgs, err := readPackages(root, ".")
		if err != nil {
			return nil, err
		}
		rs = append(rs, apiRelease{Version: v, Minor: minorOf(v), Pre: isPrerelease(v), Packages: pkgs})
	}
	return rs, nil
}

// extraModules are the modules of the API groups that kube-apiserver
// serves besides those of k8s.io/api: those of its apiextensions-apiserver
// and of its kube-aggregator, read at the pinned release only, under the
// directory of their API packages.
var extraModules = []struct{ module, under string }{
	{"k8s.io/apiextensions-apiserver", "pkg/apis/apiextensions"},
	{"k8s.io/kube-aggregator", "pkg/apis/apiregistration"},
}

// extraPackage is an API package of one of extraModules.
type extraPackage struct {
	Source string // module@version
	apiPackage
}

// readExtra reads the API packages of extraModules at the pinned release.
func readExtra() ([]extraPackage, error) {
	var out []extraPackage
	for _, m := range extraModules {
		root, err := download(m.module, pinned)
		if err != nil {
			return nil, err
		}
		pkgs, err := readPackages(root, m.under)
		if err != nil {
			return nil, err
		}
		sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Dir < pkgs[j].Dir })
		for _, p := range pkgs {
			out = append(out, extraPackage{m.module + "@" + pinned, p})
		}
	}
	return out, nil
}
