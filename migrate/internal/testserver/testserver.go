// Package testserver runs the API servers of the migrate module's tests
// inside the test binary: k8s.io/apiextensions-apiserver's integration
// fixtures, each storing under a prefix of its own in one embedded etcd
// that lives as long as the test binary ([SharedEtcd]), so that tests with
// servers run in parallel. Only tests import it.
package testserver

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"k8s.io/apiextensions-apiserver/test/integration/fixtures"
	"k8s.io/client-go/rest"
)

// Server is an apiextensions API server of a test, with a client of the
// etcd it stores in.
type Server struct {
	Config *rest.Config     // an administrator's client configuration
	Etcd   *clientv3.Client // the shared etcd
	Prefix string           // the prefix of every key the server writes
}

// Start starts an apiextensions API server that stops when t ends,
// storing in the shared etcd. Its client's rate limits are high (2,000
// requests a second), so that tests are not slowed by them. A test
// started with -short is skipped.
func Start(t *testing.T) *Server {
	t.Helper()
	if testing.Short() {
		t.Skip("starts an API server")
	}
	etcdURL, err := SharedEtcd()
	if err != nil {
		t.Fatal("etcd:", err)
	}
	etcd, err := clientv3.New(clientv3.Config{Endpoints: []string{etcdURL}, DialTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { etcd.Close() })
	tearDown, cfg, opts, err := fixtures.StartDefaultServer(t)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tearDown)
	cfg = rest.CopyConfig(cfg)
	cfg.QPS, cfg.Burst = 2000, 4000
	return &Server{Config: cfg, Etcd: etcd, Prefix: opts.RecommendedOptions.Etcd.StorageConfig.Prefix}
}

// shared is the one embedded etcd of a test binary. Every test's API
// server stores in it under a prefix of its own (the apiextensions
// fixtures pick a random one), so that the tests can run in parallel: the
// fixtures find etcd through KUBE_INTEGRATION_ETCD_URL, an environment
// variable, which a parallel test may not set for itself (t.Setenv).
var shared struct {
	once sync.Once
	etcd *embed.Etcd
	dir  string
	url  string
	err  error
}

// SharedEtcd starts the shared etcd on first use and returns its client URL.
func SharedEtcd() (string, error) {
	shared.once.Do(func() {
		shared.url, shared.err = startSharedEtcd()
		if shared.err == nil {
			shared.err = os.Setenv("KUBE_INTEGRATION_ETCD_URL", shared.url)
		}
	})
	return shared.url, shared.err
}

// startSharedEtcd starts etcd as k8s.io/apiserver's etcd3 test server
// does (no fsync, free ports on localhost, errors only in its log), but
// with a lifetime of the whole test binary instead of one test.
func startSharedEtcd() (string, error) {
	dir, err := os.MkdirTemp("", "kubeversion-etcd-")
	if err != nil {
		return "", err
	}
	shared.dir = dir
	cfg := embed.NewConfig()
	cfg.Dir = dir
	cfg.UnsafeNoFsync = true
	client, peer, err := freeURLs()
	if err != nil {
		return "", err
	}
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{client}, []url.URL{client}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{peer}, []url.URL{peer}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.New(zapcore.NewCore(
		zapcore.NewConsoleEncoder(zap.NewDevelopmentEncoderConfig()), zapcore.Lock(os.Stderr), zapcore.ErrorLevel)))
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return "", err
	}
	shared.etcd = e
	select {
	case <-e.Server.ReadyNotify():
	case <-time.After(60 * time.Second):
		return "", fmt.Errorf("etcd took over 60 s to start")
	}
	return client.String(), nil
}

// freeURLs returns a client and a peer URL on localhost, at ports that
// were free a moment ago.
func freeURLs() (client, peer url.URL, err error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var us [2]url.URL
	for i := range us {
		l, err := net.Listen("tcp", "localhost:0")
		if err != nil {
			return client, peer, err
		}
		ls = append(ls, l)
		us[i] = url.URL{Scheme: "http", Host: l.Addr().String()}
	}
	return us[0], us[1], nil
}

// StopSharedEtcd stops the shared etcd, if a test started it, and removes
// its files: a TestMain calls it after the tests ran.
func StopSharedEtcd() {
	if shared.etcd != nil {
		shared.etcd.Close()
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
}
