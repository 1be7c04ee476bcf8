package conformance

import (
	"encoding/json"
	"encoding/pem"
	"flag"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kubeversion/kubeversion/conversion"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiconversion "k8s.io/apiextensions-apiserver/pkg/apiserver/conversion"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/util/webhook"
)

var (
	webhookCases = flag.Int("webhookcases", 20_000, "number of generated webhook answers TestWebhookCheckResponse compares (a hundredth under -short)")
	webhookSeed  = flag.Uint64("webhookseed", 1, "seed of the generator of TestWebhookCheckResponse; rerun a failure with the seed it prints")
	webhookShown = flag.Int("webhookshown", 5, "number of mismatches TestWebhookCheckResponse prints with their inputs")
)

// webhookCount returns the number of cases TestWebhookCheckResponse compares.
func webhookCount() int {
	if testing.Short() {
		return max(*webhookCases/100, 1)
	}
	return *webhookCases
}

// webhookServer is one TLS webhook for all cases: it answers each request
// with the body of the current case, the request's uid put in for $UID,
// and remembers that uid.
type webhookServer struct {
	mu      sync.Mutex
	body    string
	lastUID string
}

func (s *webhookServer) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	var review struct{ Request struct{ UID string } }
	if err := json.NewDecoder(req.Body).Decode(&review); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.lastUID = review.Request.UID
	body := strings.ReplaceAll(s.body, "$UID", review.Request.UID)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, body)
}

// set makes body the answer to the next request.
func (s *webhookServer) set(body string) {
	s.mu.Lock()
	s.body, s.lastUID = body, ""
	s.mu.Unlock()
}

// uid returns the uid of the last request since set.
func (s *webhookServer) uid() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastUID
}

// webhookConverters returns the API server's webhook converters for the
// CronTab CRD of the generator, one asking for each review version, all
// calling srv.
func webhookConverters(t *testing.T, srv *httptest.Server) map[string]runtime.ObjectConvertor {
	t.Helper()
	caPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	factory, err := apiconversion.NewCRConverterFactory(nil, func(r webhook.AuthenticationInfoResolver) webhook.AuthenticationInfoResolver { return r })
	if err != nil {
		t.Fatal(err)
	}
	converters := map[string]runtime.ObjectConvertor{}
	for _, review := range []string{"v1", "v1beta1"} {
		url := srv.URL
		crd := &apiextensionsv1.CustomResourceDefinition{}
		crd.Name = "crontabs.stable.example.com"
		crd.Spec.Group = "stable.example.com"
		crd.Spec.Scope = apiextensionsv1.NamespaceScoped
		crd.Spec.Names = apiextensionsv1.CustomResourceDefinitionNames{Kind: "CronTab", ListKind: "CronTabList", Plural: "crontabs", Singular: "crontab"}
		crd.Spec.Versions = []apiextensionsv1.CustomResourceDefinitionVersion{{Name: "v1beta1", Served: true}, {Name: "v1", Served: true, Storage: true}}
		crd.Spec.Conversion = &apiextensionsv1.CustomResourceConversion{
			Strategy: apiextensionsv1.WebhookConverter,
			Webhook: &apiextensionsv1.WebhookConversion{
				ClientConfig:             &apiextensionsv1.WebhookClientConfig{URL: &url, CABundle: caPEM},
				ConversionReviewVersions: []string{review},
			},
		}
		converter, _, err := factory.NewConverter(crd)
		if err != nil {
			t.Fatal(err)
		}
		converters[review] = converter
	}
	return converters
}

// webhookVerdict is what one side made of an answer: the error message,
// or the converted objects as JSON values.
type webhookVerdict struct {
	msg     string
	objects any
}

// serverVerdict converts the originals of c to stable.example.com/v1 with
// the API server's converter, which calls srv, and returns its verdict,
// the request's uid in the message replaced by "req-1".
func serverVerdict(c webhookCase, converter runtime.ObjectConvertor, srv *webhookServer) webhookVerdict {
	srv.set(c.body)
	items := make([]unstructured.Unstructured, len(c.originals))
	for i, o := range c.originals {
		items[i] = unstructured.Unstructured{Object: webhookCopy(o).(map[string]any)}
	}
	var in runtime.Object = &items[0]
	if c.list {
		in = &unstructured.UnstructuredList{Object: map[string]any{"apiVersion": "stable.example.com/v1beta1", "kind": "CronTabList"}, Items: items}
	}
	out, err := converter.ConvertToVersion(in, schema.GroupVersion{Group: "stable.example.com", Version: "v1"})
	if err != nil {
		msg := err.Error()
		if uid := srv.uid(); uid != "" {
			msg = strings.ReplaceAll(msg, uid, "req-1")
		}
		return webhookVerdict{msg: msg}
	}
	var objs []map[string]any
	switch out := out.(type) {
	case *unstructured.UnstructuredList:
		for _, it := range out.Items {
			objs = append(objs, it.Object)
		}
	case *unstructured.Unstructured:
		objs = append(objs, out.Object)
	default:
		return webhookVerdict{msg: "unexpected result type " + reflect.TypeOf(out).String()}
	}
	return webhookVerdict{objects: webhookCopy(objs)}
}

