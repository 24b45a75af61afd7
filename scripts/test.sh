#!/usr/bin/env bash
# test.sh: builds Loom and runs the whole test suite with ctest. CI (.ci/run)
# runs this first, then the sanitizer job (scripts/test-sanitizers.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${LOOM_BUILD_DIR:-$root/build}"

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j 2
