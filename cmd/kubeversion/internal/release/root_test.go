package release

import (
	"os"
	"path/filepath"
	"testing"
)

// readRoot returns the file of the repository root at path.
func readRoot(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	return data
}
