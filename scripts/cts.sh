#!/usr/bin/env bash
# cts.sh: the Khronos OpenCL conformance suite (CTS) on Loom's platform and
# on pocl (doc/conformance.md).
#
#   scripts/cts.sh [--platform loom|pocl|both] [--tests "NAME ..."|--smoke]
#                  [--build-dir DIR] [--timeout SECONDS] [--write-doc]
#                  [--check] [--loom-icd FILE] [--record] [--resume|--retry]
#                  [--label TEXT] [--store DIR]
#
# Builds the CTS binaries of the list from ../shared/opencl-cts (the CTS at
# tag v2026-07-09-00 and the OpenCL and SPIR-V headers it needs; Debian's
# are too old) against Debian's ICD loader, in DIR (build-cts/ by default),
# assembles test_spirv_new's SPIR-V with spirv-as, runs each binary on the
# platform alone (OCL_ICD_VENDORS: Loom's build-tree loom.icd, or pocl's
# .icd) under a time limit, one log per binary in DIR/logs/PLATFORM/, and
# prints a table per binary and the sub-tests that failed on Loom or that
# the platforms disagree on (scripts/cts_table.py); --write-doc puts the
# table into doc/conformance.md, and --check exits 1 if a sub-test failed
# on Loom. Loom's ICD is the build tree's (build/etc/OpenCL/vendors/
# loom.icd) unless --loom-icd names another. --smoke runs the
# subset ctest runs (`opencl-cts-smoke`): test_events whole and eleven of
# test_api's sub-tests, on Loom.
#
# A binary can take longer than a working session here, so results are kept
# across runs: --record adds each binary's results to
# DIR/PLATFORM/NAME.results (DIR is doc/conformance unless --store names
# another; scripts/cts_table.py), with a line
# saying what ran them (the date, Loom's commit, or --label's text), and
# --write-doc then tables those instead of this run's logs; --resume (with
# --record) runs only the sub-tests that have no result there yet, or were
# cut by the time limit, and skips a binary that has none left; --retry
# runs those that failed too, after a fix.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared="$root/../shared/opencl-cts"
dir="$root/build-cts"
platform=both
timeout=3600
write_doc=0
check=0
loom_icd="$root/build/etc/OpenCL/vendors/loom.icd"
record=0
resume=0
retry=0
label=""
store="$root/doc/conformance"
# The issue's list, test_svm for the shared virtual memory the devices
# have, test_subgroups for their sub-groups, and the image binaries of
# test_conformance/images for their images (each in its default mode, which
# tests a random sample of sizes per format). test_bruteforce, test_conversions and test_select run
# in wimpy mode (-w, each binary's own default reduction factor): whole,
# they walk every value of 32-bit types, days of this machine.
tests="test_basic test_api test_compiler test_computeinfo test_buffers
test_mem_host_flags test_events test_profiling test_thread_dimensions
test_non_uniform_work_group test_integer_ops test_relationals
test_geometrics test_commonfns test_select test_vectors test_atomics
test_c11_atomics test_printf test_conversions test_bruteforce
test_spirv_new test_generic_address_space test_workgroups test_allocations
test_svm test_subgroups test_cl_get_info test_cl_read_write_images
test_cl_copy_images test_cl_fill_images test_kernel_image_methods
test_samplerless_reads test_image_streams"
smoke_args=""
while [ $# -gt 0 ]; do
  case "$1" in
    --platform) platform="$2"; shift 2 ;;
    --tests) tests="$2"; shift 2 ;;
    --smoke)
      tests="test_events test_api"
      smoke_args="test_api:get_platform_info get_device_info
create_context_from_type retain_queue_single get_command_queue_info
kernel_required_group_size get_kernel_info get_kernel_arg_info
null_buffer_arg get_buffer_info zero_sized_enqueue"
      timeout=600
      shift ;;
    --build-dir) dir="$2"; shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    --write-doc) write_doc=1; shift ;;
    --check) check=1; shift ;;
    --loom-icd) loom_icd="$2"; shift 2 ;;
    --record) record=1; shift ;;
    --resume) resume=1; shift ;;
    --retry) resume=1; retry=1; shift ;;
    --label) label="$2"; shift 2 ;;
    --store) store="$2"; shift 2 ;;
    *) echo "cts.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ "$resume" = 1 ] && [ "$record" = 0 ]; then
  echo "cts.sh: --resume and --retry need --record (they resume the kept results)" >&2
  exit 2
fi
case "$platform" in
  loom) platforms=loom ;;
  pocl) platforms=pocl ;;
  both) platforms="loom pocl" ;;
  *) echo "cts.sh: --platform is loom, pocl or both" >&2; exit 2 ;;
esac
if [ ! -d "$shared/cts" ]; then
  echo "cts.sh: $shared/cts not found (the CTS source beside the repository)" >&2
  exit 2
fi

