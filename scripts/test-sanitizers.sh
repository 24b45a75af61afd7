#!/usr/bin/env bash
# test-sanitizers.sh: the driver's unit suites (cargo, metadata and mux: the
# queue, semaphores, fences, the thread pool, every command, the ELF loader,
# the misuse sweep) under AddressSanitizer + UndefinedBehaviorSanitizer with
# leak detection, then under ThreadSanitizer. Each runs in its own
# driver-only build (LOOM_DRIVER_ONLY: no LLVM, so about a minute each with
# ccache); the compiler and the end-to-end suites are left to the presets of
# doc/sanitizers.md, whose builds take longer than CI allows.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base="${LOOM_SANITIZER_BUILD_DIR:-$root/build-sanitizers}"
jobs="${LOOM_JOBS:-2}"

run() { # run <name> <sanitizers>
  local build="$base/$1"
  if [ ! -f "$build/build.ninja" ]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DLOOM_DRIVER_ONLY=ON "-DLOOM_SANITIZE=$2" > /dev/null
  fi
  cmake --build "$build" -j "$jobs"
  ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  TSAN_OPTIONS=halt_on_error=1 \
    ctest --test-dir "$build" --output-on-failure -j "$jobs"
}

run asan "address;undefined"
run tsan thread
