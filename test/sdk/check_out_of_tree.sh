#!/usr/bin/env bash
# check_out_of_tree.sh: the SDK as a user gets it (doc/sdk.md).
#
#   check_out_of_tree.sh SOURCE_DIR BUILD_DIR
#
# Installs Loom from BUILD_DIR into a temporary prefix; writes a fresh target
# with scripts/create-target (named my_dsp, as in doc/writing-a-target.md),
# builds it against the installed SDK only and runs its lit and googletest
# suites; checks that the installed tools find it in LOOM_TARGET_PATH and in
# the plugin directory; checks that the tutorial's code is the code it
# built; builds and runs a copy of examples/ against the installed package.
# Fails if the installed package or either build refers to Loom's source or
# build tree.
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
work=$(mktemp -d /tmp/loom-sdk-check.XXXXXX)
trap 'echo "check_out_of_tree: failed; files kept in $work" >&2' ERR

step() { echo "== $*"; }

# Lists the files under the given folders that name Loom's source or build
# tree; fails if there are any.
check_no_tree_paths() {
  local found
  found=$(grep -rIl -e "$src/" -e "$build/" -e "$src\$" -e "$build\$" "$@" || true)
  if [ -n "$found" ]; then
    echo "check_out_of_tree: these files refer to Loom's source or build tree:" >&2
    echo "$found" >&2
    return 1
  fi
}

configure_and_build() { # source dir, build dir
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$work/prefix" >"$2.configure.log"
  cmake --build "$2" >"$2.build.log"
}

step "install into $work/prefix"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
check_no_tree_paths "$work/prefix/lib/cmake" "$work/prefix/include"

step "create-target my_dsp"
"$src/scripts/create-target" my_dsp "$work/my_dsp"
mkdir -p "$work/builds"
configure_and_build "$work/my_dsp" "$work/builds/my_dsp"
check_no_tree_paths "$work/builds/my_dsp"
echo "skeleton: $(cat "$work/my_dsp"/source/* | wc -l) lines of target code," \
  "$(find "$work/my_dsp/test" -type f -exec cat {} + | wc -l) of tests"
ctest --test-dir "$work/builds/my_dsp" --output-on-failure

step "the installed tools find the plugin without --load"
plugin="$work/builds/my_dsp/libloom-target-my_dsp.so"
LOOM_TARGET_PATH="$(dirname "$plugin")" "$work/prefix/bin/loomc" --list-targets |
  grep -q "^  my_dsp - " || { echo "LOOM_TARGET_PATH: my_dsp not listed" >&2; false; }
cp "$plugin" "$work/prefix/lib/loom/targets/"
"$work/prefix/bin/loomc" --list-targets | grep -q "^  my_dsp - " ||
  { echo "plugin directory: my_dsp not listed" >&2; false; }
rm "$work/prefix/lib/loom/targets/$(basename "$plugin")"

step "doc/writing-a-target.md shows the code that was built"
python3 "$src/test/sdk/check_tutorial.py" "$src/doc/writing-a-target.md" "$work/my_dsp"

step "examples/ against the installed package"
cp -r "$src/examples" "$work/examples"
configure_and_build "$work/examples" "$work/builds/examples"
check_no_tree_paths "$work/builds/examples"
ctest --test-dir "$work/builds/examples" --output-on-failure

rm -rf "$work"
echo "check_out_of_tree: passed"
