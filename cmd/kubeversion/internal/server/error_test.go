package server

import (
	"fmt"
	"strings"
	"testing"
)

func TestCutMiddle(t *testing.T) {
	long := strings.Repeat("é", MaxListedBytes) // 2 bytes each
	got, cut := CutMiddle(long)
	if !cut || !strings.Contains(got, fmt.Sprintf(" ... [%d bytes cut] ... ", len(long)-MaxListedBytes)) || len(got) > MaxListedBytes+40 {
		t.Errorf("cutMiddle of %d bytes = %d bytes, %v", len(long), len(got), cut)
	}
	if !strings.HasPrefix(got, "éé") || !strings.HasSuffix(got, "éé") || strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("cutMiddle cut a character: %q...", got[:10])
	}
	if got, cut := CutMiddle("short"); got != "short" || cut {
		t.Errorf("cutMiddle(%q) = %q, %v", "short", got, cut)
	}
}
