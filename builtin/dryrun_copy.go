package builtin

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"reflect"
	"sync"
	"sync/atomic"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// copyingCodec is the storage codec of every store, which a dry run
// encodes the object it would store with and decodes again (the
// registry's DryRunnableStorage.copyInto), so that what a round trip
// through etcd changes changes here too. For an object of a Create with
// Options.NoObject, whose stored form nobody reads, it makes a deep copy
// instead: what it encodes is a token, which it decodes into a copy of
// the object. A fifth of a Deployment's create was that round trip and
// the encoding of its result.
type copyingCodec struct {
	runtime.Codec
}

// copyToken starts the text copyingCodec encodes an object to copy as,
// before its number: no storage codec's text does (protobuf's starts
// "k8s\x00", JSON's "{").
const copyToken = "kubeversion-deep-copy:"

var (
	// toCopy are the objects whose round trip is a copy, while their
	// create runs.
	toCopy sync.Map // runtime.Object -> struct{}
	// copying are the objects encoded as tokens and not yet decoded, by
	// the number of their token.
	copying sync.Map // uint64 -> runtime.Object
	tokens  atomic.Uint64
)

// copyOnly makes the storage round trip of obj a deep copy until done is
// called.
func copyOnly(obj runtime.Object) (done func()) {
	toCopy.Store(obj, struct{}{})
	return func() { toCopy.Delete(obj) }
}

// Encode writes a token for an object of copyOnly, a new one each time,
// and encodes any other with the storage codec.
func (c copyingCodec) Encode(obj runtime.Object, w io.Writer) error {
	if _, ok := toCopy.Load(obj); !ok {
		return c.Codec.Encode(obj, w)
	}
	n := tokens.Add(1)
	copying.Store(n, obj)
	_, err := w.Write(binary.BigEndian.AppendUint64([]byte(copyToken), n))
	return err
}

// Decode makes into a deep copy of the object of a token, and decodes
// anything else with the storage codec.
func (c copyingCodec) Decode(data []byte, gvk *schema.GroupVersionKind, into runtime.Object) (runtime.Object, *schema.GroupVersionKind, error) {
	rest, ok := bytes.CutPrefix(data, []byte(copyToken))
	if !ok || len(rest) != 8 {
		return c.Codec.Decode(data, gvk, into)
	}
	obj, ok := copying.LoadAndDelete(binary.BigEndian.Uint64(rest))
	if !ok {
		return nil, nil, fmt.Errorf("no object to copy for the token %q", data)
	}
	src, dst := reflect.ValueOf(obj.(runtime.Object).DeepCopyObject()), reflect.ValueOf(into)
	if into == nil || dst.Type() != src.Type() {
		return nil, nil, fmt.Errorf("cannot copy a %T into a %T", obj, into)
	}
	dst.Elem().Set(src.Elem())
	return into, nil, nil
}
