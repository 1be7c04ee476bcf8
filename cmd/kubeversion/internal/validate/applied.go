package validate

import (
	"encoding/json"
	"hash/fnv"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// appliedObjects are the objects of OBJECTS accepted so far, as the
// server would store them, by identity: a later object of the same
// identity is judged as an update of the latest, as `kubectl apply` of
// both would apply the second. Each costs memory only for a hash of its
// identity and where the spool keeps it, so that memory stays flat in
// the number of objects.
type appliedObjects struct {
	spool *inputs.Spool
	at    map[uint64]inputs.Kept
}

// appliedRecord is what the spool keeps of an applied object.
type appliedRecord struct {
	Key        [3]string       `json:"key"` // group and kind, namespace, name
	File       string          `json:"file"`
	Line       int             `json:"line"`
	APIVersion string          `json:"apiVersion"`
	Object     json.RawMessage `json:"object"`
}

// hashKey returns a 64-bit hash of k: FNV-1a, each part ended by a byte
// no name holds. Two identities of one hash, one chance in 10^7 among a
// million objects, cost an update judged as a create: get checks the
// identity it reads back.
func hashKey(k liveKey) uint64 {
	h := fnv.New64a()
	for _, s := range k.parts() {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// put records stored, the JSON of the object read at file:line as the
// server would store it, as the applied object of k. An object that
// cannot be kept is not recorded: a later copy is then judged as a
// create.
func (a *appliedObjects) put(k liveKey, file string, line int, apiVersion string, stored []byte) {
	data, err := json.Marshal(appliedRecord{Key: k.parts(), File: file, Line: line, APIVersion: apiVersion, Object: stored})
	if err != nil {
		return
	}
	kept, err := a.spool.Put(data)
	if err != nil {
		return
	}
	if a.at == nil {
		a.at = map[uint64]inputs.Kept{}
	}
	a.at[hashKey(k)] = kept
}

// get returns the applied object of k, nil if none. The server gives a
// stored object a resourceVersion, which an update must carry: one
// without gets "1".
func (a *appliedObjects) get(k liveKey) *liveObject {
	kept, ok := a.at[hashKey(k)]
	if !ok {
		return nil
	}
	data, err := a.spool.Get(kept)
	if err != nil {
		return nil
	}
	var rec appliedRecord
	if json.Unmarshal(data, &rec) != nil || rec.Key != k.parts() {
		return nil
	}
	l := &liveObject{json: rec.Object, file: rec.File, line: rec.Line, apiVersion: rec.APIVersion}
	if json.Unmarshal(rec.Object, &l.fields) != nil {
		return nil
	}
	meta, _ := l.fields["metadata"].(map[string]any)
	if _, ok := meta["resourceVersion"]; meta != nil && !ok {
		meta["resourceVersion"] = "1"
		if l.json, err = json.Marshal(l.fields); err != nil {
			return nil
		}
	}
	return l
}

// parts returns k's group and kind, namespace and name.
func (k liveKey) parts() [3]string { return [3]string{k.groupKind, k.namespace, k.name} }

// empty reports whether no object was applied.
func (a *appliedObjects) empty() bool { return len(a.at) == 0 }
