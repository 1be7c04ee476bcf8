package webhookcheck

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kubeversion/kubeversion/cmd/kubeversion/internal/inputs"
	"github.com/kubeversion/kubeversion/conversion"
	"github.com/kubeversion/kubeversion/crd"
)

// webhookTimeout is the API server's timeout for a conversion webhook.
const webhookTimeout = 30 * time.Second

// webhookClient calls a conversion webhook as the API server does: a POST
// of JSON over HTTPS, HTTP/1.1, a 30 s timeout, and redirects followed as
// Go's http.Client follows them (client-go's webhook client sets no
// CheckRedirect, so the server follows up to 10, a 307 or 308 with the
// POST, a 301, 302 or 303 as a GET without body: CVE-2020-8561, kept by
// design; this client's CheckRedirect does the same, with an error of its
// own, and a warning for a redirect to plain HTTP). Unlike the server, it stops at the deadline of the whole run
// and reads at most maxAnswer bytes of an answer.
type webhookClient struct {
	url    string // with ?timeout=30s, as client-go adds it
	client *http.Client

	callTimeout time.Duration // webhookTimeout; tests shorten it
	answerFloor int64         // of maxAnswer: answerFloor; tests lower it
	deadline    time.Time     // of the whole run, from --timeout
	timeout     time.Duration // --timeout, for messages

	stderr    io.Writer // for the warning of a redirect to plain HTTP; nil: none
	plainOnce sync.Once // that warning is given once per run
}

// errNeedURL is returned by newWebhookClient when the CRD names a service,
// which only the API server inside the cluster can reach.
var errNeedURL = errors.New("needs --url")

// tlsOptions are webhook check's flags about TLS.
type tlsOptions struct {
	ca         []byte // --ca: the PEM certificates to trust
	serverName string // --tls-server-name
	insecure   bool   // --insecure-skip-tls-verify
}

// newWebhookClient returns a client for def's webhook: at rawURL if it is
// not empty, else at spec.conversion.webhook.clientConfig.url, trusting
// the PEM certificates of opts.ca if not empty, else the CRD's caBundle,
// else the system's roots (as the server does with an empty caBundle).
// The certificate must name opts.serverName if given; else, for a
// webhook the CRD names as a service, <name>.<namespace>.svc, the name the
// API server verifies (so that a certificate made for the cluster is
// verified behind kubectl port-forward); else the URL's host.
func newWebhookClient(def *crd.CustomResourceDefinition, rawURL string, opts tlsOptions) (*webhookClient, error) {
	caPEM := opts.ca
	var cc *crd.ClientConfig
	if conv := def.Spec.Conversion; conv != nil && conv.Webhook != nil {
		cc = conv.Webhook.ClientConfig
	}
	if rawURL == "" {
		switch {
		case cc != nil && cc.URL != nil:
			rawURL = *cc.URL
		case cc != nil && cc.Service != nil:
			return nil, fmt.Errorf("the CRD's webhook is the service %s/%s, which only the API server inside the cluster reaches: %w (for example https://localhost:8443/ after kubectl port-forward)",
				cc.Service.Namespace, cc.Service.Name, errNeedURL)
		default:
			return nil, fmt.Errorf("the CRD has no spec.conversion.webhook.clientConfig: %w", errNeedURL)
		}
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("webhook URL: %v", err)
	}
	if u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("webhook URL %q: want https://host[:port][/path], as the API server requires", rawURL)
	}
	if u.Path == "" {
		u.Path = "/"
	}
	q := u.Query()
	q.Set("timeout", "30s")
	u.RawQuery = q.Encode()

	if len(bytes.TrimSpace(caPEM)) == 0 && cc != nil {
		caPEM = cc.CABundle
	}
	tlsConfig := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: opts.serverName, InsecureSkipVerify: opts.insecure}
	if opts.serverName == "" && cc != nil && cc.Service != nil {
		tlsConfig.ServerName = cc.Service.Name + "." + cc.Service.Namespace + ".svc"
	}
	if len(bytes.TrimSpace(caPEM)) > 0 { // white space only counts as empty
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(caPEM) {
			return nil, errors.New("CA bundle: no PEM certificate found")
		}
		tlsConfig.RootCAs = pool
	}
	transport := &http.Transport{
		Proxy:           http.ProxyFromEnvironment,
		TLSClientConfig: tlsConfig,
		// A non-nil empty map turns HTTP/2 off: the server speaks HTTP/1.1 to webhooks.
		TLSNextProto:      map[string]func(string, *tls.Conn) http.RoundTripper{},
		ForceAttemptHTTP2: false,
	}
	// The timeouts are the deadlines of each call's context (see post),
	// not http.Client's Timeout, so that post can tell which one ended a
	// call, and that an answer cut by either is never taken for whole.
	c := &webhookClient{url: u.String(), callTimeout: webhookTimeout, answerFloor: answerFloor}
	c.client = &http.Client{Transport: transport, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 10 { // as http.Client's default
			return errTooManyRedirects
		}
		if req.URL.Scheme != "https" {
			c.warnPlain(req.URL)
		}
		return nil
	}}
	return c, nil
}

