package lint

import (
	"fmt"
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

// CheckLevels holds the level of each upgrade check of package crd, and
// which of them the user set. It is the flag.Value of --check.
type CheckLevels struct {
	levels map[string]level
	set    map[string]bool // set by --check, "all" included
}

// checkCRDRemoved is lint's own check, after those of crd.UpgradeChecks:
// a live object of --old that no PATH has (see Result.checkRemoved).
const checkCRDRemoved = "crd-removed"

// checkNames returns the checks lint knows, in order: those of package
// crd, then its own.
func checkNames() []string {
	return append(crd.UpgradeChecks(), checkCRDRemoved)
}

// NewCheckLevels returns the default levels: error for the checks of
// crd.BreakingUpgradeChecks, each of which means that a request or a
// stored object that worked before the upgrade now fails, or that data is
// lost; warning for the other checks of checkNames, which need a
// judgement lint cannot make, because they may break clients or may not
// (a deprecated version removed, a storage move, a changed default, a
// list type changed, a schema change lint does not judge).
func NewCheckLevels() *CheckLevels {
	ls := &CheckLevels{levels: map[string]level{}, set: map[string]bool{}}
	for _, c := range checkNames() {
		ls.levels[c] = levelWarning
	}
	for _, c := range crd.BreakingUpgradeChecks() {
		ls.levels[c] = levelError
	}
	return ls
}

// String returns the levels the user set, as --check takes them;
// flag.FlagSet calls it on a zero CheckLevels to print the default, "".
func (ls *CheckLevels) String() string {
	if ls == nil {
		return ""
	}
	var changed []string
	for _, c := range checkNames() {
		if ls.set[c] {
			changed = append(changed, c+"="+string(ls.levels[c]))
		}
	}
	return strings.Join(changed, ",")
}

// Set reads a --check value: NAME=LEVEL, or several separated by commas,
// where NAME is a check of crd.UpgradeChecks or "all", and LEVEL is error,
// warning or off. Later settings override earlier ones, so that
// "all=off,field-removed=error" keeps one check.
func (ls *CheckLevels) Set(s string) error {
	for _, setting := range strings.Split(s, ",") {
		if setting == "" {
			return fmt.Errorf("%q: an empty setting; want NAME=LEVEL, separated by commas", s)
		}
		name, value, ok := strings.Cut(setting, "=")
		if !ok {
			return fmt.Errorf("%q: want NAME=LEVEL, for example field-removed=warning", setting)
		}
		if _, known := ls.levels[name]; !known && name != "all" {
			return fmt.Errorf("%q: unknown check %q (kubeversion lint --list-checks lists them)", setting, name)
		}
		l := level(value)
		if l != levelOff && l != levelWarning && l != levelError {
			return fmt.Errorf("%q: level %q: want error, warning or off", setting, value)
		}
		if name != "all" {
			ls.levels[name], ls.set[name] = l, true
			continue
		}
		for c := range ls.levels {
			ls.levels[c], ls.set[c] = l, true
		}
	}
	return nil
}

// of returns the level of the findings of check, or of one comparing two
// served versions with each other when betweenVersions is set: a warning
// at most, unless the user set the check's level. A new API version may
// change its schema on purpose and its clients move to it by choice;
// what stored objects lose in conversion is the finding of
// none-conversion-drops-fields. A check this list does not know is a
// warning: shown, not hidden.
func (ls *CheckLevels) of(check string, betweenVersions bool) level {
	l, ok := ls.levels[check]
	switch {
	case !ok:
		return levelWarning
	case betweenVersions && l == levelError && !ls.set[check]:
		return levelWarning
	}
	return l
}

// allOff reports whether every check is off.
func (ls *CheckLevels) allOff() bool {
	for _, l := range ls.levels {
		if l != levelOff {
			return false
		}
	}
	return true
}

// List writes the checks in the order of checkNames, each with its
// level, for --list-checks.
func (ls *CheckLevels) List() string {
	var b strings.Builder
	for _, c := range checkNames() {
		fmt.Fprintf(&b, "%-29s %s\n", c, ls.levels[c])
	}
	return b.String()
}
