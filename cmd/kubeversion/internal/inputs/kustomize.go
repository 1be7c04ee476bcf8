package inputs

import (
	"os"
	"path/filepath"

	"sigs.k8s.io/kustomize/api/konfig"
	"sigs.k8s.io/kustomize/api/krusty"
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
// does (default options, the legacy order), from the disk, through a file
// system with the caps of every other input (see cappedFS).
//
// Offline unless remote is set: a kustomization that names a URL, in it
// or in what it names in turn, is a *RemoteError before kustomize runs.
// With remote set, kustomize runs in a child process (see
// kustomizeRemote), so that its fetches and git are bounded in time and
// size, and stopped with kubeversion.
func KustomizeBuild(dir string, remote bool) ([]byte, error) {
	if remote {
		return kustomizeRemote(dir)
	}
	fsys := newCappedFS()
	r, err := firstRemote(fsys, dir)
	switch {
	case err != nil:
		return nil, err
	case r != nil:
		return nil, r
	}
	return kustomize(newCappedFS(), dir)
}

// kustomize builds dir, reading through fsys.
func kustomize(fsys *cappedFS, dir string) ([]byte, error) {
	opts := krusty.MakeDefaultOptions()
	opts.Reorder = krusty.ReorderOptionLegacy
	m, err := krusty.MakeKustomizer(opts).Run(fsys, dir)
	if err != nil {
		return nil, err
	}
	return m.AsYaml()
}
