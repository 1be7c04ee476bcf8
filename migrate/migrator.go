package migrate

import (
	"fmt"

	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/typed/apiextensions/v1"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
)

// Migrator migrates the objects of CRDs of one cluster. Its methods may be
// called one after the other, not at the same time.
type Migrator struct {
	crds      apiextensionsclient.CustomResourceDefinitionInterface
	dynamic   dynamic.Interface
	metadata  metadata.Interface
	discovery discovery.DiscoveryInterface
	opts      Options
}

// New returns a Migrator for the cluster of cfg. The rate limits of cfg
// (QPS, Burst) bound the requests of all its clients, and
// Options.MaxAnswerBytes the size of each answer.
func New(cfg *rest.Config, opts Options) (*Migrator, error) {
	opts = opts.withDefaults()
	cfg = rest.CopyConfig(cfg)
	if cfg.UserAgent == "" {
		cfg.UserAgent = "kubeversion-migrate"
	}
	cfg.Wrap(LimitAnswers(opts.MaxAnswerBytes))
	ext, err := apiextensionsclient.NewForConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	dyn, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	meta, err := metadata.NewForConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	disc, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return &Migrator{
		crds:      ext.CustomResourceDefinitions(),
		dynamic:   dyn,
		metadata:  meta,
		discovery: disc,
		opts:      opts,
	}, nil
}
