package main

import (
	"net/http"
	"time"

	"github.com/kubeversion/kubeversion/conversion"
)

// limits bound what one client can hold of the webhook: without them, a
// client that sends its request a byte at a time, or never finishes its
// body, keeps a connection and a goroutine for as long as it likes, and
// a few hundred such clients starve the API server's own calls.
type limits struct {
	// readHeader bounds the reading of a request's headers.
	readHeader time.Duration
	// read bounds the reading of a whole request, body included.
	read time.Duration
	// write bounds the time from the end of the headers to the end of the
	// answer, conversion included.
	write time.Duration
	// idle bounds how long a kept-alive connection waits for the next
	// request.
	idle time.Duration
	// maxHeaderBytes bounds the size of a request's headers.
	maxHeaderBytes int
}

// serverLimits are the limits main serves with. The API server gives up on
// a conversion webhook after 30 s (the default timeout of its webhook
// client) and sends at most the 3 MiB that conversion.Handler reads by
// default (conversion.DefaultMaxBodyBytes): a request that takes longer
// is one the API server has already abandoned, and its headers are a few
// hundred bytes.
var serverLimits = limits{
	readHeader:     5 * time.Second,
	read:           15 * time.Second,
	write:          30 * time.Second,
	idle:           90 * time.Second,
	maxHeaderBytes: 64 << 10,
}

// newServer returns a server for addr that serves convert at /convert
// within l.
func newServer(addr string, convert conversion.Func, l limits) *http.Server {
	mux := http.NewServeMux()
	mux.Handle("/convert", &conversion.Handler{Convert: convert})
	return &http.Server{
		Addr:              addr,
		Handler:           mux,
		ReadHeaderTimeout: l.readHeader,
		ReadTimeout:       l.read,
		WriteTimeout:      l.write,
		IdleTimeout:       l.idle,
		MaxHeaderBytes:    l.maxHeaderBytes,
	}
}
