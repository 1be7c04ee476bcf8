package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kubeversion/kubeversion/crd"
)

// level is what lint does with the findings of an upgrade check: nothing,
// print them as warnings, or print them as errors, which make the exit
// status 1.
type level string

const (
	levelOff     level = "off"
	levelWarning level = "warning"
	levelError   level = "error"
)

// errorChecks are the upgrade checks whose findings are errors unless the
// user says otherwise: each means that a request or a stored object that
// worked before the upgrade now fails, or that data is lost. The findings
// of the other checks need a look but break nobody by themselves (a
// deprecated version removed, a storage move, a changed default, a schema
// change lint cannot judge) and are warnings.
var errorChecks = []string{
	"removed-without-deprecation",
	"none-conversion-drops-fields",
	"scope-changed",
	"field-removed",
	"type-changed",
	"enum-added",
	"enum-value-removed",
	"maximum-tightened", "max-length-tightened", "max-items-tightened", "max-properties-tightened",
	"minimum-tightened", "min-length-tightened", "min-items-tightened", "min-properties-tightened",
	"required-added",
	"pattern-changed",
	"unique-items-added",
}

// checkLevels maps each upgrade check of package crd to its level. The
// zero value is not usable; see newCheckLevels.
type checkLevels map[string]level

// newCheckLevels returns the default levels: error for errorChecks,
// warning for the other checks of crd.UpgradeChecks.
func newCheckLevels() checkLevels {
	ls := checkLevels{}
	for _, c := range crd.UpgradeChecks() {
		ls[c] = levelWarning
		if slices.Contains(errorChecks, c) {
			ls[c] = levelError
		}
	}
	return ls
}

// String returns the levels that differ from the defaults, as --check
// takes them; flag.FlagSet calls it to print the default, "".
func (ls checkLevels) String() string {
	var changed []string
	defaults := newCheckLevels()
	for _, c := range crd.UpgradeChecks() {
		if ls[c] != "" && ls[c] != defaults[c] {
			changed = append(changed, c+"="+string(ls[c]))
		}
	}
	return strings.Join(changed, ",")
}

// Set reads a --check value: NAME=LEVEL, or several separated by commas,
// where NAME is a check of crd.UpgradeChecks or "all", and LEVEL is error,
// warning or off. Later settings override earlier ones, so that
// "all=off,field-removed=error" keeps one check.
func (ls checkLevels) Set(s string) error {
	for _, setting := range strings.Split(s, ",") {
		name, value, ok := strings.Cut(setting, "=")
		if !ok {
			return fmt.Errorf("%q: want NAME=LEVEL, for example field-removed=warning", setting)
		}
		if _, known := ls[name]; !known && name != "all" {
			return fmt.Errorf("%q: unknown check %q (kubeversion lint --list-checks lists them)", setting, name)
		}
		l := level(value)
		if l != levelOff && l != levelWarning && l != levelError {
			return fmt.Errorf("%q: level %q: want error, warning or off", setting, value)
		}
		if name != "all" {
			ls[name] = l
			continue
		}
		for c := range ls {
			ls[c] = l
		}
	}
	return nil
}

// list writes the checks in the order of crd.UpgradeChecks, each with its
// level, for --list-checks.
func (ls checkLevels) list() string {
	var b strings.Builder
	for _, c := range crd.UpgradeChecks() {
		fmt.Fprintf(&b, "%-29s %s\n", c, ls[c])
	}
	return b.String()
}
