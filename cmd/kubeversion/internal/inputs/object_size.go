package inputs

import "fmt"

// The sizes that matter for one object, measured on the JSON body
// kubectl sends (aliases expanded).
const (
	// maxRequestBytes is the API server's limit on a request body,
	// k8s.io/apiserver's MaxRequestBodyBytes: 3 MiB.
	maxRequestBytes = 3 << 20
	// etcdRequestBytes is etcd's default --max-request-bytes, 1.5 MiB:
	// an object bigger than it is refused by etcd, behind the API
	// server, unless the cluster raised it.
	etcdRequestBytes = 3 << 19
	// lastAppliedBytes is the most metadata.annotations may hold, 256 KiB:
	// client-side kubectl apply copies the object into its
	// kubectl.kubernetes.io/last-applied-configuration annotation.
	lastAppliedBytes = 256 << 10
)

// sizeCheck returns the problem of o's size, an error: the API server
// refuses a body over maxRequestBytes; or the warning of o's size, over
// etcd's default limit or too big for client-side kubectl apply; or
// neither. It keeps o's JSON in o, for [Object.JSON]: a CRD big enough to
// be measured is decoded from it next, and writing it twice cost 3% of
// lint's CPU on the operators' corpus. The JSON is written into room for
// sizeHint bytes: the size of the document's text, when o is all of it,
// is about that of its JSON.
func sizeCheck(o *Object, sizeHint int) (*Problem, string) {
	data, err := appendJSON(make([]byte, 0, max(sizeHint, 4096)), o.Fields)
	if err != nil {
		return nil, "" // the reader of o says why it cannot be sent
	}
	o.json = data
	switch n := len(data); {
	case n > maxRequestBytes:
		return &Problem{o.File, o.Line, fmt.Sprintf("Request entity too large: limit is %d (the object is %d bytes of JSON, more than the API server's 3 MiB)", maxRequestBytes, n)}, ""
	case n > etcdRequestBytes:
		return nil, fmt.Sprintf("the object is %d bytes of JSON, more than etcd's default request limit of 1.5 MiB (--max-request-bytes): the API server's write fails unless the cluster's etcd takes more", n)
	case n > lastAppliedBytes:
		return nil, fmt.Sprintf("the object is %d bytes of JSON: client-side kubectl apply refuses it, metadata.annotations: Too long: must have at most 262144 bytes (kubectl.kubernetes.io/last-applied-configuration); use kubectl apply --server-side", n)
	}
	return nil, ""
}
