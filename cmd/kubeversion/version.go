package main

import "runtime/debug"

// version is the version of kubeversion that release builds set with
// -ldflags "-X main.version=1.2.3". It is empty in other builds, which
// take their version from the build information (see chooseVersion).
var version string

// buildVersion returns the version that kubeversion --version prints.
func buildVersion() string {
	info, _ := debug.ReadBuildInfo()
	return chooseVersion(version, info)
}

// chooseVersion returns ldflag, the version a release build was given,
// if it is not empty; else the version of the main module in info, as go
// install github.com/kubeversion/kubeversion/cmd/kubeversion@v1.2.3
// records it, unless it is "(devel)"; else "(devel)" followed by the
// first 12 characters of the VCS revision and "-dirty" for a modified
// work tree, when the build settings record them. For example:
//
//	chooseVersion("1.2.3", info)                                  = "1.2.3"
//	chooseVersion("", {Main.Version: "v1.2.3"})                   = "v1.2.3"
//	chooseVersion("", {Main.Version: "(devel)", vcs.revision: "e45c7a2ea854a69f…", vcs.modified: "true"})
//	                                                              = "(devel) e45c7a2ea854-dirty"
//	chooseVersion("", {Main.Version: "(devel)"})                  = "(devel)"
//	chooseVersion("", nil)                                        = "(devel)"
//
// Since Go 1.24, go build in a git work tree records a pseudo-version
// such as v0.0.0-20261125013653-e45c7a2ea854+dirty as the main module's
// version, which is then chosen: the revision serves the toolchains
// before it, which record the settings with "(devel)".
func chooseVersion(ldflag string, info *debug.BuildInfo) string {
	const devel = "(devel)"
	switch {
	case ldflag != "":
		return ldflag
	case info == nil:
		return devel
	case info.Main.Version != "" && info.Main.Version != devel:
		return info.Main.Version
	}
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if revision == "" {
		return devel
	}
	if len(revision) > 12 {
		revision = revision[:12]
	}
	if modified == "true" {
		revision += "-dirty"
	}
	return devel + " " + revision
}
