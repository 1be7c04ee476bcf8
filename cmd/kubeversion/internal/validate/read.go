package validate

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/diag"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/server"
	"github.com/kubeversion/kubeversion/crd"
)

// The reading of validate's inputs: the objects of OBJECTS, kept with
// their text so that the lines of their fields can be found once they are
// judged; the CustomResourceDefinitions of --crd and of OBJECTS; and the
// live objects of --old. Everything is read before any object is judged,
// since a CRD may follow its objects in a directory or a stream.

// definition is a CustomResourceDefinition that validate judges objects
// against, with where it was read.
type definition struct {
	file string
	line int
	json []byte // as read, to tell a copy from another definition
	// crd is the CRD decoded from json, by decoded: when an object of it
	// is first judged, as rejection validates it then. The CRD decoded
	// when it is read, for its errors and its names, is not kept: the
	// decoded CRDs were 40% of the heap validate kept on real manifests
	// whose 81 CRDs have none of their objects there, and each collection
	// marked them again.
	crd    *crd.CustomResourceDefinition
	decode sync.Once
	// rejected says why the API server would refuse the CRD itself, so
	// that none of its objects can exist; empty when it accepts it. Read
	// it with rejection.
	rejected string
	checked  sync.Once // the CRD's validation, by rejection
}

// rejection returns d.rejected, once the CRD is validated as the API
// server validates a create. That is done when an object of the CRD is
// first judged, not when the CRD is read: its CEL rules are compiled
// then, which was a fifth of validate's CPU on real manifests that hold
// CRDs but none of their objects.
func (d *definition) rejection() string {
	d.checked.Do(func() {
		if d.rejected != "" {
			return
		}
		c := d.decoded()
		if errs := server.Newest.Validator.ValidateCreate(c); len(errs) > 0 {
			d.rejected = fmt.Sprintf("the API server rejects its CRD %s (%s:%d), with %d error%s: kubeversion lint %s says which",
				c.Metadata.Name, d.file, d.line, len(errs), server.Plural(len(errs)), d.file)
		}
	})
	return d.rejected
}

// decoded returns the CRD, decoded from its JSON as add decoded it: add
// kept only CRDs that decode (a strict decoding error still gives one).
func (d *definition) decoded() *crd.CustomResourceDefinition {
	d.decode.Do(func() { d.crd, _ = crd.Decode(d.json) })
	return d.crd
}

// definitions are the CRDs of --crd and of OBJECTS, by groupKind.
type definitions struct {
	byKind  map[string]*definition
	byGroup map[string][]string // the kinds of each group, in the order read
	count   int
}

// add adds the CRD of o, or returns the problem that makes it unusable:
// a CRD that does not decode, or a second, different CRD of the same
// group and kind, since which of the two the cluster has cannot be known.
// A copy of one already read, byte for byte (the same file given as --crd
// and in OBJECTS), is dropped.
func (ds *definitions) add(o inputs.Object) *inputs.Problem {
	data, err := o.JSON()
	if err != nil {
		return &inputs.Problem{File: o.File, Line: o.Line, Message: err.Error()}
	}
	c, errs := server.DecodeCRD(o, inputs.NewLocator(o))
	if c == nil {
		return &inputs.Problem{File: o.File, Line: errs[0].Line, Message: "CustomResourceDefinition " + server.MetadataName(o) + ": " + errs[0].Message}
	}
	d := &definition{file: o.File, line: o.Line, json: data}
	if len(errs) > 0 {
		d.rejected = fmt.Sprintf("the API server rejects its CRD %s (%s:%d): %s", c.Metadata.Name, o.File, errs[0].Line, errs[0].Message)
	}
	key := server.GroupKind(c.Spec.Group, c.Spec.Names.Kind)
	if ds.byKind == nil {
		ds.byKind, ds.byGroup = map[string]*definition{}, map[string][]string{}
	}
	if first, twice := ds.byKind[key]; twice {
		if bytes.Equal(first.json, data) {
			return nil
		}
		return &inputs.Problem{File: o.File, Line: o.Line, Message: fmt.Sprintf("a second CustomResourceDefinition of kind %s in group %s, after the one at %s:%d: the input must hold one of each kind",
			c.Spec.Names.Kind, c.Spec.Group, first.file, first.line)}
	}
	ds.byKind[key] = d
	ds.byGroup[c.Spec.Group] = append(ds.byGroup[c.Spec.Group], c.Spec.Names.Kind)
	ds.count++
	return nil
}

