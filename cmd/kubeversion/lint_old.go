package main

import (
	"bytes"
	"io"

	"github.com/kubeversion/kubeversion/crd"
)

// readOld reads the live objects of --old by metadata.name, as oldStream.
func readOld(e *env, file string) (map[string]*crd.CustomResourceDefinition, *problem) {
	r, err := openInput(e, file)
	if err != nil {
		return nil, &problem{file, 0, err.Error()}
	}
	defer r.Close()
	return oldStream(file, r)
}

// oldObjects reads the live objects of data by metadata.name, as
// oldStream.
func oldObjects(file string, data []byte) (map[string]*crd.CustomResourceDefinition, *problem) {
	return oldStream(file, bytes.NewReader(data))
}

// oldStream reads the CRDs of r by metadata.name, or returns the first
// problem.
func oldStream(file string, r io.Reader) (map[string]*crd.CustomResourceDefinition, *problem) {
	old := map[string]*crd.CustomResourceDefinition{}
	var first *problem
	p := readStream(file, r, func(o object) bool {
		if !o.isCRD() {
			return true
		}
		c, p := decodeOld(o)
		if p != nil {
			first = p
			return false
		}
		old[c.Metadata.Name] = c
		return true
	})
	if first != nil {
		return nil, first
	}
	if p != nil {
		return nil, p
	}
	return old, nil
}