# Configure once, then build only the binaries asked for.
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S "$shared/cts" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCL_INCLUDE_DIR="$shared/headers" \
    -DCL_LIB_DIR=/usr/lib/x86_64-linux-gnu -DOPENCL_LIBRARIES=OpenCL \
    -DSPIRV_INCLUDE_DIR="$shared/spirv-headers" \
    --compile-no-warning-as-error > "$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log" >&2; exit 1; }
fi
# shellcheck disable=SC2086
cmake --build "$dir" -j "${LOOM_JOBS:-2}" --target $tests

# test_spirv_new reads its modules, assembled, from a folder of its own.
if [[ " $tests " == *" test_spirv_new "* ]]; then
  asm="$shared/cts/test_conformance/spirv_new/spirv_asm"
  while IFS= read -r source; do
    relative="${source#"$asm"/}"
    out="$dir/spirv_bin/${relative%.spvasm64}.spv64"
    folder=$(dirname "$relative")
    version=1.0
    [[ "$folder" == spv* ]] && version="${folder#spv}"
    if [ ! -f "$out" ] || [ "$source" -nt "$out" ]; then
      mkdir -p "$(dirname "$out")"
      spirv-as --target-env "spv$version" -o "$out" "$source"
    fi
  done < <(find "$asm" -name '*.spvasm64')
fi

icd_of() {
  case "$1" in
    loom) echo "$loom_icd" ;;
    pocl) echo "/etc/OpenCL/vendors/pocl.icd" ;;
  esac
}

for p in $platforms; do
  icd=$(icd_of "$p")
  if [ ! -f "$icd" ]; then
    echo "cts.sh: no $p ICD at $icd" >&2
    exit 2
  fi
  mkdir -p "$dir/logs/$p"
  for t in $tests; do
    binary=$(find "$dir/test_conformance" -name "$t" -type f -perm -u+x | head -1)
    if [ -z "$binary" ]; then
      echo "cts.sh: $t was not built" >&2
      exit 1
    fi
    args=()
    part="whole"
    case "$t" in
      test_bruteforce | test_conversions | test_select) args=(-w) ;;
      test_spirv_new) args=(--spirv-binaries-path "$dir/spirv_bin") ;;
    esac
    # The smoke subset's sub-tests of test_api.
    if [ -n "$smoke_args" ] && [ "$t" = test_api ]; then
      # shellcheck disable=SC2206
      subset=(${smoke_args#test_api:})
      args+=("${subset[@]}")
      part="the smoke subset"
    fi
    log="$dir/logs/$p/$t.log"
    kept="$store/$p/$t.results"
    listing="$dir/logs/$p/$t.list"
    if [ "$record" = 1 ]; then
      (cd "$(dirname "$binary")" && "$binary" --list) 2>/dev/null |
        grep -P '^\t\S+$' | tr -d '\t' > "$listing" || true
    fi
    if [ "$resume" = 1 ] && [ -f "$kept" ]; then
      again=()
      [ "$retry" = 1 ] && again=(--failed-too)
      mapfile -t left < <(python3 "$root/scripts/cts_table.py" \
        --pending "$kept" --list "$listing" "${again[@]}")
      if [ "${#left[@]}" = 0 ]; then
        echo "cts.sh: $t on $p: every sub-test has a result in $kept"
        continue
      fi
      args+=("${left[@]}")
      part="the ${#left[@]} sub-tests left"
    fi
    echo "cts.sh: $t on $p"
    set +e
    # Loom's program cache, in a folder of the run's own.
    (cd "$(dirname "$binary")" &&
      OCL_ICD_VENDORS="$icd" LOOM_PROGRAM_CACHE_DIR="$dir/program-cache" \
        timeout "$timeout" "$binary" "${args[@]}") > "$log" 2>&1
    # On a line of its own: a binary the time limit stopped may have left
    # its last line unfinished.
    printf '\nexit %d\n' "$?" >> "$log"
    set -e
    if [ "$record" = 1 ]; then
      what="$label"
      if [ -z "$what" ]; then
        case "$p" in
          loom) what="Loom $(git -C "$root" describe --always --dirty)" ;;
          pocl) what="pocl $(dpkg-query -W -f '${Version}' libpocl2 2>/dev/null)" ;;
        esac
      fi
      python3 "$root/scripts/cts_table.py" --record "$log" --into "$kept" \
        --run "$(date -u +%F), $what, $part, limit ${timeout} s" \
        --sub-tests "$(wc -l < "$listing")" --list "$listing"
    fi
  done
done

table_args=()
[ "$write_doc" = 1 ] && table_args+=(--doc "$root/doc/conformance.md")
[ "$check" = 1 ] && table_args+=(--check)
results="$dir/logs"
[ "$record" = 1 ] && results="$store"
python3 "$root/scripts/cts_table.py" "$results" "${table_args[@]}"
