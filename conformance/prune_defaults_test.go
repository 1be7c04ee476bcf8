package conformance

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kubeversion/kubeversion/crd"
)

// defaultsOurs decodes manifest with crd.Decode and returns the sorted
// messages of crd.ValidateCreate, or of crd.ValidateUpdate where old is
// not nil, or the decoding error.
func defaultsOurs(manifest, old []byte) ([]string, error) {
	c, err := crd.Decode(manifest)
	if err != nil {
		return nil, err
	}
	if old == nil {
		return pruneMessages(crd.ValidateCreate(c)), nil
	}
	o, err := crd.Decode(old)
	if err != nil {
		return nil, err
	}
	return pruneMessages(crd.ValidateUpdate(c, o)), nil
}

// defaultsTheirs returns the sorted messages of the server, or its
// decoding error.
func defaultsTheirs(manifest, old []byte) ([]string, error) {
	msgs, err := kubeErrors(manifest, old)
	slices.Sort(msgs)
	return msgs, err
}

// TestDefaultsDifferential creates CRDs whose schemas carry generated
// defaults and value validations with crd.ValidateCreate and with the
// server's registry strategy, and compares every error message; a quarter
// of the cases update the CRD to itself instead (crd.ValidateUpdate), where
// defaults that pruning changes in the old schema need not be pruned. It
// proves
// the validation of defaults (validateDefaults, as
// defaulting.ValidateDefaults: each default validated as a value of its
// schema, pruned or not, with its metadata and embedded resources) and
// with it the validation of values (crd/internal/openapi, as the server's
// kube-openapi validator over Structural.ToKubeOpenAPI), both internal,
// through the exported API.
// Half of the defaults are shaped by their schema, so that both valid and
// invalid ones come up.
//
// The messages are compared as sorted lists. The server walks the maps of
// a schema in random order, and where a default fails in more than one way
// an anyOf or oneOf may report one failure or another: where the lists
// differ, the server is rerun up to 12 times, and the case matches if one
// run gives crd's list. Rerun a failure with
//
//	go test -run TestDefaultsDifferential -pruneseed N
func TestDefaultsDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(*pruneSeed, 2))
	p := &pruneTally{t: t}
	valid, skipped, unpruned := 0, 0, 0
	for p.compared < pruneCount() {
		sm := defaultedSchema(r, 3, false)
		sm["type"] = "object"
		delete(sm, "x-kubernetes-int-or-string")
		schemaJSON := pruneJSON(sm)
		manifest, old := crdWithSchema(schemaJSON, ""), []byte(nil)
		if r.IntN(4) == 0 {
			// An update of the CRD to itself: where the old schema has
			// defaults that pruning changes, they need not be pruned.
			manifest = crdWithSchema(schemaJSON, "1")
			old = manifest
			if kubeUnprunedDefaults(schemaJSON) {
				unpruned++
			}
		}
		theirs, terr := defaultsTheirs(manifest, old)
		if terr != nil {
			skipped++ // the generators make no such input, but should they
			continue
		}
		p.compared++
		ours, oerr := defaultsOurs(manifest, old)
		if oerr != nil {
			p.differ("manifest %s\nold %s\ncrd.Decode: %v\nthe server decodes it", manifest, old, oerr)
			continue
		}
		if len(theirs) == 0 {
			valid++
		}
		if slices.ContainsFunc(theirs, func(m string) bool { return strings.Contains(m, ".default") }) {
			p.interesting++
		}
		same := slices.Equal(ours, theirs)
		for try := 0; !same && try < 12; try++ {
			again, _ := defaultsTheirs(manifest, old)
			if slices.Equal(ours, again) {
				same = true
				p.reruns++
			}
		}
		if !same {
			p.differ("manifest %s\nold %s\nonly the server gives:\n%sonly crd gives:\n%s",
				manifest, old, pruneLines(pruneMinus(theirs, ours)), pruneLines(pruneMinus(ours, theirs)))
		}
	}
	t.Logf("%d CRDs valid, %d updates from a schema whose defaults pruning changes, %d not decoded by the server and skipped",
		valid, unpruned, skipped)
	p.report("errors in defaults")
}