// liveKey identifies a live object: group, kind, namespace and name.
type liveKey struct {
	groupKind, namespace, name string
}

// liveObject is an object of --old, as JSON, with where it was read.
type liveObject struct {
	json       []byte
	fields     map[string]any
	file       string
	line       int
	apiVersion string
	sent       bool // json is the object sent, not yet stored
}

// keyOf returns the liveKey of o, with the namespace as written.
func keyOf(o inputs.Object) liveKey {
	group, _ := server.SplitAPIVersion(o.Str("apiVersion"))
	meta, _ := o.Fields["metadata"].(map[string]any)
	ns, _ := meta["namespace"].(string)
	return liveKey{server.GroupKind(group, o.Str("kind")), ns, server.MetadataName(o)}
}

// reader reads the inputs of validate.
type reader struct {
	stdin           io.Reader
	stderr          io.Writer // for notes
	noKustomize     bool
	kustomizeRemote bool
	charts          []string // the Helm charts whose templates were skipped
}

// each calls read with the name and text of each input of path, as lint
// reads its PATHs (see inputs.Walker), skipping the templates of Helm
// charts with a note.
func (in *reader) each(path string, read func(name string, r io.Reader) *inputs.Problem) *inputs.Problem {
	all := inputs.Walker{Stdin: in.stdin, Stderr: in.stderr, NoKustomize: in.noKustomize, KustomizeRemote: in.kustomizeRemote, Skip: in.skip, Command: "kubeversion validate"}
	return all.UntilProblem(path, func(name string, r io.Reader) *inputs.Problem {
		var sniffer inputs.TemplateSniffer
		p := read(name, io.TeeReader(r, &sniffer))
		if p != nil && sniffer.Found {
			p.Message += strings.ReplaceAll(inputs.TemplateHint, "kubeversion lint", "kubeversion validate")
		}
		return p
	})
}

// skip skips the files of a Helm chart that are not manifests: its
// Chart.yaml and values files, and its templates, until helm template
// renders them, saying so once per chart.
func (in *reader) skip(root, p string, d fs.DirEntry) bool {
	if p == root || !inputs.IsChart(filepath.Dir(p)) {
		return false
	}
	if !d.IsDir() {
		name := d.Name()
		return name == "Chart.yaml" || strings.HasPrefix(name, "values") && inputs.IsManifestName(name)
	}
	if d.Name() != "templates" {
		return false
	}
	chart := filepath.Dir(p)
	fmt.Fprintf(in.stderr, "kubeversion validate: %s: skipped: the templates of a Helm chart; to validate them, render them: helm template %s | kubeversion validate -\n", diag.TextLine(p), diag.TextLine(chart))
	in.charts = append(in.charts, chart)
	return true
}

// readLive reads the live objects of --old by liveKey. Two objects with
// one key are a problem, at the second: which of them is live cannot be
// known.
func (in *reader) readLive(paths []string) (map[liveKey]*liveObject, *inputs.Problem) {
	live := map[liveKey]*liveObject{}
	for _, path := range paths {
		p := in.each(path, func(name string, r io.Reader) *inputs.Problem {
			var first *inputs.Problem
			p := inputs.ReadStream(name, r, func(o inputs.Object) bool {
				if o.IsCRD() || o.Str("kind") == "" {
					return true
				}
				data, err := o.JSON()
				if err != nil {
					first = &inputs.Problem{File: name, Line: o.Line, Message: err.Error()}
					return false
				}
				k := keyOf(o)
				if w, twice := live[k]; twice {
					first = &inputs.Problem{File: name, Line: o.Line, Message: fmt.Sprintf("a second live object %s %s, after the one at %s:%d: --old must hold one object of each name", o.Str("kind"), objectName(k.namespace, k.name), w.file, w.line)}
					return false
				}
				live[k] = &liveObject{json: data, fields: o.Fields, file: name, line: o.Line, apiVersion: o.Str("apiVersion")}
				return true
			})
			if first != nil {
				return first
			}
			return p
		})
		if p != nil {
			return nil, p
		}
	}
	return live, nil
}

// objectName returns "namespace/name", or "name" without a namespace.
func objectName(namespace, name string) string {
	if name == "" {
		name = "(no name)"
	}
	if namespace == "" {
		return name
	}
	return namespace + "/" + name
}
