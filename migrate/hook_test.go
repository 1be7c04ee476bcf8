package migrate

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

// hooks let a test act between the migrator and the server: onPatch runs
// before a widget's patch is sent (it may answer instead, with a non-nil
// response); onList before a list of widgets is sent; onDiscovery rewrites
// the body of discovery of a group/version of the widgets; with
// loseCommit, the answer to a patch of the CRD's status is lost (a 503
// replaces it, after the server applied the patch).
type hooks struct {
	loseCommit  bool
	onPatch     func(ns, name string) *http.Response
	onList      func(r *http.Request) *http.Response
	onDiscovery func(body []byte) []byte
}

// hooked returns a copy of cfg whose requests go through h.
func hooked(cfg *rest.Config, h hooks) *rest.Config {
	cfg = rest.CopyConfig(cfg)
	cfg.Wrap(func(rt http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(r *http.Request) (*http.Response, error) {
			parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
			// apis/<group>/<version>/namespaces/<ns>/widgets/<name>
			switch {
			case r.Method == http.MethodPatch && h.onPatch != nil && len(parts) == 7 && parts[1] == testGroup && parts[5] == testPlural:
				if resp := h.onPatch(parts[4], parts[6]); resp != nil {
					return resp, nil
				}
			case r.Method == http.MethodGet && h.onList != nil && len(parts) == 4 && parts[1] == testGroup && parts[3] == testPlural:
				if resp := h.onList(r); resp != nil {
					return resp, nil
				}
			case r.Method == http.MethodPatch && h.loseCommit && strings.HasSuffix(r.URL.Path, "/customresourcedefinitions/"+testCRD+"/status"):
				resp, err := rt.RoundTrip(r)
				if err != nil {
					return resp, err
				}
				resp.Body.Close()
				return statusResponse(r, metav1.Status{Code: http.StatusServiceUnavailable, Reason: metav1.StatusReasonServiceUnavailable, Message: "answer lost"}), nil
			case r.Method == http.MethodGet && h.onDiscovery != nil && len(parts) == 3 && parts[1] == testGroup:
				resp, err := rt.RoundTrip(r)
				if err != nil {
					return resp, err
				}
				b, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					return nil, err
				}
				b = h.onDiscovery(b)
				resp.Body, resp.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
				resp.Header.Del("Content-Length")
				return resp, nil
			}
			return rt.RoundTrip(r)
		})
	})
	return cfg
}

// statusResponse returns an answer of the API server with status s.
func statusResponse(r *http.Request, s metav1.Status) *http.Response {
	s.Kind, s.APIVersion, s.Status = "Status", "v1", metav1.StatusFailure
	b, _ := json.Marshal(s)
	return &http.Response{
		StatusCode: int(s.Code),
		Header:     http.Header{"Content-Type": []string{"application/json"}},
		Body:       io.NopCloser(bytes.NewReader(b)),
		Request:    r,
	}
}
