package lint

import "testing"

func TestCheckLevelsOf(t *testing.T) {
	tests := []struct {
		settings        []string
		check           string
		betweenVersions bool
		want            level
	}{
		{nil, "field-removed", false, levelError},
		{nil, "field-removed", true, levelWarning}, // capped by default
		{nil, "default-changed", true, levelWarning},
		{nil, "no-such-check", false, levelWarning},
		{[]string{"field-removed=error"}, "field-removed", true, levelError}, // set by the user: kept
		{[]string{"all=error"}, "default-changed", true, levelError},
		{[]string{"all=off", "field-removed=warning"}, "field-removed", false, levelWarning},
		{[]string{"all=off,field-removed=warning"}, "type-changed", false, levelOff},
		{[]string{"field-removed=off"}, "field-removed", true, levelOff},
	}
	for _, tt := range tests {
		ls := NewCheckLevels()
		for _, s := range tt.settings {
			if err := ls.Set(s); err != nil {
				t.Fatalf("Set(%q): %v", s, err)
			}
		}
		if got := ls.of(tt.check, tt.betweenVersions); got != tt.want {
			t.Errorf("after %q, of(%q, %v) = %q, want %q", tt.settings, tt.check, tt.betweenVersions, got, tt.want)
		}
	}
}

func TestCheckLevelsSetErrors(t *testing.T) {
	for _, s := range []string{"", "all=off,", ",all=off", "field-removed", "=error", "All=off", "all=OFF", "x=error=y", " field-removed=off"} {
		if err := NewCheckLevels().Set(s); err == nil {
			t.Errorf("Set(%q) = nil, want an error", s)
		}
	}
}