// newUID returns a random UUID (version 4), as the server makes one per call.
func newUID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// post sends review and returns the body of a 2xx answer, or the reason
// the server would give for the failure, without the "conversion webhook
// for <gvk> failed: " prefix. When no connection can be made, the webhook
// redirects too often, does not answer in time or answers more than
// maxAnswer bytes, the error is a *stopError (see stopped); a connection
// dropped or reset in the middle of a call is the call's failure alone.
func (c *webhookClient) post(review *conversion.Review) ([]byte, error) {
	data, err := json.Marshal(review)
	if err != nil {
		return nil, err
	}
	deadline, runOut := time.Now().Add(c.callTimeout), false
	if !c.deadline.After(deadline) {
		deadline, runOut = c.deadline, true
	}
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, */*")
	var connected atomic.Bool // set by the transport's goroutine
	req = req.WithContext(httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GotConn: func(httptrace.GotConnInfo) { connected.Store(true) },
	}))
	resp, err := c.client.Do(req)
	if err != nil { // "Post \"https://...?timeout=30s\": ...", as client-go's
		if stop := c.stopped(ctx, runOut, connected.Load(), err); stop != nil {
			return nil, stop
		}
		return nil, err
	}
	defer resp.Body.Close()
	limit := maxAnswer(c.answerFloor, len(data))
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err == nil && ctx.Err() != nil {
		err = ctx.Err() // a body cut at the deadline has been seen to end without an error
	}
	if err != nil {
		err = fmt.Errorf("unexpected error when reading response body. Please retry. Original error: %w", err)
		if stop := c.stopped(ctx, runOut, true, err); stop != nil {
			return nil, stop
		}
		return nil, err
	}
	if int64(len(body)) > limit {
		return nil, &stopError{reason: fmt.Sprintf("the answer is longer than %s, the most webhook check reads of the answer to a request of %d bytes (the API server reads any size)", inputs.SizeString(limit), len(data))}
	}
	return body, httpFailure(resp, body)
}

// httpFailure returns the error client-go makes of an answer, as measured
// on the real converter, or nil for a 2xx answer with a body: a
// Content-Type that does not parse is an internal error; an empty body or
// a 204 is a "0-length response"; another non-2xx answer gives the message
// of a Status of status Failure in its body, or client-go's generic
// message for its code. The webhook client decodes any content type (its
// one serializer has no media type), so a Status is read whatever the
// Content-Type says; only its text/ prefix decides whether the generic
// message quotes the body.
func httpFailure(resp *http.Response, body []byte) error {
	ct := resp.Header.Get("Content-Type")
	if ct == "" {
		ct = "application/json" // the client's content type stands in
	}
	if _, _, err := mime.ParseMediaType(ct); err != nil {
		return fmt.Errorf("%s: %v", "Internal error occurred", err) // NewInternalError's words
	}
	code := resp.StatusCode
	ok := code >= 200 && code <= 206
	if ok && (len(body) == 0 || code == http.StatusNoContent) {
		return fmt.Errorf("0-length response with status code: %d and content type: %s", code, ct)
	}
	if ok {
		return nil
	}
	var status struct {
		Kind, Status, Message string
	}
	if json.Unmarshal(body, &status) == nil && status.Kind == "Status" && status.Status == conversion.StatusFailure {
		return errors.New(status.Message)
	}
	text := "unknown"
	if media, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); resp.Header.Get("Content-Type") == "" || err == nil && strings.HasPrefix(media, "text/") {
		text = strings.TrimSpace(string(body[:min(len(body), 2048)]))
	}
	return errors.New(genericMessage(code, text))
}

// genericMessage is client-go's message for an HTTP status without a
// Status body (NewGenericServerResponse in k8s.io/apimachinery), text
// being the body if it is text, else "unknown".
func genericMessage(code int, text string) string {
	switch code {
	case http.StatusConflict:
		return "the server reported a conflict"
	case http.StatusNotFound:
		return "the server could not find the requested resource"
	case http.StatusBadRequest:
		return "the server rejected our request for an unknown reason"
	case http.StatusUnauthorized:
		return "the server has asked for the client to provide credentials"
	case http.StatusForbidden, http.StatusUnsupportedMediaType:
		return text
	case http.StatusNotAcceptable:
		if text == "" || text == "unknown" {
			return "the server was unable to respond with a content type that the client supports"
		}
		return text
	case http.StatusMethodNotAllowed:
		return "the server does not allow this method on the requested resource"
	case http.StatusUnprocessableEntity:
		return "the server rejected our request due to an error in our request"
	case http.StatusServiceUnavailable:
		return "the server is currently unable to handle the request"
	case http.StatusGatewayTimeout:
		return "the server was unable to return a response in the time allotted, but may still be processing the request"
	case http.StatusTooManyRequests:
		return "the server has received too many requests and has asked us to try again later"
	}
	if code >= 500 {
		return fmt.Sprintf("an error on the server (%q) has prevented the request from succeeding", text)
	}
	return fmt.Sprintf("the server responded with the status code %d but did not return more information", code)
}
