package main

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// testLimits are serverLimits shortened so that the tests take a second.
// write is left long: the 400 that answers a body cut off at read must
// still be written on a busy machine, or the test sees a closed
// connection instead.
var testLimits = limits{
	readHeader:     200 * time.Millisecond,
	read:           400 * time.Millisecond,
	write:          4 * time.Second,
	idle:           300 * time.Millisecond,
	maxHeaderBytes: 1 << 10,
}

// patience is how long a test waits for the server to cut a client off:
// far longer than testLimits, far shorter than a slow client would stay.
const patience = 5 * time.Second

// dial starts a server with testLimits and connects to it.
func dial(t *testing.T) net.Conn {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer("", converter().Convert, testLimits)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// waitClosed reads r until the server closes the connection, and fails
// the test if it is still open after patience.
func waitClosed(t *testing.T, conn net.Conn, r io.Reader) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(patience))
	_, err := io.Copy(io.Discard, r)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("the server still holds the connection after %v", patience)
	}
}

const head = "POST /convert HTTP/1.1\r\nHost: webhook\r\nContent-Type: application/json\r\n"

// TestServerCutsOffSlowHeaders checks that a client sending its headers a
// byte at a time (slowloris) is cut off after readHeader.
func TestServerCutsOffSlowHeaders(t *testing.T) {
	conn := dial(t)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for _, c := range []byte(head + "X-Slow: " + strings.Repeat("a", 1000)) {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if _, err := conn.Write([]byte{c}); err != nil {
				return
			}
		}
	}()
	waitClosed(t, conn, conn)
}

// TestServerCutsOffSlowBody checks that a client that never finishes its
// body is cut off after read, and answered 400.
func TestServerCutsOffSlowBody(t *testing.T) {
	conn := dial(t)
	if _, err := io.WriteString(conn, head+"Content-Length: 1000\r\n\r\n{\"apiVer"); err != nil {
		t.Fatal(err)
	}
	resp, r := readAnswer(t, conn)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a body cut off: status %d, want 400", resp.StatusCode)
	}
	waitClosed(t, conn, r)
}

// TestServerClosesIdleConnections checks that a kept-alive connection is
// closed after idle with no new request.
func TestServerClosesIdleConnections(t *testing.T) {
	conn := dial(t)
	body := `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"stable.example.com/v1","objects":[]}}`
	if _, err := io.WriteString(conn, head+"Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
	resp, r := readAnswer(t, conn)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Close {
		t.Fatalf("a review: status %d, close %v; want 200 on a kept-alive connection", resp.StatusCode, resp.Close)
	}
	waitClosed(t, conn, r)
}

// TestServerRefusesLargeHeaders checks that headers over maxHeaderBytes
// (with the 4 KiB net/http allows above it) get 431.
func TestServerRefusesLargeHeaders(t *testing.T) {
	conn := dial(t)
	go io.WriteString(conn, head+"X-Large: "+strings.Repeat("a", 64<<10)+"\r\n\r\n")
	conn.SetReadDeadline(time.Now().Add(patience))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("64 KiB of headers: status %d, want 431", resp.StatusCode)
	}
}

// readAnswer reads the server's answer on conn, waiting at most patience,
// and returns it with the reader that holds what follows.
func readAnswer(t *testing.T, conn net.Conn) (*http.Response, *bufio.Reader) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(patience))
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	return resp, r
}
