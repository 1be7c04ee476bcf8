package release

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"debug/buildinfo"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// releasePlatforms are the platforms of the release, as .goreleaser.yaml
// and scripts/release-snapshot.sh build them (TestReleaseConfig checks).
var releasePlatforms = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}

// imagePlatforms are the platforms of the image.
var imagePlatforms = []string{"linux/amd64", "linux/arm64"}

// TestDist checks the release that scripts/release-snapshot.sh made in the
// directory $KUBEVERSION_DIST (CI runs it after the script):
//
//	KUBEVERSION_DIST=$PWD/dist go test -run TestDist ./cmd/kubeversion/internal/release
//
// With KUBEVERSION_PLATFORMS set as it was for the script, it checks the
// archives of those platforms, and that there is no krew manifest.
func TestDist(t *testing.T) {
	dist := os.Getenv("KUBEVERSION_DIST")
	if dist == "" {
		t.Skip("KUBEVERSION_DIST is not set: run scripts/release-snapshot.sh, then this test with KUBEVERSION_DIST=$PWD/dist")
	}
	platforms := distPlatforms(t)
	sums := readChecksums(t, dist, len(platforms))
	version := distVersion(t, sums)
	t.Logf("version %s, platforms %q", version, platforms)
	for _, p := range platforms {
		t.Run(strings.ReplaceAll(p, "/", "_"), func(t *testing.T) {
			checkArchive(t, dist, version, p)
		})
	}
	if len(platforms) == len(releasePlatforms) {
		t.Run("krew", func(t *testing.T) { checkKrew(t, dist, version, sums) })
	} else if _, err := os.Stat(filepath.Join(dist, "kubeversion.krew.yaml")); err == nil {
		t.Errorf("kubeversion.krew.yaml was made for the platforms %q only", platforms)
	}
	t.Run("image", func(t *testing.T) { checkImage(t, dist, version) })
}

// distPlatforms returns the platforms of $KUBEVERSION_PLATFORMS, in the
// order of releasePlatforms, or releasePlatforms when it is not set.
func distPlatforms(t *testing.T) []string {
	t.Helper()
	subset := strings.Fields(os.Getenv("KUBEVERSION_PLATFORMS"))
	if len(subset) == 0 {
		return releasePlatforms
	}
	var platforms []string
	for _, p := range releasePlatforms {
		if slices.Contains(subset, p) {
			platforms = append(platforms, p)
		}
	}
	if len(platforms) != len(slices.Compact(slices.Sorted(slices.Values(subset)))) {
		t.Fatalf("KUBEVERSION_PLATFORMS=%q names platforms that are not the release's %q", subset, releasePlatforms)
	}
	return platforms
}

// readChecksums reads checksums.txt, checks each sum against its file, and
// returns the sums by file name; it lists archives and the image.
func readChecksums(t *testing.T, dist string, archives int) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dist, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sums := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Errorf("checksums.txt: %q is not SHA256  NAME", sc.Text())
			continue
		}
		sums[name] = sum
		file, err := os.ReadFile(filepath.Join(dist, name))
		if err != nil {
			t.Error(err)
			continue
		}
		if got := sha256Hex(file); got != sum {
			t.Errorf("checksums.txt: %s has sha256 %s, want %s", name, got, sum)
		}
	}
	if len(sums) != archives+1 {
		t.Errorf("checksums.txt lists %d files, want the %d archives and the image", len(sums), archives)
	}
	return sums
}

// distVersion returns the version of the archives of sums, and checks it
// is the snapshot version of this commit.
func distVersion(t *testing.T, sums map[string]string) string {
	t.Helper()
	names := slices.Sorted(maps.Keys(sums))
	m := regexp.MustCompile(`(?m)^kubeversion_(.+)_linux_amd64\.tar\.gz$`).FindStringSubmatch(strings.Join(names, "\n"))
	if m == nil {
		t.Fatalf("checksums.txt has no linux/amd64 archive: %q", names)
	}
	version := m[1]
	if out, err := exec.Command("git", "rev-parse", "HEAD").Output(); err == nil {
		if want := "0.0.0-SNAPSHOT-" + string(out[:7]); version != want {
			t.Errorf("the archives have version %s, want %s, the snapshot of HEAD", version, want)
		}
	}
	return version
}

