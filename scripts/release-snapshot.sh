#!/usr/bin/env bash
# release-snapshot.sh: make in dist/ what `goreleaser release --snapshot
# --clean` makes from .goreleaser.yaml, with only the Go toolchain, git,
# coreutils, tar and gzip, so that CI can build and check the release
# without GoReleaser or docker:
#
#   dist/<os>/<arch>/kubeversion[.exe]               the 6 binaries
#   dist/kubeversion_<version>_<os>_<arch>.tar.gz    their archives (.zip for
#                                                    windows), with LICENSE and README.md
#   dist/checksums.txt                               sha256 of the archives and the image
#   dist/kubeversion.krew.yaml                       the krew manifest, from
#                                                    deploy/krew/kubeversion.yaml.tmpl
#   dist/kubeversion-image.oci.tar                   the image, FROM scratch, for
#                                                    linux/amd64 and linux/arm64: an
#                                                    OCI image layout, in a tar
#
# The version is 0.0.0-SNAPSHOT-<the commit's first 7 hex digits>, as
# GoReleaser names snapshots. The output is reproducible: every file
# depends only on the commit, the work tree and the Go toolchain (all
# times are the commit's, tar and gzip record no owner, name or time of
# their own), so two runs make the same bytes. The binaries are laid out
# as the build context of the Dockerfile:
#
#   docker buildx build --platform linux/amd64,linux/arm64 -f Dockerfile dist
#
# KUBEVERSION_PLATFORMS="linux/amd64 linux/arm64" builds only those
# platforms (the image's two at least), as CI does to save the time of
# compiling Kubernetes' code for four more; the krew manifest, which names
# every platform's archive, is then not made. The release builds all six.
#
# Check the result with
#
#   KUBEVERSION_DIST=$PWD/dist go test -run TestDist ./cmd/kubeversion/internal/release
#
# (with the same KUBEVERSION_PLATFORMS, if set).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

commit=$(git rev-parse HEAD)
epoch=$(git log -1 --format=%ct HEAD)
created=$(TZ=UTC date -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ)
version=0.0.0-SNAPSHOT-${commit:0:7}
platforms=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
image_platforms=(linux/amd64 linux/arm64)
all_platforms=yes
if [ -n "${KUBEVERSION_PLATFORMS:-}" ]; then
	read -r -a subset <<<"$KUBEVERSION_PLATFORMS"
	for p in "${subset[@]}"; do
		if [[ " ${platforms[*]} " != *" $p "* ]]; then
			echo "release-snapshot.sh: KUBEVERSION_PLATFORMS: $p is not a platform of the release (${platforms[*]})" >&2
			exit 2
		fi
	done
	for p in "${image_platforms[@]}"; do
		if [[ " ${subset[*]} " != *" $p "* ]]; then
			echo "release-snapshot.sh: KUBEVERSION_PLATFORMS must include the image's platforms (${image_platforms[*]})" >&2
			exit 2
		fi
	done
	[ "${#subset[@]}" -eq "${#platforms[@]}" ] || all_platforms=no
	platforms=("${subset[@]}")
fi
dist=$root/dist
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The same build whatever the environment says, but for the toolchain:
# GOFLAGS replaces the user's (-buildvcs=false, -mod=...), so that the
# binaries record the commit, as GoReleaser's do. With the same Go, they
# are byte for byte GoReleaser's (checked with GoReleaser v2.16).
export CGO_ENABLED=0 GOFLAGS=-trimpath GOAMD64=v1 GOARM64=v8.0 GOEXPERIMENT=
export TZ=UTC LC_ALL=C
umask 022

rm -rf "$dist"
mkdir -p "$dist"

# build OS/ARCH: cross-compile the command into dist/OS/ARCH/.
build() {
	local os=${1%/*} arch=${1#*/} exe=""
	[ "$os" = windows ] && exe=.exe
	GOOS=$os GOARCH=$arch go build -ldflags "-s -w -X main.version=$version" \
		-o "$dist/$1/kubeversion$exe" ./cmd/kubeversion
	touch -d "@$epoch" "$dist/$1/kubeversion$exe" # mod_timestamp
}

# Two builds at a time: a build spends much of its time in a few large
# packages that one core compiles. On an empty build cache each build
# compiles Kubernetes' code for its platform, about 3 minutes of 2 cores.
jobs=$(($(nproc) > 1 ? 2 : 1))
pids=()
for p in "${platforms[@]}"; do
	build "$p" &
	pids+=($!)
	if [ "${#pids[@]}" -ge "$jobs" ]; then
		wait "${pids[0]}"
		pids=("${pids[@]:1}")
	fi
done
for pid in "${pids[@]}"; do wait "$pid"; done

# mktar DIR OUT FILE...: a tar of the FILEs of DIR that records nothing of
# this machine or this run: names sorted, the commit's time, owner root.
mktar() {
	local dir=$1 out=$2
	shift 2
	tar -C "$dir" --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
		--format=ustar -cf "$out" "$@"
}

