package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// buildInfo returns build information with the main module at version
// and the given build settings, key=value.
func buildInfo(version string, settings ...string) *debug.BuildInfo {
	info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/kubeversion/kubeversion/cmd/kubeversion", Version: version}}
	for _, kv := range settings {
		k, v, _ := strings.Cut(kv, "=")
		info.Settings = append(info.Settings, debug.BuildSetting{Key: k, Value: v})
	}
	return info
}

func TestChooseVersion(t *testing.T) {
	const rev = "vcs.revision=e45c7a2ea854a69fa08f85917c190329c9d344b6"
	for _, tt := range []struct {
		name   string
		ldflag string
		info   *debug.BuildInfo
		want   string
	}{
		{"release build", "1.2.3", buildInfo("v1.2.4", rev), "1.2.3"},
		{"release build without build info", "v1.2.3", nil, "v1.2.3"},
		{"go install @version", "", buildInfo("v1.2.3", rev, "vcs.modified=true"), "v1.2.3"},
		{"go build since Go 1.24", "", buildInfo("v0.0.0-20261125013653-e45c7a2ea854+dirty", rev), "v0.0.0-20261125013653-e45c7a2ea854+dirty"},
		{"work tree, modified", "", buildInfo("(devel)", "vcs=git", rev, "vcs.modified=true"), "(devel) e45c7a2ea854-dirty"},
		{"work tree, clean", "", buildInfo("(devel)", "vcs.modified=false", rev), "(devel) e45c7a2ea854"},
		{"short revision", "", buildInfo("(devel)", "vcs.revision=abc123"), "(devel) abc123"},
		{"modified without revision", "", buildInfo("(devel)", "vcs.modified=true"), "(devel)"},
		{"no VCS", "", buildInfo("(devel)", "-trimpath=true"), "(devel)"},
		{"empty module version", "", buildInfo(""), "(devel)"},
		{"no build info", "", nil, "(devel)"},
	} {
		if got := chooseVersion(tt.ldflag, tt.info); got != tt.want {
			t.Errorf("%s: chooseVersion(%q, info) = %q, want %q", tt.name, tt.ldflag, got, tt.want)
		}
	}
}
