#!/usr/bin/env bash
# upgrade-corpus.sh: measure the upgrade findings of `kubeversion lint
# --old` on ten real upgrades of projects that ship CRDs in their Go
# modules, as two builds of kubeversion report them, and print a Markdown
# table, one row per upgrade.
#
#   bash scripts/upgrade-corpus.sh BEFORE_BIN AFTER_BIN
#
# BEFORE_BIN is an older build (for example of 2febef0, before findings
# were grouped by version, before type-widened, pattern-loosened and
# crd-removed), AFTER_BIN the current one:
#
#   git worktree add --detach /tmp/kv-before 2febef0
#   (cd /tmp/kv-before && go build -o /tmp/kv-before-bin ./cmd/kubeversion)
#
# The modules come from the Go module proxy (or the module cache), at the
# versions pinned in PAIRS below; a pair whose module fails to download
# gets a row saying so. Each pair is linted as
#
#   BIN lint -o json --old OLD NEW
#
# NEW is the path in the newer module (a file, or a directory; a directory
# with a kustomization.yaml is built with kustomize by both binaries).
# OLD is one file made of the older module's path, since BEFORE_BIN's
# --old takes only a file: the file itself, or the YAML and JSON files
# under the directory joined with ---, or for a directory with a
# kustomization.yaml what kustomize builds of it (with the kustomize API
# and options kubeversion uses; a small helper is compiled for it). Both
# binaries get the same OLD file.
#
# The columns:
#   project             the project and the path in its module
#   old → new           the two releases
#   CRDs                live objects in OLD → CRDs in NEW (from AFTER_BIN)
#   findings before     BEFORE_BIN's findings: each listed finding, plus
#                       findingsNotListed (lint lists 100 of a CRD), plus
#                       its removed entries if it has any
#   ungrouped now       AFTER_BIN's findings counted as before grouping:
#                       a finding naming N>1 versions counts N; for a CRD
#                       with unlisted findings the count comes from a
#                       --write-baseline run, which records every finding
#                       with its versions; crd-removed entries count 1
#   grouped now         AFTER_BIN's findings as listed: listed findings +
#                       findingsNotListed + len(removed)
#   errors before → now findings at level error (from each CRD's verdict,
#                       which counts unlisted findings too, plus removed
#                       entries at level error); AFTER_BIN's are grouped,
#                       and counted ungrouped in parentheses where that
#                       differs ("≥" where findings are not listed, which
#                       count 1 each)
#   false alarms gone   pattern-changed before → now, and type-changed
#                       before → now (the difference in parentheses), with
#                       the pattern-loosened and type-widened warnings
#                       AFTER_BIN reports instead; counted, ungrouped, in
#                       a run with only those checks on (--check all=off),
#                       so that the 100-findings limit of a CRD rarely
#                       cuts them; "≥" where it still does
#   crd-removed now     AFTER_BIN's crd-removed findings (live objects of
#                       OLD that NEW does not have)
#   exit, seconds       exit status and wall time of the two main runs,
#                       before / now
#
# Notes after the table list what else stands out: problems in the JSON,
# CRDs whose upgrade was not checked, output that is not JSON (a crash),
# and standard error lines that are not the usual notes.
#
# Counting uses python3, which must be installed (jq is not used). With
# KEEP_TMP=1 the runs' outputs are kept, in the directory named on
# standard error at the end. It takes well under a minute with a warm
# module and build cache.
set -euo pipefail

