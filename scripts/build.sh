#!/usr/bin/env bash
# build.sh: configures (once) and builds Loom in build/ with Ninja and ccache.
#
# Incremental: a second run rebuilds only what changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${LOOM_BUILD_DIR:-$root/build}"
jobs="${LOOM_JOBS:-2}"

if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build" -j "$jobs"
