package conformance

import (
	"slices"
	"strings"
	"testing"
)

// TestUpgradeCorpusPairs states the findings of crd.CheckUpgrade on
// chosen pairs of the corpus, one per project, each as read in the two
// YAML files of the module cache (go mod download -json MODULE@VERSION
// gives the directory). A want line is "check version field from=From",
// and frag a part of that finding's message.
func TestUpgradeCorpusPairs(t *testing.T) {
	const (
		s0 = "spec.versions[0].schema.openAPIV3Schema."
		s1 = "spec.versions[1].schema.openAPIV3Schema."
		s2 = "spec.versions[2].schema.openAPIV3Schema."
	)
	type finding struct{ check, version, field, frag, from string }
	tests := []struct {
		label, name string
		want        []finding
	}{
		// cert-manager v1.15.0 -> v1.21.2, deploy/crds/crd-certificates.yaml
		// -> cert-manager.io_certificates.yaml: one version, v1, served and
		// storage in both. spec.keystores.pkcs12.profile had the enum
		// LegacyRC2, LegacyDES, Modern2023 and gains Modern2026; every other
		// change is to descriptions or adds optional fields.
		{"cert-manager", "certificates.cert-manager.io", []finding{
			{"enum-value-added", "v1", s0 + "properties[spec].properties[keystores].properties[pkcs12].properties[profile].enum", `"Modern2026"`, ""},
		}},
		// prometheus-operator v0.75.0 -> v0.85.0, monitoring.coreos.com_servicemonitors.yaml,
		// one version v1: spec.scrapeProtocols items gain the enum value
		// PrometheusText1.0.0; spec.required grows from [selector] to
		// [endpoints, selector]; spec.endpoints[*].proxyUrl, a plain string
		// before, gets pattern ^(http|https|socks5)://.+$ (the other
		// proxyUrl with that pattern, under endpoints[*].oauth2, is a new
		// field, and new fields are no finding).
		{"prometheus-operator", "servicemonitors.monitoring.coreos.com", []finding{
			{"enum-value-added", "v1", s0 + "properties[spec].properties[scrapeProtocols].items.enum", `"PrometheusText1.0.0"`, ""},
			{"required-added", "v1", s0 + "properties[spec].required", "newly required: endpoints", ""},
			{"pattern-changed", "v1", s0 + "properties[spec].properties[endpoints].items.properties[proxyUrl].pattern", `pattern "^(http|https|socks5)://.+$" added`, ""},
		}},
		// gatekeeper v3.17.0 -> v3.23.1, mutations.gatekeeper.sh_assign.yaml:
		// versions v1 (storage), v1alpha1 and v1beta1, all served in both,
		// with the same schema. spec.parameters.assign.externalData, with
		// no required list before, now requires provider: one finding per
		// version. The versions share their schema, so no served pair
		// differs.
		{"gatekeeper", "assign.mutations.gatekeeper.sh", []finding{
			{"required-added", "v1", s0 + "properties[spec].properties[parameters].properties[assign].properties[externalData].required", "newly required: provider", ""},
			{"required-added", "v1alpha1", s1 + "properties[spec].properties[parameters].properties[assign].properties[externalData].required", "newly required: provider", ""},
			{"required-added", "v1beta1", s2 + "properties[spec].properties[parameters].properties[assign].properties[externalData].required", "newly required: provider", ""},
		}},
		// external-snapshotter client v8.0.0 -> v8.7.0,
		// groupsnapshot.storage.k8s.io_volumegroupsnapshots.yaml. Before:
		// v1alpha1 only, served and storage, not deprecated. After: v1
		// (served), v1beta1 (served, deprecated), v1beta2 (served, storage);
		// v1alpha1 is gone. So v1alpha1 stops being served without a
		// deprecation, kubectl's default moves to v1 (spec.versions[0]), and
		// storage moves to v1beta2 (spec.versions[2]). v1alpha1's schema
		// against v1beta2's: status.pvcVolumeSnapshotRefList is gone and
		// status.boundVolumeGroupSnapshotContentName gains the rule
		// self == oldSelf, which v1beta1 (the served neighbour below
		// v1beta2, hence From) lacks too; v1beta2 against v1 above it differs in
		// nothing judged. (The API server refuses this update as long as
		// v1alpha1 is in status.storedVersions: ValidateUpdate's matter,
		// not CheckUpgrade's.)
		{"volume-snapshots", "volumegroupsnapshots.groupsnapshot.storage.k8s.io", []finding{
			{"served-version-removed", "v1alpha1", "spec.versions", "v1alpha1 is removed from spec.versions", ""},
			{"removed-without-deprecation", "v1alpha1", "spec.versions", "without having been deprecated", ""},
			{"default-version-changed", "v1", "spec.versions[0]", "from v1alpha1 to v1", ""},
			{"storage-version-changed", "v1beta2", "spec.versions[2].storage", "from v1alpha1 to v1beta2", ""},
			{"field-removed", "v1beta2", s2 + "properties[status].properties", "from v1alpha1 to v1beta2: status.pvcVolumeSnapshotRefList: removed", ""},
			{"validation-rules-changed", "v1beta2", s2 + "properties[status].properties[boundVolumeGroupSnapshotContentName].x-kubernetes-validations", `from v1alpha1 to v1beta2: status.boundVolumeGroupSnapshotContentName: x-kubernetes-validations rules added "self == oldSelf"`, ""},
			{"validation-rules-changed", "v1beta2", s2 + "properties[status].properties[boundVolumeGroupSnapshotContentName].x-kubernetes-validations", `from v1beta1 to v1beta2: status.boundVolumeGroupSnapshotContentName: x-kubernetes-validations rules added "self == oldSelf"`, "v1beta1"},
		}},
		// kyverno v1.12.0 -> v1.19.1, kyverno.io_updaterequests.yaml. Before:
		// v1beta1 (served, storage), v2 (served). After: v1beta1 deprecated
		// and served: false, in the same release, v2 served and storage.
		// The live storedVersions [v1beta1] keeps a version no longer
		// served. status.handler exists in the old v1beta1 only, so the
		// storage move loses it; spec.requestType gains the enum values
		// cel-generate and cel-mutate in v2, reported within v2 and again
		// across the storage move (another message). kubectl's default
		// stays v2.
		{"kyverno", "updaterequests.kyverno.io", []finding{
			{"served-version-removed", "v1beta1", "spec.versions[0].served", "v1beta1 is no longer served", ""},
			{"removed-without-deprecation", "v1beta1", "spec.versions[0].served", "without having been deprecated in the live object", ""},
			{"storage-version-changed", "v2", "spec.versions[1].storage", "from v1beta1 to v2", ""},
			{"stored-version-unserved", "v1beta1", "spec.versions[0].served", "v1beta1 is in the live status.storedVersions but not served", ""},
			{"field-removed", "v2", s1 + "properties[status].properties", "from v1beta1 to v2: status.handler: removed", ""},
			{"enum-value-added", "v2", s1 + "properties[spec].properties[requestType].enum", `spec.requestType: enum values added: "cel-generate", "cel-mutate"`, ""},
			{"enum-value-added", "v2", s1 + "properties[spec].properties[requestType].enum", `from v1beta1 to v2: spec.requestType: enum values added`, ""},
		}},
		// istio api v1.22.0 -> v1.31.1, customresourcedefinitions.gen.yaml,
		// ProxyConfig: one version, v1beta1. spec.environmentVariables
		// values get maxLength 2048; spec.selector.matchLabels gets
		// maxProperties 4096, two key rules (no "*", no empty key), and its
		// values maxLength 63 and the rule !self.contains("*");
		// spec.concurrency gets minimum 0.
		{"istio", "proxyconfigs.networking.istio.io", []finding{
			{"max-length-tightened", "v1beta1", s0 + "properties[spec].properties[environmentVariables].additionalProperties.maxLength", "maxLength 2048 added", ""},
			{"max-length-tightened", "v1beta1", s0 + "properties[spec].properties[selector].properties[matchLabels].additionalProperties.maxLength", "maxLength 63 added", ""},
			{"max-properties-tightened", "v1beta1", s0 + "properties[spec].properties[selector].properties[matchLabels].maxProperties", "maxProperties 4096 added", ""},
			{"minimum-tightened", "v1beta1", s0 + "properties[spec].properties[concurrency].minimum", "minimum 0 added", ""},
			{"validation-rules-changed", "v1beta1", s0 + "properties[spec].properties[selector].properties[matchLabels].x-kubernetes-validations", `"self.all(key, key.size() != 0)"`, ""},
			{"validation-rules-changed", "v1beta1", s0 + "properties[spec].properties[selector].properties[matchLabels].additionalProperties.x-kubernetes-validations", `"!self.contains(\"*\")"`, ""},
		}},
		// gateway-api v1.1.0 -> v1.3.0, standard channel,
		// gateway.networking.k8s.io_httproutes.yaml: v1 (storage) and
		// v1beta1, both served, same schema. spec.rules gains the rule
		// bounding the total number of matches, and both requestMirror
		// filters (of a rule, and of a backendRef) gain the new optional
		// fields percent and fraction with the rule that excludes setting
		// both. Three findings per version.
		{"gateway-standard", "httproutes.gateway.networking.k8s.io", []finding{
			{"validation-rules-changed", "v1", s0 + "properties[spec].properties[rules].x-kubernetes-validations", "(self.size() > 0 ? self[0].matches.size() : 0)", ""},
			{"validation-rules-changed", "v1", s0 + "properties[spec].properties[rules].items.properties[backendRefs].items.properties[filters].items.properties[requestMirror].x-kubernetes-validations", "!(has(self.percent) && has(self.fraction))", ""},
			{"validation-rules-changed", "v1", s0 + "properties[spec].properties[rules].items.properties[filters].items.properties[requestMirror].x-kubernetes-validations", "!(has(self.percent) && has(self.fraction))", ""},
			{"validation-rules-changed", "v1beta1", s1 + "properties[spec].properties[rules].x-kubernetes-validations", "(self.size() > 0 ? self[0].matches.size() : 0)", ""},
			{"validation-rules-changed", "v1beta1", s1 + "properties[spec].properties[rules].items.properties[backendRefs].items.properties[filters].items.properties[requestMirror].x-kubernetes-validations", "!(has(self.percent) && has(self.fraction))", ""},
			{"validation-rules-changed", "v1beta1", s1 + "properties[spec].properties[rules].items.properties[filters].items.properties[requestMirror].x-kubernetes-validations", "!(has(self.percent) && has(self.fraction))", ""},
		}},
	}
	pairs := upgradePairs(t)
	for _, tt := range tests {
		i := slices.IndexFunc(pairs, func(p upgradePair) bool { return p.label == tt.label && p.name == tt.name })
		if i < 0 {
			t.Errorf("%s %s: no such upgrade pair in the corpus", tt.label, tt.name)
			continue
		}
		p := pairs[i]
		got := upgradeFindings(t, p)
		var gotLines, wantLines []string
		for _, f := range got {
			gotLines = append(gotLines, f.Check+" "+f.Version+" "+f.Field+" from="+f.From)
		}
		for _, f := range tt.want {
			wantLines = append(wantLines, f.check+" "+f.version+" "+f.field+" from="+f.from)
		}
		if !slices.Equal(gotLines, wantLines) {
			t.Errorf("%s %s %s -> %s: findings\n%s\nwant\n%s", p.label, p.name, p.from, p.to,
				strings.Join(gotLines, "\n"), strings.Join(wantLines, "\n"))
			continue
		}
		for j, f := range tt.want {
			if !strings.Contains(got[j].Message, f.frag) {
				t.Errorf("%s %s: finding %d (%s) message %q lacks %q", p.label, p.name, j, f.check, got[j].Message, f.frag)
			}
		}
	}
}
