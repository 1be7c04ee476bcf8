#!/usr/bin/env bash
# pin-library.sh [COMMIT]: make the command's module require the library at
# COMMIT (default HEAD), a commit that is or will be on main, so that
# `go install github.com/kubeversion/kubeversion/cmd/kubeversion@latest`
# builds the command with the library it was tested with. go.work then
# replaces that version with this checkout's library.
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git rev-parse "${1:-HEAD}")
time=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S "$commit")
version="v0.0.0-$time-${commit:0:12}"
lib=github.com/kubeversion/kubeversion
old=$(cd cmd/kubeversion && go mod edit -json | awk -v lib="\"$lib\"" '$0 ~ "\"Path\": " lib "," {getline; gsub(/[",]/, ""); print $2}')
(cd cmd/kubeversion && go mod edit -require "$lib@$version")
go work edit -dropreplace "$lib@$old" -replace "$lib@$version=./"
echo "cmd/kubeversion requires $lib@$version (was $old)"
