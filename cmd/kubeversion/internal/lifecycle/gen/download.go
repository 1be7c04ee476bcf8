package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// download returns the files of module@version, read from its zip in
// the module cache, which go mod download fetches and verifies against
// the checksum database if need be. A module that requires a newer Go
// than the one running is read all the same: go mod download has
// fetched and verified its zip before it says so. GOTOOLCHAIN=local keeps
// go mod download from fetching that newer Go to say nothing more.
func download(module, version string) (fs.FS, error) {
	zipPath, err := downloadZip(module, version)
	if err != nil {
		return nil, err
	}
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return nil, err
	}
	return fs.Sub(zr, module+"@"+version)
}

// downloadZip returns the path of the zip of module@version in the
// module cache.
func downloadZip(module, version string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", module+"@"+version)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct{ Zip, Sum, Error string }
	jerr := json.Unmarshal(out, &info)
	switch {
	case jerr == nil && info.Zip != "" && info.Sum != "" && (info.Error == "" || strings.Contains(info.Error, "requires go >=")):
		return info.Zip, nil
	case jerr == nil && info.Error != "":
		return "", fmt.Errorf("go mod download %s@%s: %s", module, version, info.Error)
	case err != nil:
		return "", fmt.Errorf("go mod download %s@%s: %v: %s", module, version, err, strings.TrimSpace(stderr.String()))
	}
	return "", fmt.Errorf("go mod download %s@%s: no zip", module, version)
}

// minorOf returns N of v0.N.x or v1.N.x.
func minorOf(version string) int {
	parts := strings.Split(version, ".")
	n, err := strconv.Atoi(parts[1])
	if err != nil || len(parts) < 3 {
		panic("bad version " + version)
	}
	return n
}

// isPrerelease reports whether version is a pre-release (v0.38.0-beta.0).
func isPrerelease(version string) bool { return strings.Contains(version, "-") }

// kubernetesVersion returns the version of k8s.io/kubernetes of the
// release of k8s.io/api version: v1.N.x for v0.N.x.
func kubernetesVersion(apiVersion string) string { return "v1" + strings.TrimPrefix(apiVersion, "v0") }
