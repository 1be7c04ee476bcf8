package inputs

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"sigs.k8s.io/kustomize/api/konfig"
	sigsyaml "sigs.k8s.io/yaml"
)

// RemoteFlag is the flag that lets kustomize fetch what a kustomization
// names by URL.
const RemoteFlag = "--kustomize-remote"

// RemoteError is the error of a kustomization that names a remote
// resource or a git repository, read without RemoteFlag.
type RemoteError struct {
	File string // the kustomization, or config file, that names it
	Key  string // the field that names it: resources, components, ...
	Ref  string // the URL
}

func (e *RemoteError) Error() string {
	return fmt.Sprintf("%s: %s: %s is remote: kubeversion reads no network, nor runs git, unless %s allows it",
		e.File, e.Key, e.Ref, RemoteFlag)
}

// refKeys are the fields of a kustomization, and of the generator and
// transformer configurations it names, whose values kustomize loads: a
// file or a directory, or a URL it fetches or a repository it clones.
var refKeys = map[string]bool{
	"resources": true, "components": true, "bases": true, "crds": true,
	"configurations": true, "generators": true, "transformers": true, "validators": true,
	"path": true, "paths": true, "files": true, "envs": true, "env": true,
	"patchesStrategicMerge": true, "valuesFile": true, "additionalValuesFiles": true,
	"argsFromFile": true, "targetFilePath": true,
}

// rootKeys are the fields whose values may be a directory kustomize
// builds (a base or a component), or a file of configurations, which the
// scan reads in turn.
var rootKeys = map[string]bool{
	"resources": true, "components": true, "bases": true,
	"generators": true, "transformers": true, "validators": true,
}

// firstRemote returns the first URL that the kustomization in dir names,
// in it or in the kustomizations and configuration files it names in
// turn, before kustomize runs: kustomize fetches a URL with no time or
// size limit, and clones a repository with git. It reads files as the
// build would (capped, regular files only), and returns an error only
// when one cannot be read.
func firstRemote(fsys *cappedFS, dir string) (*RemoteError, error) {
	s := &remoteScan{fs: fsys, seen: map[string]bool{}}
	return s.dir(dir)
}

type remoteScan struct {
	fs   *cappedFS
	seen map[string]bool
}

// dir scans the kustomization file of dir.
func (s *remoteScan) dir(dir string) (*RemoteError, error) {
	abs, err := filepath.Abs(dir)
	if err != nil || s.seen[abs] {
		return nil, err
	}
	s.seen[abs] = true
	for _, name := range konfig.RecognizedKustomizationFileNames() {
		p := filepath.Join(dir, name)
		if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
			return s.file(p, dir)
		}
	}
	return nil, nil
}

// file scans the YAML documents of the file p, relative to dir.
func (s *remoteScan) file(p, dir string) (*RemoteError, error) {
	data, err := s.fs.ReadFile(p)
	if err != nil {
		return nil, err
	}
	for _, doc := range bytes.Split(data, []byte("\n---")) {
		var v any
		if sigsyaml.Unmarshal(doc, &v) != nil {
			continue // kustomize says what is wrong with it
		}
		if r, err := s.value(p, dir, "", v); r != nil || err != nil {
			return r, err
		}
	}
	return nil, nil
}

// value scans v, the value of the field key.
func (s *remoteScan) value(file, dir, key string, v any) (*RemoteError, error) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if r, err := s.value(file, dir, k, e); r != nil || err != nil {
				return r, err
			}
		}
	case []any:
		for _, e := range v {
			if r, err := s.value(file, dir, key, e); r != nil || err != nil {
				return r, err
			}
		}
	case string:
		if !refKeys[key] || strings.Contains(v, "\n") {
			return nil, nil // not a reference, or an inline patch or configuration
		}
		ref := v
		if key == "files" || key == "envs" {
			if _, after, ok := strings.Cut(v, "="); ok {
				ref = after // key=path
			}
		}
		local := filepath.Join(dir, ref)
		if IsRemoteRef(ref) && !isRegularFile(local) {
			return &RemoteError{File: file, Key: key, Ref: ref}, nil
		}
		if !rootKeys[key] {
			return nil, nil
		}
		switch info, err := os.Stat(local); {
		case err != nil:
			return nil, nil // kustomize says it is missing
		case info.IsDir():
			return s.dir(local)
		case info.Mode().IsRegular() && key != "resources" && key != "bases":
			return s.file(local, filepath.Dir(local))
		}
	}
	return nil, nil
}

func isRegularFile(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

// IsRemoteRef reports whether kustomize reads ref from the network, or
// with git: a URL of any scheme (http, https, ssh, file, git), a
// github.com path, or git's scp-like user@host:path, with or without
// go-getter's "git::" prefix, as kustomize's repository specs read them.
func IsRemoteRef(ref string) bool {
	if len(ref) >= 5 && strings.EqualFold(ref[:5], "git::") {
		ref = ref[5:]
	}
	if i := strings.Index(ref, "://"); i > 0 && !strings.ContainsAny(ref[:i], "/.") {
		return true
	}
	if strings.HasPrefix(ref, "github.com/") || strings.HasPrefix(ref, "github.com:") {
		return true
	}
	at := strings.Index(ref, "@")
	slash := strings.Index(ref, "/")
	return at > 0 && (slash < 0 || at < slash) && strings.Contains(ref[at:], ":")
}