// checkVerdict returns CheckResponse's verdict on the answer of c to a
// request with uid "req-1".
func checkVerdict(c webhookCase) webhookVerdict {
	raws := make([]json.RawMessage, len(c.originals))
	for i, o := range c.originals {
		raws[i] = json.RawMessage(webhookJSON(o))
	}
	req := &conversion.Review{
		APIVersion: "apiextensions.k8s.io/" + c.review,
		Kind:       "ConversionReview",
		Request:    &conversion.Request{UID: "req-1", DesiredAPIVersion: "stable.example.com/v1", Objects: raws},
	}
	got, err := conversion.CheckResponse(req, []byte(strings.ReplaceAll(c.body, "$UID", "req-1")), conversion.CheckOptions{List: c.list})
	if err != nil {
		return webhookVerdict{msg: err.Error()}
	}
	var objs []map[string]any
	for _, g := range got {
		objs = append(objs, g.Object)
	}
	return webhookVerdict{objects: webhookCopy(objs)}
}

// webhookSortErrors sorts the errors of an aggregate "[metadata.labels: ...,
// metadata.annotation: ...]" of label and annotation errors. The server
// validates labels and annotations by ranging over a Go map, so the order
// of these errors is random from one run to the next; CheckResponse gives
// them sorted by key. Messages are compared with both aggregates sorted,
// and such cases are counted apart.
func webhookSortErrors(msg string) string {
	i := strings.Index(msg, "[metadata.")
	if i < 0 || !strings.HasSuffix(msg, "]") {
		return msg
	}
	body := msg[i+1 : len(msg)-1]
	body = strings.ReplaceAll(body, ", metadata.labels: ", "\x00metadata.labels: ")
	body = strings.ReplaceAll(body, ", metadata.annotation: ", "\x00metadata.annotation: ")
	parts := strings.Split(body, "\x00")
	slices.Sort(parts)
	return msg[:i] + "[" + strings.Join(parts, "\x00") + "]"
}

// TestWebhookCheckResponse points the API server's webhook converter
// (k8s.io/apiextensions-apiserver/pkg/apiserver/conversion) at a TLS
// webhook that returns generated answers, correct or broken in each way
// the server checks, and compares its verdict, error message or converted
// objects, with that of conversion.CheckResponse on the same answer.
func TestWebhookCheckResponse(t *testing.T) {
	srv := &webhookServer{}
	ts := httptest.NewTLSServer(srv)
	defer ts.Close()
	converters := webhookConverters(t, ts)

	gen := webhookGen{r: rand.New(rand.NewPCG(*webhookSeed, 1))}
	n := webhookCount()
	refused, orderOnly, mismatches := 0, 0, 0
	for i := range n {
		c := gen.next()
		want := serverVerdict(c, converters[c.review], srv)
		got := checkVerdict(c)
		if want.msg != "" {
			refused++
		}
		switch {
		case want.msg == got.msg && reflect.DeepEqual(want.objects, got.objects):
		case want.msg != got.msg && webhookSortErrors(want.msg) == webhookSortErrors(got.msg):
			orderOnly++
		default:
			mismatches++
			if mismatches <= *webhookShown {
				t.Errorf("case %d (seed %d) differs: review %s, list %v\nbody: %.600s\noriginals: %.400s\nserver: %.500s\nCheckResponse: %.500s\nserver objects: %.300s\nCheckResponse objects: %.300s",
					i, *webhookSeed, c.review, c.list, c.body, webhookJSON(c.originals), want.msg, got.msg, webhookJSON(want.objects), webhookJSON(got.objects))
			}
		}
	}
	t.Logf("seed %d: %d generated answers, %d refused by the server, %d accepted, %d mismatches, %d differing only in the order of label/annotation errors",
		*webhookSeed, n, refused, n-refused, mismatches, orderOnly)
	if mismatches > 0 {
		t.Errorf("%d of %d answers differ", mismatches, n)
	}
	if refused == 0 || refused == n {
		t.Errorf("%d of %d answers refused: the generator proves nothing", refused, n)
	}
}
