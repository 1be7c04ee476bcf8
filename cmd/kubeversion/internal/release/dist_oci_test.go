package release

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ociDescriptor is a descriptor of an OCI image layout: a blob by digest.
type ociDescriptor struct {
	MediaType   string            `json:"mediaType"`
	Digest      string            `json:"digest"`
	Size        int64             `json:"size"`
	Platform    *ociPlatform      `json:"platform,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
}

type ociPlatform struct {
	Architecture string `json:"architecture"`
	OS           string `json:"os"`
}

// ociIndex is an image index, or a manifest: one or the other is set.
type ociIndex struct {
	SchemaVersion int             `json:"schemaVersion"`
	MediaType     string          `json:"mediaType"`
	Manifests     []ociDescriptor `json:"manifests"`
	Config        ociDescriptor   `json:"config"`
	Layers        []ociDescriptor `json:"layers"`
}

// ociConfig is what checkImage reads of an image configuration.
type ociConfig struct {
	ociPlatform
	Config struct {
		Entrypoint []string `json:"Entrypoint"`
	} `json:"config"`
	RootFS struct {
		Type    string   `json:"type"`
		DiffIDs []string `json:"diff_ids"`
	} `json:"rootfs"`
}

// Media types of the OCI image specification.
const (
	ociIndexType    = "application/vnd.oci.image.index.v1+json"
	ociManifestType = "application/vnd.oci.image.manifest.v1+json"
	ociConfigType   = "application/vnd.oci.image.config.v1+json"
	ociLayerType    = "application/vnd.oci.image.layer.v1.tar+gzip"
)

// ociLayout is an OCI image layout, read from its tar, with the check of
// each blob that a descriptor names.
type ociLayout struct {
	t     *testing.T
	files map[string]archiveFile
	seen  map[string]bool // the blobs read
}

// blob returns the blob d names, after checking its size and digest.
func (l *ociLayout) blob(d ociDescriptor, mediaType string) []byte {
	l.t.Helper()
	if d.MediaType != mediaType {
		l.t.Errorf("%s has media type %q, want %q", d.Digest, d.MediaType, mediaType)
	}
	hexSum, ok := strings.CutPrefix(d.Digest, "sha256:")
	f, found := l.files["blobs/sha256/"+hexSum]
	switch {
	case !ok || !found:
		l.t.Fatalf("no blob %q", d.Digest)
	case sha256Hex(f.data) != hexSum:
		l.t.Errorf("blob %s has sha256 %s", d.Digest, sha256Hex(f.data))
	case int64(len(f.data)) != d.Size:
		l.t.Errorf("blob %s has %d bytes, its descriptor says %d", d.Digest, len(f.data), d.Size)
	}
	l.seen["blobs/sha256/"+hexSum] = true
	return f.data
}

// decode decodes the JSON of the blob d names into v.
func (l *ociLayout) decode(d ociDescriptor, mediaType string, v any) {
	l.t.Helper()
	if err := json.Unmarshal(l.blob(d, mediaType), v); err != nil {
		l.t.Fatalf("%s: %v", d.Digest, err)
	}
}

// checkImage checks the image kubeversion-image.oci.tar: an OCI image
// layout whose index.json names, as the version, an index of one image
// for each of imagePlatforms, whose one layer holds the binary of the
// platform as /kubeversion, its entry point. Each descriptor's digest and
// size are its blob's, each diff_id the digest of its uncompressed layer,
// and every blob is named.
func checkImage(t *testing.T, dist, version string) {
	f, err := os.Open(filepath.Join(dist, "kubeversion-image.oci.tar"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l := &ociLayout{t: t, files: readTar(t, "kubeversion-image.oci.tar", f), seen: map[string]bool{}}
	if got := string(l.files["oci-layout"].data); got != `{"imageLayoutVersion":"1.0.0"}` {
		t.Errorf("oci-layout = %q", got)
	}
	var top ociIndex
	if err := json.Unmarshal(l.files["index.json"].data, &top); err != nil {
		t.Fatalf("index.json: %v", err)
	}
	if top.SchemaVersion != 2 || len(top.Manifests) != 1 {
		t.Fatalf("index.json: schema version %d with %d manifests, want 2 with 1 index", top.SchemaVersion, len(top.Manifests))
	}
	if ref := top.Manifests[0].Annotations["org.opencontainers.image.ref.name"]; ref != version {
		t.Errorf("index.json names the image %q, want %q", ref, version)
	}
	var index ociIndex
	l.decode(top.Manifests[0], ociIndexType, &index)
	var platforms []string
	for _, d := range index.Manifests {
		if d.Platform == nil {
			t.Errorf("manifest %s has no platform", d.Digest)
			continue
		}
		p := d.Platform.OS + "/" + d.Platform.Architecture
		platforms = append(platforms, p)
		var m ociIndex
		l.decode(d, ociManifestType, &m)
		var config ociConfig
		l.decode(m.Config, ociConfigType, &config)
		if config.ociPlatform != *d.Platform {
			t.Errorf("%s: the config is for %+v", p, config.ociPlatform)
		}
		if !slices.Equal(config.Config.Entrypoint, []string{"/kubeversion"}) {
			t.Errorf("%s: entry point %q, want [/kubeversion]", p, config.Config.Entrypoint)
		}
		if len(m.Layers) != 1 || len(config.RootFS.DiffIDs) != 1 || config.RootFS.Type != "layers" {
			t.Errorf("%s: %d layers and %d diff_ids of type %q, want one of type layers", p, len(m.Layers), len(config.RootFS.DiffIDs), config.RootFS.Type)
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(l.blob(m.Layers[0], ociLayerType)))
		if err != nil {
			t.Fatalf("%s: layer: %v", p, err)
		}
		var layer bytes.Buffer
		if _, err := layer.ReadFrom(zr); err != nil {
			t.Fatalf("%s: layer: %v", p, err)
		}
		if got := "sha256:" + sha256Hex(layer.Bytes()); got != config.RootFS.DiffIDs[0] {
			t.Errorf("%s: the layer uncompressed is %s, diff_ids says %s", p, got, config.RootFS.DiffIDs[0])
		}
		files := readTar(t, p+" layer", &layer)
		want, err := os.ReadFile(filepath.Join(dist, p, "kubeversion"))
		if err != nil {
			t.Fatal(err)
		}
		if got := files["kubeversion"]; len(files) != 1 || !bytes.Equal(got.data, want) || got.mode != 0o755 {
			t.Errorf("%s: the layer holds %q, want only kubeversion, dist/%s/kubeversion, mode 755", p, slices.Sorted(maps.Keys(files)), p)
		}
	}
	if !slices.Equal(platforms, imagePlatforms) {
		t.Errorf("the image is for %q, want %q", platforms, imagePlatforms)
	}
	for name := range l.files {
		if strings.HasPrefix(name, "blobs/") && !l.seen[name] {
			t.Errorf("%s: no descriptor names it", name)
		}
	}
}
