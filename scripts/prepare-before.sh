#!/usr/bin/env bash
# Unpacks another commit of the service next to this checkout, sharing this checkout's installed
# dependencies, so that bench/onsale.ts can run its servers from it (`--before DIR`): the "before"
# of a before/after comparison in one run. Usage: bash scripts/prepare-before.sh <git ref> <dir>
set -euo pipefail
ref="${1:?git ref}"
dir="${2:?target directory}"
root="$(cd "$(dirname "$0")/.." && pwd)"
rm -rf "$dir"
mkdir -p "$dir"
git -C "$root" archive "$ref" | tar -x -C "$dir"
# Third-party packages: the root store is shared; each package's node_modules holds relative links
# (to its workspace siblings and into the root store), copied as links so they resolve inside $dir.
ln -s "$root/node_modules" "$dir/node_modules"
for package in "$root"/packages/* "$root/test"; do
  name="$(basename "$package")"
  target="$dir/packages/$name"
  [ "$package" = "$root/test" ] && target="$dir/test"
  if [ -d "$package/node_modules" ] && [ -d "$target" ]; then cp -a "$package/node_modules" "$target/"; fi
done
# The benchmark's server process, from this checkout (it uses only the composition root's API).
mkdir -p "$dir/bench/onsale"
cp "$root/bench/onsale/server.ts" "$dir/bench/onsale/server.ts"
echo "$dir: $(git -C "$root" rev-parse --short "$ref")"
