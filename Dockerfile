# The image of kubeversion: the static binary, FROM scratch. GoReleaser
# (dockers_v2 in .goreleaser.yaml) builds it with the binaries it built,
# which it puts under $TARGETPLATFORM (linux/amd64/kubeversion) in the build
# context, as scripts/release-snapshot.sh puts them in dist/:
#
#   bash scripts/release-snapshot.sh
#   docker buildx build --platform linux/amd64,linux/arm64 -t kubeversion -f Dockerfile dist
#
# Run it with the manifests mounted: docker run --rm -v "$PWD:/work" -w /work kubeversion lint config/crd
FROM scratch
ARG TARGETPLATFORM
COPY $TARGETPLATFORM/kubeversion /kubeversion
USER 65532:65532
ENTRYPOINT ["/kubeversion"]
