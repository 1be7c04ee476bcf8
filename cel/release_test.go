package cel

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/cel/environment"

	"github.com/kubeversion/kubeversion/crd"
)

// widgets returns a CRD whose spec, with a string "host", a list of
// strings "hosts" and a property named "namespace", has the rule rule.
func widgets(t testing.TB, rule string) *crd.CustomResourceDefinition {
	t.Helper()
	c, err := crd.Decode([]byte(`{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "widgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"plural": "widgets", "kind": "Widget"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
   "type": "object", "properties": {"spec": {"type": "object",
    "properties": {"host": {"type": "string", "maxLength": 253}, "namespace": {"type": "string", "maxLength": 63},
     "hosts": {"type": "array", "maxItems": 16, "items": {"type": "string", "maxLength": 253}}},
    "x-kubernetes-validations": [{"rule": ` + fmt.Sprintf("%q", rule) + `}]}}}}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sinceRelease are rules that need each release that added something to
// the environment for new expressions.
var sinceRelease = map[int]string{
	30: "sets.contains(self.hosts, ['a'])",
	31: "!has(self.host) || !isIP(self.host)",
	32: "!has(self.host) || format.dns1123Subdomain().validate(self.host).hasValue()",
	33: "self.hosts.all(i, h, i < 16 && h != '')",
	34: "!has(self.host) || isSemver(self.host)",
	35: "lists.range(3).size() == 3",
}

// TestRequirementsOfEachRelease checks that each rule of sinceRelease
// needs its release, which says what it added, and compiles with a
// Checker of that release and not of the one before.
func TestRequirementsOfEachRelease(t *testing.T) {
	if len(sinceRelease) != len(added) {
		t.Fatalf("%d releases added to the environment, %d have a rule here", len(added), len(sinceRelease))
	}
	for minor, rule := range sinceRelease {
		c := widgets(t, rule)
		reqs := NewChecker().Requirements(c)
		want := "spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule"
		if len(reqs) != 1 || reqs[0].Minor != minor || reqs[0].Field != want || !strings.Contains(reqs[0].Reason, added[minor]) {
			t.Errorf("%s: got %+v, want 1.%d at %s because of %q", rule, reqs, minor, want, added[minor])
		}
		for _, m := range []int{minor - 1, minor} {
			checker, err := NewCheckerFor(m)
			if err != nil {
				t.Fatal(err)
			}
			errs := crd.Validator{CEL: checker}.ValidateCreate(c)
			if (len(errs) == 0) != (m == minor) {
				t.Errorf("%s: Kubernetes 1.%d: got %v", rule, m, errs)
			}
		}
	}
}

// TestRequirementsKeywordField checks that a field named like a CEL
// reserved word needs 1.32, where it needs no escaping, and its escaped
// name needs no release.
func TestRequirementsKeywordField(t *testing.T) {
	reqs := NewChecker().Requirements(widgets(t, "!has(self.namespace) || self.namespace != ''"))
	if len(reqs) != 1 || reqs[0].Minor != 32 {
		t.Errorf("self.namespace: got %+v, want 1.32", reqs)
	}
	if reqs := NewChecker().Requirements(widgets(t, "!has(self.__namespace__) || self.__namespace__ != ''")); len(reqs) != 0 {
		t.Errorf("self.__namespace__: got %+v, want none", reqs)
	}
}

// TestRequirementsNone checks rules every release accepts, and rules that
// none does, which CheckCEL reports.
func TestRequirementsNone(t *testing.T) {
	for _, rule := range []string{
		"self.hosts.all(h, h != '')",                // a one-variable macro of the same name
		"self.hosts.exists(h, h.lowerAscii() == h)", // strings version 0, in every release
		"self.hosts.all(h, isIP(h) && !isIP(",       // does not parse
		"isIP(self.hosts)",                          // no release: no such overload
	} {
		if reqs := NewChecker().Requirements(widgets(t, rule)); len(reqs) != 0 {
			t.Errorf("%s: got %+v, want none", rule, reqs)
		}
	}
}

// TestNewestIsTheServers checks that NewChecker's release is the one the
// API server's code compiles new rules for.
func TestNewestIsTheServers(t *testing.T) {
	if got, want := environment.DefaultCompatibilityVersion(), version.MajorMinor(1, Newest-1); !got.EqualTo(want) {
		t.Errorf("the server's compatibility version is %v, Newest says %v: move Newest", got, want)
	}
	if _, err := NewCheckerFor(Oldest - 1); err == nil {
		t.Error("NewCheckerFor(Oldest-1): no error")
	}
	if _, err := NewCheckerFor(Newest + 1); err == nil {
		t.Error("NewCheckerFor(Newest+1): no error")
	}
}

// TestEnvironmentsDifferInNames holds the environments of the releases to
// what suspicious assumes: from Oldest to Newest, the only new macros are
// the two-variable comprehensions and ext.Lists' sortBy.
func TestEnvironmentsDifferInNames(t *testing.T) {
	var got []string
	for _, m := range newMacros(envSetFor(Oldest).NewExpressionsEnv(), envSetFor(Newest).NewExpressionsEnv()) {
		got = append(got, m.MacroKey())
	}
	sort.Strings(got)
	want := "all:3:true exists:3:true existsOne:3:true exists_one:3:true sortBy:2:true transformList:3:true transformList:4:true transformMap:3:true transformMap:4:true transformMapEntry:3:true transformMapEntry:4:true"
	if strings.Join(got, " ") != want {
		t.Errorf("new macros:\n got %s\nwant %s\nsuspicious must learn the new ones", strings.Join(got, " "), want)
	}
}
