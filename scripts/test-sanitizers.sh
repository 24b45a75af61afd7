#!/usr/bin/env bash
# test-sanitizers.sh: the driver's unit suites (cargo, metadata and mux: the
# queue, semaphores, fences, the thread pool, every command, the ELF loader,
# the misuse sweep) under AddressSanitizer + UndefinedBehaviorSanitizer with
# leak detection, then under ThreadSanitizer. Each runs in its own
# driver-only build (LOOM_DRIVER_ONLY: no LLVM, so about a minute each with
# ccache). Then the compiler's fuzzers (OpenCL C, SPIR-V, LLVM IR) in a
# third build, of the compiler alone by Clang with libFuzzer's coverage and
# ASan + UBSan (LOOM_COMPILER_FUZZERS). The end-to-end suites under the
# sanitizers are left to the presets of doc/sanitizers.md, whose builds take
# longer than CI allows.
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
run fuzz -DLOOM_COMPILER_FUZZERS=ON -DCMAKE_C_COMPILER=clang-15 \
  -DCMAKE_CXX_COMPILER=clang++-15 \
  "-DLOOM_SANITIZE=fuzzer-no-link;address;undefined"
