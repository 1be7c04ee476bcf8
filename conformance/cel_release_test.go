package conformance

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	utilcompatibility "k8s.io/apiserver/pkg/util/compatibility"
	basecompatibility "k8s.io/component-base/compatibility"

	"github.com/kubeversion/kubeversion/cel"
	"github.com/kubeversion/kubeversion/crd"
)

var celReleaseSites = flag.Int("celreleasesites", 10, "rule sites of the corpus, besides those that need a release after 1.29, that TestCELReleases judges (-1: all)")

// TestCELReleases compares cel.NewCheckerFor(N) with the API server's code
// set to the compatibility version of release N, as its --emulated-version
// sets it, for each release from cel.Oldest to the one before cel.Newest:
// on every rule site of the corpus that some release judges differently
// from the newest (those Checker.Requirements finds), and on the first
// -celreleasesites others (5 under -short), each on create,
// mutated as TestCELCorpus mutates it and with a call of each library
// that a release added (releaseMutations), and on an update that keeps
// its rules (which compile in the environment for stored expressions). It fails, too, if no
// case is rejected by a release and accepted by the newest: the releases
// would not have been told apart.
func TestCELReleases(t *testing.T) {
	docs, err := loadCorpus()
	if err != nil {
		t.Fatal("corpus not available:", err)
	}
	sites := ruleSites(docs)
	others := *celReleaseSites
	switch {
	case others < 0:
		others = len(sites)
	case testing.Short():
		others = min(others, 5)
	}
	newest := cel.NewChecker()
	var picked []celSite
	needing := 0
	for _, s := range sites {
		c, err := crd.Decode(siteCRD(s.schema))
		switch {
		case err == nil && len(newest.Requirements(c)) > 0:
			needing++
		case others > 0:
			others--
		default:
			continue
		}
		picked = append(picked, s)
	}

	mev, ok := utilcompatibility.DefaultComponentGlobalsRegistry.EffectiveVersionFor(basecompatibility.DefaultKubeComponent).(basecompatibility.MutableEffectiveVersion)
	if !ok {
		t.Fatal("the kube component's effective version cannot be set")
	}
	saved, savedValidator := mev.MinCompatibilityVersion(), validator
	defer func() { mev.SetMinCompatibilityVersion(saved); validator = savedValidator }()

	var mu sync.Mutex
	cases, releaseOnly, failures := 0, 0, 0
	// newestRejected is, for each manifest created that the newest
	// release accepts, the newest release whose server rejects it (0 if
	// none).
	newestRejected := map[string]int{}
	var b strings.Builder
	for minor := cel.Oldest; minor < cel.Newest; minor++ {
		mev.SetMinCompatibilityVersion(version.MajorMinor(1, uint(minor-1)))
		checker, err := cel.NewCheckerFor(minor)
		if err != nil {
			t.Fatal(err)
		}
		validator = crd.Validator{CEL: checker}
		n, rejected := 0, 0
		check := func(site celSite, manifest, old []byte) {
			k, _, diffs, err := runCase(fmt.Sprintf("cel-release-1.%d", minor), manifest, old)
			if err != nil {
				return
			}
			mu.Lock()
			defer mu.Unlock()
			n++
			if old == nil && accepted(newestVerdict(manifest)) {
				if _, ok := newestRejected[string(manifest)]; !ok {
					newestRejected[string(manifest)] = 0
				}
				if !accepted(k) {
					rejected++
					newestRejected[string(manifest)] = minor
				}
			}
			if covered := coveredDifferences(diffs); len(covered) > 0 {
				failures++
				if failures <= 10 {
					t.Errorf("Kubernetes 1.%d: a schema of %s %s differs:\n%s\nmanifest: %s\nold: %s", minor, site.doc.module, site.doc.file, formatDifferences(covered), manifest, old)
				}
			}
		}
		parallel(len(picked), func(i int) {
			site := picked[i]
			original := siteCRD(site.schema)
			check(site, original, nil)
			check(site, stored(described(original)), stored(original))
			for j, m := range append(celMutations, releaseMutations...) {
				s := pruneClone(site.schema).(map[string]any)
				if m.mutate(rand.New(rand.NewPCG(17, uint64(i*len(celMutations)+j))), s) {
					check(site, siteCRD(s), nil)
				}
			}
		})
		cases += n
		releaseOnly += rejected
		fmt.Fprintf(&b, "  Kubernetes 1.%d: %5d cases, %4d rejected by it and accepted by 1.%d\n", minor, n, rejected, cel.Newest)
	}
	t.Logf("CEL releases: %d rule sites (%d need a release after 1.%d), %d cases, %d differ in covered topics\n%s", len(picked), needing, cel.Oldest, cases, failures, b.String())
	if releaseOnly == 0 {
		t.Error("no case is rejected by an older release and accepted by the newest")
	}

	// The release Requirements names is the one after the newest that
	// the server rejects the CRD with.
	wrong := 0
	for manifest, rejected := range newestRejected {
		c, err := crd.Decode([]byte(manifest))
		if err != nil {
			continue
		}
		want, got := max(rejected+1, cel.Oldest), cel.Oldest
		for _, q := range newest.Requirements(c) {
			got = max(got, q.Minor)
		}
		if got != want {
			if wrong++; wrong <= 10 {
				t.Errorf("Requirements names 1.%d, the server accepts from 1.%d: %s", got, want, manifest)
			}
		}
	}
	t.Logf("Requirements: %d CRDs the newest release accepts, %d name another release than the server", len(newestRejected), wrong)
}

// releaseMutations add to a rule of a schema a call of a library that a
// release after 1.29 added to the environment for new expressions.
var releaseMutations = func() []celMutation {
	var out []celMutation
	for _, call := range []string{
		"sets.contains([1, 2], [1])",                                       // 1.30
		"isIP('192.168.0.1') && cidr('10.0.0.0/8').containsIP('10.1.2.3')", // 1.31
		"!format.dns1123Label().validate('a-b').hasValue()",                // 1.32
		"[1, 2].all(i, v, i < v)",                                          // 1.33
		"isSemver('1.2.3')",                                                // 1.34
		"lists.range(2).size() == 2",                                       // 1.35
	} {
		out = append(out, celMutation{"library " + call, func(r *rand.Rand, s map[string]any) bool {
			rule := pickRule(r, s)
			if rule == nil {
				return false
			}
			text, _ := rule["rule"].(string)
			rule["rule"] = "(" + text + ") && " + call
			return true
		}})
	}
	return out
}()

// accepted reports whether v has no error.
func accepted(v verdict) bool {
	return v.fatal == "" && v.strict == "" && len(v.errs) == 0
}

// newestVerdict is package crd's verdict on manifest, created, with the
// newest release's CEL checker.
func newestVerdict(manifest []byte) verdict {
	c, err := crd.Decode(manifest)
	if err != nil {
		return verdict{fatal: err.Error()}
	}
	var v verdict
	for _, e := range (crd.Validator{CEL: newestChecker}).ValidateCreate(c) {
		v.errs = append(v.errs, finding{msg: e.Error(), field: e.Field, detail: string(e.Type) + ": " + e.Detail})
	}
	classify(v.errs, manifest)
	return v
}

var newestChecker = cel.NewChecker()
