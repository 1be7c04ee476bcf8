package audit

import (
	"flag"
	"os"
	"testing"

	"github.com/kubeversion/kubeversion/migrate/internal/testserver"
)

// TestMain stops the shared etcd of the tests' API servers when the tests
// end.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	testserver.StopSharedEtcd()
	os.Exit(code)
}
