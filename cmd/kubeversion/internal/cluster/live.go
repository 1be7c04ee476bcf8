package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/kubeversion/kubeversion/migrate"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

// ClientConfig returns the client configuration of the kubeconfig context
// named context (the current context if empty) of the kubeconfig file path
// (if empty: $KUBECONFIG, then ~/.kube/config, then the in-cluster
// configuration), as kubectl's --kubeconfig and --context choose it: exec
// credential plugins, client certificates, tokens and proxies included.
// For example, ClientConfig("", "kind-dev") is the cluster that
// `kubectl --context kind-dev` reaches.
func ClientConfig(path, context string) (*rest.Config, error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = path
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: context}).ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("kubeconfig: %w", err)
	}
	return cfg, nil
}

// ErrNoCRD is the error of [LiveCRDs.Get] for a CRD the cluster does not
// have.
var ErrNoCRD = errors.New("no such CustomResourceDefinition")

// crdResource is the resource of CustomResourceDefinitions.
var crdResource = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}

// LiveCRDs reads the CustomResourceDefinitions of a cluster one by one, as
// `kubectl get crd NAME -o json` reads them. It is the input of
// `kubeversion lint --old cluster:`, which checks each CRD of its files as
// an update of the live CRD of the same name.
type LiveCRDs struct {
	client dynamic.ResourceInterface
}

// NewLiveCRDs returns a reader of the CRDs of the cluster of cfg.
func NewLiveCRDs(cfg *rest.Config) (*LiveCRDs, error) {
	if cfg == nil {
		return nil, errors.New("no client configuration")
	}
	cfg = rest.CopyConfig(cfg)
	if cfg.UserAgent == "" {
		cfg.UserAgent = "kubeversion-lint"
	}
	cfg.Wrap(capAnswers)
	dyn, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	return &LiveCRDs{client: dyn.Resource(crdResource)}, nil
}

// Get returns the CRD name of the cluster as JSON, as the API server
// serves it at apiextensions.k8s.io/v1 (status included), or an error
// wrapping [ErrNoCRD] if the cluster has none of that name, or
// [ErrAnswerTooLarge] if the answer is larger than [MaxAnswerBytes]. An
// answer with another metadata.name is an error naming both. Any other
// error (unreachable, forbidden) is returned as client-go gives it.
func (l *LiveCRDs) Get(ctx context.Context, name string) ([]byte, error) {
	u, err := l.client.Get(ctx, name, metav1.GetOptions{})
	switch {
	case apierrors.IsNotFound(err):
		return nil, fmt.Errorf("%w: %s", ErrNoCRD, name)
	case errors.Is(err, migrate.ErrAnswerTooLarge):
		return nil, ErrAnswerTooLarge
	case err != nil:
		return nil, err
	case u.GetName() != name:
		// A GET names one object: an answer with another is no word on
		// the CRD asked for, present or absent.
		return nil, fmt.Errorf("the cluster answered the GET of %s with the CRD %s", name, u.GetName())
	}
	data, err := u.MarshalJSON()
	return bytes.TrimSuffix(data, []byte("\n")), err
}
