#!/usr/bin/env bash
# annotations.sh: what each CSA annotation buys on this machine. Runs every
# kernel of annotations.cl on the reference driver (loom-run --target=csa)
# without and with its annotation, and with the annotation's OpenMP twin
# (-fopenmp) where it has one, alternating, in one run; checks the outputs
# are identical, and prints the fastest kernel times and the speed-ups.
# Prints figures only; it fails only when outputs differ.
#
# usage: bench/csa/annotations.sh [--repeat N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
loom_run="${LOOM_BUILD_DIR:-$root/build}/bin/loom-run"
repeat=10 rounds=3
while [ $# -gt 0 ]; do
  case $1 in
    --repeat) repeat=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    *) echo "usage: $0 [--repeat N] [--rounds R]" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/annotations.cl" "$work/"

# case NAME KERNEL OPTIONS ARGS-JSON
run_case() {
  local name=$1 kernel=$2 options=$3 args=$4
  cat > "$work/$name.json" <<JSON
{"name": "$name", "source": "annotations.cl", "kernel": "$kernel",
 "build_options": "$options", "global": [1], "local": [1], "args": $args}
JSON
  "$loom_run" --target=csa "$work/$name.json" --out "$work/out/$name" \
    --repeat "$repeat" --json |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["kernel_us_min"])'
}

# compare LABEL KERNEL ARGS-JSON PLAIN-NAME MARKED-NAME OPTIONS [OMP-OPTIONS]
compare() {
  local label=$1 kernel=$2 args=$3 base=$4 marked=$5 options=$6
  local omp_options=${7:-}
  local plain_us=1e30 marked_us=1e30 omp_us=1e30 t
  for _ in $(seq "$rounds"); do
    t=$(run_case "$base" "$kernel" "" "$args")
    plain_us=$(python3 -c "print(min($plain_us, $t))")
    t=$(run_case "$marked" "$kernel" "$options" "$args")
    marked_us=$(python3 -c "print(min($marked_us, $t))")
    if [ -n "$omp_options" ]; then
      t=$(run_case "$marked.omp" "$kernel" "$omp_options" "$args")
      omp_us=$(python3 -c "print(min($omp_us, $t))")
    fi
  done
  report "$label" "$base" "$marked" "$plain_us" "$marked_us" "$omp_us"
}

same_outputs() {
  for f in "$work/out/$1"/*.bin; do
    cmp -s "$f" "$work/out/$2/$(basename "$f")" || return 1
  done
}

n=1048576
gather_args='[{"buffer": "float", "count": '$((2 * n))', "init": "random", "output": true},
  {"buffer": "int", "count": '$n', "init": "iota"}, {"scalar": "int", "value": '$n'}]'
ind_args='[{"buffer": "float", "count": 2097152, "output": true},
  {"buffer": "float", "count": 2097152, "init": "random"},
  {"scalar": "int", "value": 2097152}]'
rows_args='[{"buffer": "int", "count": 4096, "output": true},
  {"buffer": "int", "count": 4194304, "init": "random"},
  {"scalar": "int", "value": 4096}, {"scalar": "int", "value": 1024}]'

printf "%-34s %10s %10s %8s %10s %8s %s\n" annotation plain_us marked_us \
  speedup openmp_us speedup outputs
report() {
  local label=$1 base=$2 marked=$3 plain_us=$4 marked_us=$5 omp_us=$6
  local verdict=identical omp_text="-" omp_ratio="-"
  same_outputs "$base" "$marked" || verdict=DIFFER
  if [ "$omp_us" != 1e30 ]; then
    same_outputs "$base" "$marked.omp" || verdict=DIFFER
    omp_text=$(printf "%.0f" "$omp_us")
    omp_ratio=$(python3 -c "print(f'{$plain_us / $omp_us:.2f}x')")
  fi
  printf "%-34s %10.0f %10.0f %7.2fx %10s %8s %s\n" "$label" "$plain_us" \
    "$marked_us" "$(python3 -c "print($plain_us / $marked_us)")" \
    "$omp_text" "$omp_ratio" "$verdict"
  [ "$verdict" = identical ]
}

compare "parallel_loop (indexed gather)" gather_half "$gather_args" \
  gather_plain gather_parallel -DPARALLEL "-fopenmp -DOMP"
for chunk in 0 1 8; do
  compare "spmd(2, $chunk)" independent "$ind_args" ind_plain \
    "ind_spmd$chunk" "-DSPMD_CHUNK=$chunk" "-fopenmp -DOMP_CHUNK=$chunk"
done
for depth in 0 1 2 4 8; do
  compare "pipeline_loop($depth) (reduction)" row_sums "$rows_args" \
    rows_plain "rows_pipe$depth" "-DPIPELINE=$depth"
done
