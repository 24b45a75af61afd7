#!/usr/bin/env bash
# peer_cases.sh: runs the starter kernel cases this version of Loom supports
# with loom-run, and checks each run with the peer's independent Python model
# (../shared/peer/tests/reference.py): the inputs against the case format's
# init rules, a sample of the outputs against a model of the kernel.
#
# usage: peer_cases.sh LOOM_RUN PEER_DIR OUT_DIR [BUILD_OPTIONS]
# BUILD_OPTIONS are added to each case's own (loom-run --build-options).
# Ends with "N passed, N failed"; exits 1 if any case failed.
set -u
loom_run=$1 peer=$2 out=$3 extra=${4:-}
cases="vadd_int vadd_float saxpy triad matmul_naive stencil2d divergent reduce scan matmul_tiled conv1d vec4 smooth_local histogram dp_poly math"
passed=0 failed=0
mkdir -p "$out"
run_case() { # NAME CASE.json
  local name=$1 json=$2 dir="$out/$1"
  rm -rf "$dir"
  if "$loom_run" "$json" --out "$dir" --repeat 1 --dump-inputs \
       --build-options="$extra" > "$dir.log" 2>&1 &&
     python3 "$peer/tests/reference.py" "$json" "$dir" >> "$dir.log" 2>&1; then
    passed=$((passed + 1)); echo "ok   $name: $(tail -n 1 "$dir.log")"
  else
    failed=$((failed + 1)); echo "FAIL $name"; sed 's/^/     /' "$dir.log" | tail -n 20
  fi
}
for name in $cases; do
  run_case "$name" "$peer/cases/$name.json"
done
run_case types "$peer/tests/types.json"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