// archiveName returns the name of the archive of platform p.
func archiveName(version, p string) string {
	goos, goarch, _ := strings.Cut(p, "/")
	if goos == "windows" {
		return fmt.Sprintf("kubeversion_%s_%s_%s.zip", version, goos, goarch)
	}
	return fmt.Sprintf("kubeversion_%s_%s_%s.tar.gz", version, goos, goarch)
}

// binaryName returns the name of the binary for platform p.
func binaryName(p string) string {
	if strings.HasPrefix(p, "windows/") {
		return "kubeversion.exe"
	}
	return "kubeversion"
}

// checkArchive checks the archive of platform p: it holds the binary of
// dist/p, built for p as a release, LICENSE and README.md; and the binary
// for this machine prints the version.
func checkArchive(t *testing.T, dist, version, p string) {
	files := readArchive(t, filepath.Join(dist, archiveName(version, p)))
	bin := binaryName(p)
	if got, want := slices.Sorted(maps.Keys(files)), []string{"LICENSE", "README.md", bin}; !slices.Equal(got, want) {
		t.Errorf("%s holds %q, want %q", archiveName(version, p), got, want)
	}
	for _, doc := range []string{"LICENSE", "README.md"} {
		want, err := os.ReadFile(filepath.Join("..", "..", "..", "..", doc))
		if err == nil && !bytes.Equal(files[doc].data, want) {
			t.Errorf("%s: %s differs from the repository's", archiveName(version, p), doc)
		}
	}
	exe := files[bin]
	if exe.mode != 0o755 {
		t.Errorf("%s: %s has mode %o, want 755", archiveName(version, p), bin, exe.mode)
	}
	built, err := os.ReadFile(filepath.Join(dist, p, bin))
	if err != nil || !bytes.Equal(exe.data, built) {
		t.Errorf("%s: %s is not dist/%s/%s (%v)", archiveName(version, p), bin, p, bin, err)
	}
	checkBuildInfo(t, exe.data, version, p)
	if p == runtime.GOOS+"/"+runtime.GOARCH {
		path := filepath.Join(t.TempDir(), bin)
		if err := os.WriteFile(path, exe.data, 0o755); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(path, "--version").Output()
		if got, want := string(out), "kubeversion "+version+"\n"; err != nil || got != want {
			t.Errorf("%s --version = %q, %v; want %q", archiveName(version, p), got, err, want)
		}
	}
}

// checkBuildInfo checks that exe was built for p as .goreleaser.yaml
// says: static, with -trimpath, and the version given with -X.
func checkBuildInfo(t *testing.T, exe []byte, version, p string) {
	t.Helper()
	info, err := buildinfo.Read(bytes.NewReader(exe))
	if err != nil {
		t.Errorf("%s: %v", p, err)
		return
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	goos, goarch, _ := strings.Cut(p, "/")
	for k, want := range map[string]string{"GOOS": goos, "GOARCH": goarch, "CGO_ENABLED": "0", "-trimpath": "true"} {
		if settings[k] != want {
			t.Errorf("%s: the binary's build setting %s = %q, want %q", p, k, settings[k], want)
		}
	}
	// -trimpath leaves -ldflags out of the settings: -X main.version put
	// the version in the data, and -s -w left no symbols or DWARF.
	if !bytes.Contains(exe, []byte(version)) {
		t.Errorf("%s: the binary does not hold its version %s", p, version)
	}
	if f, err := elf.NewFile(bytes.NewReader(exe)); err == nil {
		if f.Section(".symtab") != nil || f.Section(".debug_info") != nil {
			t.Errorf("%s: the binary has symbols or DWARF: not linked with -s -w", p)
		}
	}
	if info.Path != "github.com/kubeversion/kubeversion/cmd/kubeversion" {
		t.Errorf("%s: the binary is %s, want the command", p, info.Path)
	}
}

// sha256Hex returns the sha256 of data in hexadecimal.
func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
