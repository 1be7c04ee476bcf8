package audit

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"helm.sh/helm/v3/pkg/release"
	"helm.sh/helm/v3/pkg/storage/driver"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	"sigs.k8s.io/yaml"
)

// maxReleaseBytes bounds a Helm release once its gzip is undone: Helm
// reads it whole, and a small secret can unzip to gigabytes.
const maxReleaseBytes = 64 << 20

// helmRelease is a revision of a release, from the labels of its
// storage object.
type helmRelease struct {
	namespace, name, storage, key string
	revision                      int
	deployed                      bool // its status label is deployed
}

// readHelmReleases finds the latest revision of every Helm 3 release,
// stored in Secrets and ConfigMaps labelled owner=helm (the metadata of
// those read a page at a time), decodes each with Helm's own storage
// drivers, and adds a finding for each apiVersion and kind of its
// manifest that breaks at the target: those of olds, and a CRD's versions
// deprecated or no longer served.
func (a *auditor) readHelmReleases(ctx context.Context, olds []OldVersion) {
	const name = "helm releases"
	found := map[[3]string]*[2]helmRelease{} // the latest revision, and the last deployed one
	for _, storage := range []string{"secrets", "configmaps"} {
		if err := a.listReleases(ctx, storage, found); err != nil {
			a.report.unread(name, storage+": "+err.Error())
			return
		}
	}
	var releases []helmRelease
	for _, r := range found {
		releases = append(releases, r[0])
		if r[1].deployed && r[1].revision != r[0].revision {
			releases = append(releases, r[1]) // helm upgrade compares with it when the latest failed
		}
	}
	slices.SortFunc(releases, func(x, y helmRelease) int {
		return cmp.Or(cmp.Compare(x.namespace, y.namespace), cmp.Compare(x.name, y.name), cmp.Compare(x.storage, y.storage), cmp.Compare(x.revision, y.revision))
	})
	var unread []string
	for _, r := range releases {
		rel, err := a.decodeRelease(ctx, r)
		if err != nil {
			unread = append(unread, fmt.Sprintf("%s/%s revision %d: %v", r.namespace, r.name, r.revision, a.why(ctx, err)))
			continue
		}
		a.judgeRelease(r, rel, olds)
	}
	note := fmt.Sprintf("the latest revision of %s, and the last deployed one where it is older", plural(len(found), "release"))
	if len(unread) > 0 {
		a.report.unread(name, note+"; not read: "+strings.Join(unread, "; "))
		return
	}
	a.report.read(name, note)
}

// listReleases records in found the latest and the last deployed revision
// of each release stored in storage (secrets or configmaps), from the
// labels name, version and status.
func (a *auditor) listReleases(ctx context.Context, storage string, found map[[3]string]*[2]helmRelease) error {
	gvr := schema.GroupVersionResource{Version: "v1", Resource: storage}
	p := newPager(a.opts.PageSize, maxObjects, "owner=helm")
	for {
		list, err := a.meta.Resource(gvr).List(ctx, p.opts)
		if err != nil {
			return errors.New(a.why(ctx, err))
		}
		for _, o := range list.Items {
			revision, err := strconv.Atoi(o.Labels["version"])
			if err != nil || o.Labels["name"] == "" {
				continue // not a release of Helm 3's drivers
			}
			r := helmRelease{namespace: o.Namespace, name: o.Labels["name"], storage: storage, key: o.Name, revision: revision, deployed: o.Labels["status"] == "deployed"}
			k := [3]string{r.namespace, r.name, storage}
			f := found[k]
			if f == nil {
				if len(found) >= maxReleases {
					return fmt.Errorf("more than %d releases: the list stopped there", maxReleases)
				}
				f = new([2]helmRelease)
				found[k] = f
			}
			if revision > f[0].revision {
				f[0] = r
			}
			if r.deployed && revision > f[1].revision {
				f[1] = r
			}
		}
		more, err := p.next(len(list.Items), list.Continue)
		if err != nil || !more {
			return err
		}
	}
}