if [ $# -ne 2 ]; then
	echo "usage: $0 BEFORE_BIN AFTER_BIN" >&2
	exit 2
fi
command -v python3 >/dev/null || { echo "$0: python3 is needed for counting" >&2; exit 2; }
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
before=$(abs "$1")
after=$(abs "$2")
for b in "$before" "$after"; do
	[ -x "$b" ] || { echo "$0: $b: not an executable" >&2; exit 2; }
done
cd "$(dirname "$0")/.."
repo=$PWD

# Each line: project, older module@version, newer module@version, the
# path in the older module and, when it differs, the path in the newer.
PAIRS='
gateway-api          sigs.k8s.io/gateway-api@v1.3.0                               sigs.k8s.io/gateway-api@v1.6.3                               config/crd/standard
istio                istio.io/api@v1.22.0                                         istio.io/api@v1.31.1                                         kubernetes/customresourcedefinitions.gen.yaml
cluster-api          sigs.k8s.io/cluster-api@v1.8.0                               sigs.k8s.io/cluster-api@v1.11.0                              config/crd
kyverno              github.com/kyverno/kyverno@v1.12.0                           github.com/kyverno/kyverno@v1.14.0                           config/crds
cert-manager         github.com/cert-manager/cert-manager@v1.15.0                 github.com/cert-manager/cert-manager@v1.18.0                 deploy/crds
prometheus-operator  github.com/prometheus-operator/prometheus-operator@v0.75.0   github.com/prometheus-operator/prometheus-operator@v0.84.0   example/prometheus-operator-crd
crossplane           github.com/crossplane/crossplane@v1.17.0                     github.com/crossplane/crossplane/v2@v2.0.0                   cluster/crds
knative-serving      knative.dev/serving@v0.42.0                                  knative.dev/serving@v0.46.0                                  config/core/300-resources
tekton-pipeline      github.com/tektoncd/pipeline@v0.62.0                         github.com/tektoncd/pipeline@v1.3.0                          config/300-crds
keda                 github.com/kedacore/keda/v2@v2.15.1                          github.com/kedacore/keda/v2@v2.18.0                          config/crd/bases
'

tmp=$(mktemp -d)
trap '[ -n "${KEEP_TMP:-}" ] && echo "kept $tmp" >&2 || rm -rf "$tmp"' EXIT

# moduledir MODULE@VERSION: the module's directory in the module cache,
# or nothing (and the error on standard error) when it fails to download.
moduledir() {
	local out
	out=$(cd "$tmp" && GOWORK=off GOFLAGS= go mod download -json "$1" 2>&1) || true
	if grep -q '"Error":' <<<"$out" || ! grep -q '"Dir":' <<<"$out"; then
		echo "$1: $(sed -n 's/^[[:space:]]*"Error": "\(.*\)",\{0,1\}$/\1/p' <<<"$out" | head -1)" >&2
		return 0
	fi
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' <<<"$out"
}

kustomization() { [ -f "$1/kustomization.yaml" ] || [ -f "$1/kustomization.yml" ] || [ -f "$1/Kustomization" ]; }

# kustomize DIR: what kustomize builds of DIR, as kubeversion builds it
# (krusty, default options, the legacy order). The helper is compiled
# once, with the module sums of cmd/kubeversion.
kustomize() {
	local k=$tmp/kustomize
	if [ ! -x "$k/build" ]; then
		mkdir -p "$k"
		cat >"$k/main.go" <<-'EOF'
			package main

			import (
				"fmt"
				"os"

				"sigs.k8s.io/kustomize/api/krusty"
				"sigs.k8s.io/kustomize/kyaml/filesys"
			)

			func main() {
				opts := krusty.MakeDefaultOptions()
				opts.Reorder = krusty.ReorderOptionLegacy
				m, err := krusty.MakeKustomizer(opts).Run(filesys.MakeFsOnDisk(), os.Args[1])
				if err == nil {
					var y []byte
					if y, err = m.AsYaml(); err == nil {
						_, err = os.Stdout.Write(y)
					}
				}
				if err != nil {
					fmt.Fprintln(os.Stderr, "kustomize build:", err)
					os.Exit(1)
				}
			}
		EOF
		printf 'module kvkustomize\n\ngo 1.24\n\nrequire (\n\tsigs.k8s.io/kustomize/api v0.21.1\n\tsigs.k8s.io/kustomize/kyaml v0.21.1\n)\n' >"$k/go.mod"
		if [ -f "$repo/cmd/kubeversion/go.sum" ]; then cp "$repo/cmd/kubeversion/go.sum" "$k/go.sum"; fi
		(cd "$k" && GOWORK=off GOFLAGS=-mod=mod go build -o build . 2>"$k/build.log") ||
			{ cat "$k/build.log" >&2; return 1; }
	fi
	"$k/build" "$1"
}

# oldfile PATH OUT: writes to OUT the one file --old reads for PATH.
oldfile() {
	if [ -f "$1" ]; then
		cp "$1" "$2"
	elif kustomization "$1"; then
		kustomize "$1" >"$2"
	else
		find "$1" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | LC_ALL=C sort |
			while read -r f; do cat "$f"; printf '\n---\n'; done >"$2"
	fi
}

# run NAME BIN ARGS...: runs BIN lint -o json ARGS..., into $tmp/NAME.json
# and .err, its exit status into .rc and its wall time into .time.
run() {
	local name=$1 bin=$2
	shift 2
	local start=${EPOCHREALTIME//[!0-9]/} rc=0
	"$bin" lint -o json "$@" >"$tmp/$name.json" 2>"$tmp/$name.err" || rc=$?
	local us=$((${EPOCHREALTIME//[!0-9]/} - start))
	echo "$rc" >"$tmp/$name.rc"
	printf '%d.%d\n' $((us / 1000000)) $((us / 100000 % 10)) >"$tmp/$name.time"
}

# The checks whose counts the table gives, each binary those it knows.
focus() { # BIN
	local c args=()
	for c in $("$1" lint --list-checks | awk '$1 ~ /^(pattern-changed|pattern-loosened|type-changed|type-widened)$/ {print $1}'); do
		args+=(--check "$c=warning")
	done
	echo "--check all=off ${args[*]}"
}
focus_before=$(focus "$before")
focus_after=$(focus "$after")

: >"$tmp/pairs.tsv"
n=0
while read -r project old new oldpath newpath; do
	[ -n "$project" ] || continue
	newpath=${newpath:-$oldpath}
	n=$((n + 1))
	label="$project ($newpath)"
	span="${old##*@} → ${new##*@}"
	echo "[${SECONDS}s] $project: $old → $new" >&2
	olddir=$(moduledir "$old")
	newdir=$(moduledir "$new")
	if [ -z "$olddir" ] || [ -z "$newdir" ]; then
		printf '%s\t%s\t%s\t%s\n' "$n" "$label" "$span" "download failed" >>"$tmp/pairs.tsv"
		continue
	fi
	if [ ! -e "$olddir/$oldpath" ] || [ ! -e "$newdir/$newpath" ]; then
		printf '%s\t%s\t%s\t%s\n' "$n" "$label" "$span" "path missing" >>"$tmp/pairs.tsv"
		continue
	fi
	if ! oldfile "$olddir/$oldpath" "$tmp/$n.old.yaml"; then
		printf '%s\t%s\t%s\t%s\n' "$n" "$label" "$span" "old path unreadable" >>"$tmp/pairs.tsv"
		continue
	fi
	o=$tmp/$n.old.yaml
	p=$newdir/$newpath
	run "$n.b" "$before" --old "$o" "$p"
	run "$n.a" "$after" --old "$o" "$p"
	# shellcheck disable=SC2086 # the focus flags are words
	run "$n.bf" "$before" $focus_before --old "$o" "$p"
	# shellcheck disable=SC2086
	run "$n.af" "$after" $focus_after --old "$o" "$p"
	run "$n.abl" "$after" --write-baseline "$tmp/$n.baseline.json" --old "$o" "$p"
	printf '%s\t%s\t%s\t%s\n' "$n" "$label" "$span" "ok" >>"$tmp/pairs.tsv"
done <<<"$PAIRS"

echo "[${SECONDS}s] counting" >&2
python3 - "$tmp" <<'EOF'
import json, os, re, sys

tmp = sys.argv[1]

def read(path, default=None):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return default

def load(name):
    """The JSON of run name, or None when it is not JSON (a crash)."""
    try:
        return json.loads(read(os.path.join(tmp, name + ".json"), ""))
    except ValueError:
        return None

def verdict_counts(c):
    """Errors and warnings of the upgrade checks, from a CRD's verdict,
    which counts the findings that are not listed too."""
    v = c.get("verdict", "")
    m = re.search(r"; upgrade[^:]*: (.*)$", v)
    if not m:
        return None
    e = re.search(r"(?:^|, )(\d+) errors?\b", m.group(1))
    w = re.search(r"(?:^|, )(\d+) warnings?\b", m.group(1))
    return (int(e.group(1)) if e else 0, int(w.group(1)) if w else 0)

def count(d, baseline=None):
    """The counts of one run's JSON document d."""
    r = dict(listed=0, ungrouped=0, errors=0, errors_ungrouped=0, warnings=0, truncated=0,
             checks={}, checks_truncated=False, removed=0, crds=len(d.get("crds") or []),
             live=0, not_checked=[])
    per_crd = {}
    if baseline is not None:
        for e in baseline.get("accepted") or []:
            per_crd[e.get("crd")] = per_crd.get(e.get("crd"), 0) + max(1, len(e.get("versions") or []))
    for c in d.get("crds") or []:
        fs = c.get("findings") or []
        nl = c.get("findingsNotListed") or 0
        if c.get("operation") == "update":
            r["live"] += 1
        if c.get("upgradeNotChecked"):
            r["not_checked"].append(c.get("name", "?") + ": " + c["upgradeNotChecked"])
        r["listed"] += len(fs) + nl
        if nl and c.get("name") in per_crd:
            r["ungrouped"] += per_crd[c["name"]]
        else:
            r["ungrouped"] += sum(len(f.get("versions") or []) if len(f.get("versions") or []) > 1 else 1 for f in fs) + nl
        if nl:
            r["truncated"] += 1
            r["checks_truncated"] = True
        vc = verdict_counts(c)
        if vc is None or (vc[0] + vc[1] == 0 and fs):
            vc = (sum(f.get("level") == "error" for f in fs), sum(f.get("level") != "error" for f in fs) + nl)
        r["errors"] += vc[0]
        r["warnings"] += vc[1]
        listed_errors = [f for f in fs if f.get("level") == "error"]
        # The errors not listed count 1 each: a lower bound.
        r["errors_ungrouped"] += sum(max(1, len(f.get("versions") or [])) for f in listed_errors) + max(0, vc[0] - len(listed_errors))
        for f in fs:
            n = len(f.get("versions") or []) if len(f.get("versions") or []) > 1 else 1
            r["checks"][f.get("check")] = r["checks"].get(f.get("check"), 0) + n
    removed = d.get("removed") or []
    r["removed"] = len(removed)
    r["live"] += len(removed)
    r["listed"] += len(removed)
    r["ungrouped"] += len(removed)
    for x in removed:
        if x.get("level") == "error":
            r["errors"] += 1
            r["errors_ungrouped"] += 1
        else:
            r["warnings"] += 1
    return r

def usual(line):
    return ("holds no live object of this name" in line or "skipped:" in line
            or line.startswith("go: downloading"))

rows, notes = [], []
for line in read(os.path.join(tmp, "pairs.tsv"), "").splitlines():
    n, label, span, status = line.split("\t")
    if status != "ok":
        rows.append([label, span, status] + [""] * 7)
        notes.append(f"{label}: {status}")
        continue
    runs = {k: load(f"{n}.{k}") for k in ("b", "a", "bf", "af")}
    rc = {k: read(os.path.join(tmp, f"{n}.{k}.rc"), "?").strip() for k in ("b", "a", "bf", "af", "abl")}
    secs = {k: read(os.path.join(tmp, f"{n}.{k}.time"), "?").strip() for k in ("b", "a")}
    for k, what in (("b", "before"), ("a", "now"), ("bf", "before, focused run"), ("af", "now, focused run")):
        if runs[k] is None:
            err = read(os.path.join(tmp, f"{n}.{k}.err"), "").strip().splitlines()
            notes.append(f"{label}: {what}: no JSON, exit {rc[k]}" + (f": {err[-1]}" if err else ""))
        else:
            for p in runs[k].get("problems") or []:
                notes.append(f"{label}: {what}: problem: {json.dumps(p)[:300]}")
        if k in ("b", "a"):
            for l in read(os.path.join(tmp, f"{n}.{k}.err"), "").splitlines():
                if not usual(l):
                    notes.append(f"{label}: {what}: stderr: {l[:300]}")
    baseline = None
    try:
        baseline = json.loads(read(os.path.join(tmp, f"{n}.baseline.json"), ""))
    except ValueError:
        if rc["abl"] != "0":
            notes.append(f"{label}: now, --write-baseline run: exit {rc['abl']}, no baseline")
    b = count(runs["b"]) if runs["b"] is not None else None
    a = count(runs["a"], baseline) if runs["a"] is not None else None
    bf = count(runs["bf"]) if runs["bf"] is not None else None
    af = count(runs["af"]) if runs["af"] is not None else None
    for r, what in ((b, "before"), (a, "now")):
        if r and r["truncated"]:
            notes.append(f"{label}: {what}: {r['truncated']} CRD(s) with findings not listed (over 100)")
        if r and r["not_checked"]:
            notes.append(f"{label}: {what}: upgrade not checked for " + "; ".join(r["not_checked"]))
    def check(r, name):
        if r is None:
            return "?"
        return ("≥" if r["checks_truncated"] else "") + str(r["checks"].get(name, 0))
    def gone(name):
        x, y = check(bf, name), check(af, name)
        try:
            return f"{x} → {y} ({int(x.lstrip('≥')) - int(y.lstrip('≥'))} gone)"
        except ValueError:
            return f"{x} → {y}"
    def fmt(r, key):
        return "crash" if r is None else str(r[key])
    alarms = (f"pattern-changed {gone('pattern-changed')}, +{check(af, 'pattern-loosened')} pattern-loosened; "
              f"type-changed {gone('type-changed')}, +{check(af, 'type-widened')} type-widened")
    rows.append([
        label, span,
        "?" if a is None else f"{a['live']} → {a['crds']}",
        fmt(b, "listed"), fmt(a, "ungrouped"), fmt(a, "listed"),
        f"{fmt(b, 'errors')} → {fmt(a, 'errors')}" + ("" if a is None or a["errors_ungrouped"] == a["errors"] else
            f" ({'≥' if a['truncated'] else ''}{a['errors_ungrouped']} ungrouped)"),
        alarms,
        fmt(a, "removed"),
        f"{rc['b']} / {rc['a']}, {secs['b']} / {secs['a']}",
    ])

head = ["project (path)", "old → new", "CRDs", "findings before", "ungrouped now",
        "grouped now", "errors before → now", "false alarms gone (before → now)",
        "crd-removed now", "exit, seconds (before / now)"]
print("| " + " | ".join(head) + " |")
print("|" + "|".join("---" for _ in head) + "|")
for r in rows:
    print("| " + " | ".join(r) + " |")
if notes:
    print()
    print("Notes:")
    for x in notes:
        print("- " + x)
EOF
