#!/usr/bin/env bash
# compare-lint.sh: run `kubeversion lint` as built from two revisions on
# the real-world corpus of conformance/testdata/corpus.txt, and say
# whether their outputs are byte-identical: every file on create, and each
# project's newer release against its older one with --old, in text, json
# and github formats, with the exit status.
#
#   bash scripts/compare-lint.sh [OLD-REVISION [NEW-REVISION]]
#
# OLD-REVISION defaults to HEAD~1; NEW-REVISION to the working tree. A
# change that is meant to leave lint's output alone (a refactoring, a
# faster reader) must print "identical" for every line. The corpus's
# modules come through the Go module proxy, or the module cache.
set -euo pipefail
cd "$(dirname "$0")/.."

old=${1:-HEAD~1}
new=${2:-}
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/src-old.bin" >/dev/null 2>&1 || true; git worktree remove --force "$tmp/src-new.bin" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT

build() { # revision binary
	if [ -z "$1" ]; then
		go build -o "$2" ./cmd/kubeversion
		return
	fi
	local dir="$tmp/src-$(basename "$2")"
	git worktree add --quiet --detach "$dir" "$1"
	(cd "$dir" && go build -o "$2" ./cmd/kubeversion)
}
build "$old" "$tmp/old.bin"
build "$new" "$tmp/new.bin"

moduledir() { (cd "$tmp" && GOFLAGS= go mod download -json "$1") | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'; }

# Each label's files, newest release last.
declare -A files older
while read -r label module glob; do
	dir=$(moduledir "$module")
	list=$(ls $dir/$glob)
	if [ -n "${files[$label]:-}" ]; then
		older[$label]=${files[$label]}
	fi
	files[$label]=$list
done < <(grep -v '^#' conformance/testdata/corpus.txt | grep .)

differ=0
compare() { # what args...
	local what=$1
	shift
	for format in text json github; do
		local a b
		a=$("$tmp/old.bin" lint -o "$format" "$@" 2>&1; echo "exit $?") || true
		b=$("$tmp/new.bin" lint -o "$format" "$@" 2>&1; echo "exit $?") || true
		if [ "$a" == "$b" ]; then
			printf 'identical  %-28s %-6s %7d lines\n' "$what" "$format" "$(wc -l <<<"$b")"
		else
			printf 'DIFFERENT  %-28s %-6s\n' "$what" "$format"
			diff <(echo "$a") <(echo "$b") | head -20
			differ=1
		fi
	done
}
all=()
for label in $(printf '%s\n' "${!files[@]}" | sort); do
	all+=(${files[$label]})
done
compare "corpus, on create" "${all[@]}"
for label in $(printf '%s\n' "${!older[@]}" | sort); do
	live="$tmp/$label.live.yaml"
	for f in ${older[$label]}; do cat "$f"; printf '\n---\n'; done >"$live"
	compare "$label, --old" --old "$live" ${files[$label]}
done
exit $differ
