#!/usr/bin/env bash
# compare_pocl.sh: runs each starter case this version of Loom supports on
# Loom (loom-run) and on pocl (../shared/peer/pocl_run), interleaved, checks
# the outputs agree (compare.py) and prints one table of figures. Prints
# figures only; it never fails on time.
#
# usage: [LOOM_CASES="case ..."] [LOOM_BUILD_OPTIONS="-cl-wfv=always"]
#        bench/compare_pocl.sh [--repeat N] [--rounds R]
# LOOM_BUILD_OPTIONS are added to each case's own build options for Loom.
# A case is a starter case's name or the path of a case file, such as
# bench/cases/empty_one_group.json (launches that are all overhead).
# Needs pocl (../shared/peer/build.sh installs it) and a built Loom.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
peer="$root/../shared/peer"
loom_run="${LOOM_BUILD_DIR:-$root/build}/bin/loom-run"
repeat=20 rounds=3
while [ $# -gt 0 ]; do
  case $1 in
    --repeat) repeat=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    *) echo "usage: $0 [--repeat N] [--rounds R]" >&2; exit 2 ;;
  esac
done
[ -x "$peer/pocl_run" ] || "$peer/build.sh" >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cases="${LOOM_CASES:-vadd_int vadd_float saxpy triad matmul_naive stencil2d divergent reduce scan matmul_tiled conv1d vec4 smooth_local histogram dp_poly math}"

field() { python3 -c 'import json,sys; print(json.loads(sys.stdin.read())[sys.argv[1]])' "$1"; }
median() { python3 -c 'import statistics,sys; print("%.0f" % statistics.median(map(float, sys.argv[1:])))' "$@"; }

printf "%-13s %10s %12s %12s %12s %8s %s\n" case loom_build pocl_build+wu loom_kern_us pocl_kern_us pocl/loom outputs
for name in $cases; do
  # A starter case by name, or any case file by path (bench/cases/*.json).
  case $name in
    *.json) json=$name; name=$(basename "$name" .json) ;;
    *) json="$peer/cases/$name.json" ;;
  esac
  lb=() pb=() lk=() pk=()
  for _ in $(seq "$rounds"); do
    l=$("$loom_run" "$json" --out "$out/loom/$name" --repeat "$repeat" --json \
      --build-options="${LOOM_BUILD_OPTIONS:-}")
    p=$("$peer/pocl_run" "$json" --out "$out/pocl/$name" --repeat "$repeat" --json)
    lb+=("$(echo "$l" | field build_ms)"); lk+=("$(echo "$l" | field kernel_us_median)")
    pb+=("$(python3 -c 'import json,sys; d=json.loads(sys.argv[1]); print(d["build_ms"] + d["warmup_us"] / 1000)' "$p")")
    pk+=("$(echo "$p" | field kernel_us_median)")
  done
  # EQUAL or DIFFERENT, shown in the table: a difference is no reason to stop.
  verdict=$({ "$peer/compare.py" "$json" "$out/pocl/$name" "$out/loom/$name" || true; } |
    tail -n 1 | cut -d' ' -f1)
  L=$(median "${lk[@]}") P=$(median "${pk[@]}")
  printf "%-13s %10s %12s %12s %12s %8s %s\n" "$name" "$(median "${lb[@]}")ms" \
    "$(median "${pb[@]}")ms" "$L" "$P" "$(python3 -c "print('%.2f' % ($P / $L) if $L > 0 else 'n/a')")" "$verdict"
done
echo "(medians over $rounds interleaved rounds of $repeat timed launches; both kernel times are"
echo " the driver's own: a mux query pool for Loom, the profiling event for pocl;"
echo " whole microseconds, so n/a where Loom's rounds to 0)"
