#!/usr/bin/env bash
# pin-library.sh [COMMIT]: make the modules that require the library (and
# the command, which requires modules cel, migrate and builtin too) require them at COMMIT
# (default HEAD), a commit that is or will be on main, so that
# `go install github.com/kubeversion/kubeversion/cmd/kubeversion@latest`
# builds the command with the code it was tested with. go.work then
# replaces that version with this checkout's modules.
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git rev-parse "${1:-HEAD}")
time=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S "$commit")
version="v0.0.0-$time-${commit:0:12}"
lib=github.com/kubeversion/kubeversion

# pin MODULE_DIR PATH DIR: make the module in MODULE_DIR require PATH at
# version, and go.work replace that version with DIR.
pin() {
	local old
	old=$(go mod edit -json "$1/go.mod" | awk -v p="\"$2\"" '$0 ~ "\"Path\": " p "," {getline; gsub(/[",]/, ""); print $2}')
	go mod edit -require "$2@$version" "$1/go.mod"
	if [ -n "$old" ]; then go work edit -dropreplace "$2@$old"; fi
	go work edit -replace "$2@$version=$3"
}
pin cel "$lib" ./
pin cmd/kubeversion "$lib" ./
pin cmd/kubeversion "$lib/cel" ./cel
# migrate is outside the workspace (its tests build an API server), but the
# command requires it: go.work replaces it as it does the others.
pin cmd/kubeversion "$lib/migrate" ./migrate
# builtin judges built-in objects with k8s.io/kubernetes' code; the
# command requires it as it does cel.
pin cmd/kubeversion "$lib/builtin" ./builtin
# conformance replaces both with this checkout, but records the version
# that cel requires.
(cd conformance && GOWORK=off go mod tidy)
echo "cel and cmd/kubeversion require $lib, $lib/cel, $lib/migrate and $lib/builtin at $version"
