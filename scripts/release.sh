#!/usr/bin/env bash
# Builds revokes for the platforms of people without Go, from a checkout,
# in one command:
#
#     scripts/release.sh [VERSION]
#
# writes dist/revokes-VERSION-OS-ARCH (.exe for Windows) for Windows,
# macOS (Intel and Apple silicon) and Linux (x86-64 and ARM), and
# dist/SHA256SUMS. VERSION defaults to `git describe` of the checkout.
# The builds are reproducible: the same checkout and Go release give the
# same bytes (-trimpath, no cgo, no build ID, the version stamped with -X
# main.version and printed by `revokes -version`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

version="${1:-$(git describe --tags --always --dirty 2>/dev/null || echo devel)}"
out="${DIST:-dist}"
targets="${TARGETS:-windows/amd64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64}"

mkdir -p "$out"
for target in $targets; do
  os="${target%/*}" arch="${target#*/}"
  name="revokes-$version-$os-$arch"
  [ "$os" = windows ] && name="$name.exe"
  echo "building $out/$name"
  CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" go build -trimpath -buildvcs=false \
    -ldflags "-s -w -buildid= -X main.version=$version" -o "$out/$name" ./cmd/revokes
done
(cd "$out" && sha256sum revokes-"$version"-* > SHA256SUMS && cat SHA256SUMS)
