#!/usr/bin/env bash
# Builds a golangci-lint with smemlint's module plugin (.custom-gcl.yml) and
# runs it on the example kernels with .golangci.yml.
#
# "golangci-lint custom" clones golangci-lint from GitHub. Where only the Go
# module proxy can be reached, this script serves the clone from the Go
# module cache instead: it downloads golangci-lint's module at the version
# .custom-gcl.yml names, makes a local git repository of it tagged with that
# version, and points git at it (url.<local>.insteadOf, passed through the
# GIT_CONFIG_* variables that "custom" keeps). Everything else is the real
# "golangci-lint custom": plugin imports, replace directives, go mod tidy,
# go build.
#
# Usage: scripts/golangci.sh [packages]   (default ./examples/...)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=$root/bin
version=$(sed -n 's/^version: *//p' .custom-gcl.yml)
module=github.com/golangci/golangci-lint/v2

# 1. A stock golangci-lint of that version, to run "custom".
if ! "$bin/golangci-lint" version 2>/dev/null | grep -q "version ${version#v} "; then
	echo "== go install $module/cmd/golangci-lint@$version"
	GOBIN=$bin go install -ldflags "-X main.version=${version#v}" "$module/cmd/golangci-lint@$version"
fi

# 2. A local repository of golangci-lint's source at $version.
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
src=$(go mod download -json "$module@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
cp -r "$src" "$work/golangci-lint"
chmod -R u+w "$work/golangci-lint"
git -C "$work/golangci-lint" init -q
git -C "$work/golangci-lint" add -A
git -C "$work/golangci-lint" -c user.name=smemlint -c user.email=smemlint@localhost commit -q -m "golangci-lint $version from the Go module cache"
git -C "$work/golangci-lint" tag "$version"

# 3. golangci-lint custom, cloning from that repository.
echo "== golangci-lint custom ($(sed -n 's/^name: *//p' .custom-gcl.yml), golangci-lint $version + gclplugin)"
GIT_CONFIG_COUNT=1 \
	GIT_CONFIG_KEY_0="url.file://$work/golangci-lint.insteadOf" \
	GIT_CONFIG_VALUE_0="https://github.com/golangci/golangci-lint.git" \
	"$bin/golangci-lint" custom

# 4. Run it.
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./examples/...)
echo "== bin/custom-gcl run ${pkgs[*]}"
set +e
"$bin/custom-gcl" run "${pkgs[@]}"
rc=$?
set -e
# golangci-lint exits 1 when it reports issues: that is the expected result
# on the example kernels.
[ $rc -eq 0 ] || [ $rc -eq 1 ]
