package apiserver

import (
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// TestMain stops the shared etcd, if a test started it, when the tests end.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	stopSharedEtcd()
	os.Exit(code)
}

// shared is the one embedded etcd of the package's tests. Every test's API
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

// sharedEtcd starts the shared etcd on first use and returns its client URL.
func sharedEtcd() (string, error) {
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
	dir, err := os.MkdirTemp("", "kubeapiserver-etcd-")
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

func stopSharedEtcd() {
	if shared.etcd != nil {
		shared.etcd.Close()
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
}
