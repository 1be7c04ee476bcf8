package inputs

import (
	"os"
	"path/filepath"

	"sigs.k8s.io/kustomize/api/konfig"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// kustomizationIn reports whether dir holds a kustomization file under
// one of the names kustomize recognises (kustomization.yaml,
// kustomization.yml, Kustomization).
func kustomizationIn(dir string) bool {
	for _, name := range konfig.RecognizedKustomizationFileNames() {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// KustomizeBuild returns the objects that `kubectl apply -k dir` applies,
// as YAML: it runs kustomize as k8s.io/cli-runtime's KustomizeVisitor
// does (default options, the legacy order), from the disk.
func KustomizeBuild(dir string) ([]byte, error) {
	opts := krusty.MakeDefaultOptions()
	opts.Reorder = krusty.ReorderOptionLegacy
	m, err := krusty.MakeKustomizer(opts).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, err
	}
	return m.AsYaml()
}