# The archives: the binary, LICENSE and README.md at the top.
for p in "${platforms[@]}"; do
	os=${p%/*} arch=${p#*/} name=kubeversion_${version}_${os}_${arch}
	stage=$work/archive/$name
	mkdir -p "$stage"
	cp "$dist/$p"/kubeversion* LICENSE README.md "$stage/"
	chmod 0755 "$stage"/kubeversion*
	chmod 0644 "$stage/LICENSE" "$stage/README.md"
	files=("$(basename "$stage"/kubeversion*)" LICENSE README.md)
	if [ "$os" = windows ]; then
		go run scripts/mkzip.go -mtime "$epoch" -C "$stage" "$dist/$name.zip" "${files[@]}"
	else
		mktar "$stage" "$work/$name.tar" "${files[@]}"
		gzip -n <"$work/$name.tar" >"$dist/$name.tar.gz"
	fi
done

# The image: an OCI image layout with one manifest per platform under an
# index, each of one layer that holds /kubeversion.
oci=$work/oci
mkdir -p "$oci/blobs/sha256"

# blob FILE: store FILE as a blob of the layout and print its digest.
blob() {
	local sum
	sum=$(sha256sum "$1" | cut -d' ' -f1)
	cp "$1" "$oci/blobs/sha256/$sum"
	echo "sha256:$sum"
}
size() { stat -c %s "$1"; }

manifests=""
for p in "${image_platforms[@]}"; do
	arch=${p#*/}
	layer=$work/layer-$arch
	mkdir -p "$layer"
	cp "$dist/$p/kubeversion" "$layer/kubeversion"
	chmod 0755 "$layer/kubeversion"
	mktar "$layer" "$work/layer-$arch.tar" kubeversion
	diff_id=sha256:$(sha256sum "$work/layer-$arch.tar" | cut -d' ' -f1)
	gzip -n <"$work/layer-$arch.tar" >"$work/layer-$arch.tar.gz"
	layer_digest=$(blob "$work/layer-$arch.tar.gz")

	printf '{"architecture":"%s","os":"linux","created":"%s","config":{"User":"65532:65532","Entrypoint":["/kubeversion"],"Labels":{"org.opencontainers.image.revision":"%s","org.opencontainers.image.source":"https://github.com/kubeversion/kubeversion","org.opencontainers.image.version":"%s"}},"rootfs":{"type":"layers","diff_ids":["%s"]},"history":[{"created":"%s","created_by":"scripts/release-snapshot.sh"}]}' \
		"$arch" "$created" "$commit" "$version" "$diff_id" "$created" >"$work/config-$arch.json"
	config_digest=$(blob "$work/config-$arch.json")

	printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"%s","size":%d},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"%s","size":%d}]}' \
		"$config_digest" "$(size "$work/config-$arch.json")" "$layer_digest" "$(size "$work/layer-$arch.tar.gz")" >"$work/manifest-$arch.json"
	manifest_digest=$(blob "$work/manifest-$arch.json")

	manifests+="${manifests:+,}$(printf '{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"%s","size":%d,"platform":{"architecture":"%s","os":"linux"}}' \
		"$manifest_digest" "$(size "$work/manifest-$arch.json")" "$arch")"
done
printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[%s]}' "$manifests" >"$work/index.json"
index_digest=$(blob "$work/index.json")
printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[{"mediaType":"application/vnd.oci.image.index.v1+json","digest":"%s","size":%d,"annotations":{"org.opencontainers.image.ref.name":"%s"}}]}' \
	"$index_digest" "$(size "$work/index.json")" "$version" >"$oci/index.json"
printf '{"imageLayoutVersion":"1.0.0"}' >"$oci/oci-layout"
chmod -R u=rwX,go=rX "$oci"
mktar "$oci" "$dist/kubeversion-image.oci.tar" oci-layout index.json blobs

# The checksums, then the krew manifest, which names the archives by URL
# and sha256.
(cd "$dist" && shopt -s nullglob && sha256sum -- *.tar.gz *.zip kubeversion-image.oci.tar | sort -k2 >checksums.txt)
if [ "$all_platforms" = no ]; then
	echo "release-snapshot.sh: kubeversion $version for ${platforms[*]} only (KUBEVERSION_PLATFORMS): no krew manifest"
	(cd "$dist" && find . -type f | sort | xargs sha256sum)
	exit 0
fi
sums=()
for p in "${platforms[@]}"; do
	os=${p%/*} arch=${p#*/}
	sum=$(grep " kubeversion_${version}_${os}_${arch}\." "$dist/checksums.txt" | cut -d' ' -f1)
	sums+=(-e "s/@SHA256_${os}_${arch}@/$sum/")
done
sed -e "/^#/d" -e "s/@VERSION@/$version/g" "${sums[@]}" deploy/krew/kubeversion.yaml.tmpl >"$dist/kubeversion.krew.yaml"
if grep -n '@[A-Z0-9_a-z]*@' "$dist/kubeversion.krew.yaml"; then
	echo "release-snapshot.sh: deploy/krew/kubeversion.yaml.tmpl has placeholders left above" >&2
	exit 1
fi

echo "release-snapshot.sh: kubeversion $version in dist/:"
(cd "$dist" && find . -type f | sort | xargs sha256sum)
