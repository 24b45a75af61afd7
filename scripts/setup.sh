#!/usr/bin/env bash
# setup.sh: from a fresh clone to a kernel computed by Loom.
#
# Installs missing Debian packages, builds Loom, compiles examples/saxpy.cl for
# the CSA target with loomc, runs it on the reference driver with loom-run,
# checks every output element and prints one verdict line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${LOOM_BUILD_DIR:-$root/build}"

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"

out="$build/examples/saxpy"
mkdir -p "$out"
"$build/bin/loomc" --target=csa "$root/examples/saxpy.cl" -o "$out/saxpy.o"
"$build/bin/loom-run" "$root/examples/saxpy.json" --binary "$out/saxpy.o" --out "$out"
python3 "$root/examples/check_saxpy.py" "$root/examples/saxpy.json" "$out"
