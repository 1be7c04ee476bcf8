package lifecycle

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGenerated fails when table.txt or defaults.txt is not what go run
// ./gen writes now: from k8s.io/api of every release read, and
// k8s.io/kubernetes of the pinned release and the pre-release (the other
// releases' lines of defaults.txt are kept; go run ./gen -kubernetes all
// reads them all again). It downloads the modules into the module cache
// once, about 25 zips, and needs the module proxy.
func TestGenerated(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	checked := map[string][]byte{}
	for _, name := range []string{"table.txt", "defaults.txt"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checked[name] = data
	}
	if err := os.WriteFile(filepath.Join(dir, "defaults.txt"), checked["defaults.txt"], 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./gen", "-dir", dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run ./gen: %v\n%s", err, out)
	}
	for name, want := range checked {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what go run ./gen writes: run it in cmd/kubeversion/internal/lifecycle and commit the result", name)
		}
	}
}
