package validate

import (
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"math"
	"sync"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
)

// appliedObjects are the objects of OBJECTS accepted so far, as the
// server would store them, by identity: a later object of the same
// identity is judged as an update of the latest, as `kubectl apply` of
// both would apply the second. They are kept in the spool, in chains of
// records by the hash of their identity, and memory holds only the
// chains' heads and a filter of the hashes seen: 2.5 MiB however many
// objects there are. An object whose hash the filter has not seen (every
// first copy, but for one chance in 16 at a million objects) costs no
// read of the spool.
type appliedObjects struct {
	spool *inputs.Spool
	mu    sync.Mutex // objects are judged in parallel
	heads []int64    // of each chain, by the hash's low bits: 1 + where its latest record starts; 0 for none
	seen  []uint64   // a bit per hash, by its high bits
	n     int        // records
}

const (
	chainBits  = 16 // 65,536 chains: 512 KiB of heads
	filterBits = 24 // 16,777,216 bits: 2 MiB
	headerSize = 24 // of a record: the previous record of its chain (1 + where it starts; 0 for none), the hash, the lengths of the two JSON texts after it
)

// appliedRecord is a record: after its header, the JSON of its other
// fields, then Object as it was given. Object is kept apart so that it
// is written without being read again (json.Marshal checks and compacts
// a json.RawMessage, which was 2% of validate's CPU).
type appliedRecord struct {
	Key        [3]string `json:"key"` // group and kind, namespace, name
	File       string    `json:"file"`
	Line       int       `json:"line"`
	APIVersion string    `json:"apiVersion"`
	// Sent marks an Object that is the object as it was sent, created
	// with Options.NoObjects: its stored object is still to be made.
	Sent   bool            `json:"sent,omitempty"`
	Object json.RawMessage `json:"-"`
}

// hashKey returns a 64-bit hash of k: FNV-1a, each part ended by a byte
// no name holds.
func hashKey(k liveKey) uint64 {
	h := fnv.New64a()
	for _, s := range k.parts() {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// seenBit returns the word of a.seen and the bit of hash h.
func seenBit(h uint64) (int, uint64) {
	i := h >> (64 - filterBits)
	return int(i / 64), 1 << (i % 64)
}

// put records stored, the JSON of the object read at file:line as the
// server would store it (as it was sent, if sent), as the applied object
// of k. An object that cannot be kept is not recorded: a later copy is
// then judged as a create.
func (a *appliedObjects) put(k liveKey, file string, line int, apiVersion string, stored []byte, sent bool) {
	data, err := json.Marshal(appliedRecord{Key: k.parts(), File: file, Line: line, APIVersion: apiVersion, Sent: sent})
	if err != nil || uint64(len(data)) > math.MaxUint32 || uint64(len(stored)) > math.MaxUint32 {
		return // the header holds each length in 32 bits
	}
	h := hashKey(k)
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.heads == nil {
		a.heads, a.seen = make([]int64, 1<<chainBits), make([]uint64, (1<<filterBits)/64)
	}
	chain := h & (1<<chainBits - 1)
	record := make([]byte, headerSize, headerSize+len(data)+len(stored))
	binary.LittleEndian.PutUint64(record[0:], uint64(a.heads[chain]))
	binary.LittleEndian.PutUint64(record[8:], h)
	binary.LittleEndian.PutUint32(record[16:], uint32(len(data)))
	binary.LittleEndian.PutUint32(record[20:], uint32(len(stored)))
	off, err := a.spool.Append(append(append(record, data...), stored...))
	if err != nil {
		return
	}
	a.heads[chain] = off + 1
	w, bit := seenBit(h)
	a.seen[w] |= bit
	a.n++
}

// get returns the applied object of k, nil if none. The server gives a
// stored object a resourceVersion, which an update must carry: one
// without gets "1".
func (a *appliedObjects) get(k liveKey) *liveObject {
	h := hashKey(k)
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.heads == nil {
		return nil
	}
	if w, bit := seenBit(h); a.seen[w]&bit == 0 {
		return nil
	}
	var header [headerSize]byte
	for at := a.heads[h&(1<<chainBits-1)]; at > 0; at = int64(binary.LittleEndian.Uint64(header[0:])) {
		if a.spool.ReadAt(header[:], at-1) != nil {
			return nil
		}
		if binary.LittleEndian.Uint64(header[8:]) != h {
			continue
		}
		n := binary.LittleEndian.Uint32(header[16:])
		data := make([]byte, int(n)+int(binary.LittleEndian.Uint32(header[20:])))
		var rec appliedRecord
		if a.spool.ReadAt(data, at-1+headerSize) != nil || json.Unmarshal(data[:n], &rec) != nil {
			return nil
		}
		rec.Object = data[n:]
		if rec.Key == k.parts() {
			return rec.live()
		}
	}
	return nil
}

// live returns the live object of rec, its JSON as kept; its fields
// are read when needed (see liveObject.withFields). The built-in
// objects' judge reads the JSON as the server reads what it stored.
func (rec appliedRecord) live() *liveObject {
	return &liveObject{json: rec.Object, file: rec.File, line: rec.Line, apiVersion: rec.APIVersion, sent: rec.Sent}
}

// withFields returns l with its fields read from its JSON, and with
// metadata.resourceVersion "1" where it has none: the server gives a
// stored object one, which an update must carry. It returns nil for a
// nil l, or JSON that cannot be read.
func (l *liveObject) withFields() *liveObject {
	if l == nil || l.fields != nil {
		return l
	}
	withFields := *l
	if json.Unmarshal(l.json, &withFields.fields) != nil {
		return nil
	}
	meta, _ := withFields.fields["metadata"].(map[string]any)
	if _, ok := meta["resourceVersion"]; meta != nil && !ok {
		meta["resourceVersion"] = "1"
		var err error
		if withFields.json, err = json.Marshal(withFields.fields); err != nil {
			return nil
		}
	}
	return &withFields
}

// parts returns k's group and kind, namespace and name.
func (k liveKey) parts() [3]string { return [3]string{k.groupKind, k.namespace, k.name} }

// empty reports whether no object was applied.
func (a *appliedObjects) empty() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.n == 0
}
