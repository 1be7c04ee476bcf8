package migrate

import (
	"crypto/sha256"
	"encoding/base64"
)

// StorageVersionHash returns the storageVersionHash that per-group-version
// discovery shows for a resource stored as group/version, kind: the first 8
// bytes of the SHA-256 of "group/version/kind", in standard base64, as
// k8s.io/apiserver's discovery.StorageVersionHash computes it. For example,
// StorageVersionHash("example.com", "v1", "Widget") == "gIwvi5rymmg=".
func StorageVersionHash(group, version, kind string) string {
	sum := sha256.Sum256([]byte(group + "/" + version + "/" + kind))
	return base64.StdEncoding.EncodeToString(sum[:8])
}
