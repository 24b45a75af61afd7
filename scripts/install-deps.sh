#!/usr/bin/env bash
# install-deps.sh: installs the Debian 12 packages Loom needs, only those missing.
#
# Idempotent: when everything is present it only runs dpkg-query and exits.
# Needs root (or sudo) when something is missing.
set -euo pipefail

PACKAGES=(
  cmake ninja-build ccache g++ python3 pkg-config zlib1g-dev
  llvm-15-dev llvm-15-tools clang-15 libclang-15-dev libclang-cpp15-dev
  libllvmspirvlib-15-dev llvm-spirv-15 spirv-tools spirv-headers
  libgtest-dev googletest libmpfr-dev python3-matplotlib m4 libopenblas-dev
  ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd clinfo python3-pyopencl
  clpeak
  cvise clang-format-15 graphviz libomp-15-dev libffi-dev
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