// decodeRelease reads r's storage object and decodes it with Helm's own
// driver, once its size unzipped is known to be under maxReleaseBytes.
func (a *auditor) decodeRelease(ctx context.Context, r helmRelease) (rel *release.Release, err error) {
	// Helm 3.22.0's Secrets.Get sets the labels of the release it failed
	// to decode: a nil pointer.
	defer func() {
		if p := recover(); p != nil {
			rel, err = nil, fmt.Errorf("the release does not decode (Helm: %v)", p)
		}
	}()
	if r.storage == "configmaps" {
		cm, err := a.core.ConfigMaps(r.namespace).Get(ctx, r.key, metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		if err := checkReleaseSize([]byte(cm.Data["release"])); err != nil {
			return nil, err
		}
		return driver.NewConfigMaps(storedConfigMap{a.core.ConfigMaps(r.namespace), cm}).Get(r.key)
	}
	s, err := a.core.Secrets(r.namespace).Get(ctx, r.key, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	if err := checkReleaseSize(s.Data["release"]); err != nil {
		return nil, err
	}
	return driver.NewSecrets(storedSecret{a.core.Secrets(r.namespace), s}).Get(r.key)
}

// storedSecret gives Helm's driver the Secret already read and checked.
type storedSecret struct {
	typedcorev1.SecretInterface
	secret *corev1.Secret
}

func (s storedSecret) Get(context.Context, string, metav1.GetOptions) (*corev1.Secret, error) {
	return s.secret, nil
}

// storedConfigMap gives Helm's driver the ConfigMap already read and
// checked.
type storedConfigMap struct {
	typedcorev1.ConfigMapInterface
	cm *corev1.ConfigMap
}

func (s storedConfigMap) Get(context.Context, string, metav1.GetOptions) (*corev1.ConfigMap, error) {
	return s.cm, nil
}

// checkReleaseSize returns an error when data, a release as Helm stores
// it (base64 of gzip, or of JSON), is over maxReleaseBytes once decoded.
func checkReleaseSize(data []byte) error {
	b, err := base64.StdEncoding.DecodeString(string(data))
	if err != nil {
		return nil // Helm says why
	}
	if !bytes.HasPrefix(b, []byte{0x1f, 0x8b, 0x08}) {
		return nil
	}
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil
	}
	n, err := io.Copy(io.Discard, io.LimitReader(z, maxReleaseBytes+1))
	if err == nil && n > maxReleaseBytes {
		return fmt.Errorf("over %d MiB once unzipped", maxReleaseBytes>>20)
	}
	return nil
}

// judgeRelease adds a finding for each apiVersion and kind of rel's
// manifest that breaks at the target. The manifest is split into
// documents as kubectl splits a file (Helm's releaseutil would bring
// chartutil and a JSON Schema library into the command's start).
func (a *auditor) judgeRelease(r helmRelease, rel *release.Release, olds []OldVersion) {
	type kindAt struct{ apiVersion, kind string }
	counts := map[kindAt][]string{}
	docs := utilyaml.NewYAMLReader(bufio.NewReader(strings.NewReader(rel.Manifest)))
	for {
		doc, err := docs.Read()
		if err != nil {
			break // io.EOF, or a document kubectl could not read either
		}
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Metadata   struct {
				Name string `json:"name"`
			} `json:"metadata"`
		}
		if yaml.Unmarshal(doc, &head) != nil || head.APIVersion == "" {
			continue
		}
		k := kindAt{head.APIVersion, head.Kind}
		counts[k] = append(counts[k], head.Metadata.Name)
	}
	keys := slices.SortedFunc(maps.Keys(counts), func(x, y kindAt) int {
		return cmp.Or(cmp.Compare(x.apiVersion, y.apiVersion), cmp.Compare(x.kind, y.kind))
	})
	for _, k := range keys {
		i := slices.IndexFunc(olds, func(o OldVersion) bool { return o.APIVersion == k.apiVersion && o.Kind == k.kind })
		if i < 0 {
			continue
		}
		names := counts[k]
		consequence := "helm upgrade and rollback read it and fail"
		if olds[i].Level != Error {
			consequence = "the next helm upgrade that keeps it is warned"
		}
		subject := fmt.Sprintf("helm release %s/%s revision %d", r.namespace, r.name, r.revision)
		if r.deployed {
			subject += " (deployed)"
		}
		a.report.add(Finding{Check: CheckHelmReleaseOldVersion, Level: olds[i].Level, Subject: subject,
			Message: fmt.Sprintf("its manifest holds %d %s %s (%s): %s; %s",
				len(names), k.apiVersion, k.kind, strings.Join(names, ", "), olds[i].Message, consequence),
			Fix: "upgrade the release with a chart of current versions before the cluster, or mend its stored manifest (the helm-mapkubeapis plugin does)"})
	}
}
