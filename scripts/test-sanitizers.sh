#!/usr/bin/env bash
# test-sanitizers.sh: the sanitizer job CI runs after the test command, four builds
# under build-sanitizers/ (LOOM_SANITIZER_BUILD_DIR moves them), each built
# and its ctest entries run:
#  - asan, tsan: the driver's unit suites (cargo, metadata and mux: the
#    queue, semaphores, fences, the thread pool, every command, the ELF
#    loader, the misuse sweep) under AddressSanitizer + UndefinedBehavior-
#    Sanitizer with leak detection, and under ThreadSanitizer; driver-only
#    builds (LOOM_DRIVER_ONLY: no LLVM);
#  - compiler-asan: the compiler, the tools, the compiler's fuzzers and the
#    end-to-end suites (LOOM_COMPILER_CHECKS) by Clang with libFuzzer's
#    coverage and ASan + UBSan: the fixed-seed fuzz runs (OpenCL C, SPIR-V,
#    LLVM IR), then the end-to-end suites (every kernel compiled and run on
#    the driver) scalar, with Vecz at 8 and the Vecz suites, with leak
#    detection;
#  - compiler-tsan: the same without the fuzzers, under TSan: the
#    end-to-end suite scalar and with Vecz at 8, and the OpenCL platform's
#    googletest suite.
# doc/sanitizers.md says what each covers and how long it takes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base="${LOOM_SANITIZER_BUILD_DIR:-$root/build-sanitizers}"
jobs="${LOOM_JOBS:-2}"

run() { # run <name> <cmake arguments...>
  local build="$base/$1"
  shift
  if [ ! -f "$build/build.ninja" ]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      "$@" > /dev/null
  fi
  cmake --build "$build" -j "$jobs"
  ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  TSAN_OPTIONS=halt_on_error=1 \
    ctest --test-dir "$build" --output-on-failure -j "$jobs"
}

run asan -DLOOM_DRIVER_ONLY=ON "-DLOOM_SANITIZE=address;undefined"
run tsan -DLOOM_DRIVER_ONLY=ON -DLOOM_SANITIZE=thread
run compiler-asan -DLOOM_COMPILER_CHECKS=ON -DCMAKE_C_COMPILER=clang-15 \
  -DCMAKE_CXX_COMPILER=clang++-15 \
  "-DLOOM_SANITIZE=fuzzer-no-link;address;undefined"
run compiler-tsan -DLOOM_COMPILER_CHECKS=ON -DCMAKE_C_COMPILER=clang-15 \
  -DCMAKE_CXX_COMPILER=clang++-15 -DLOOM_SANITIZE=thread
