#!/usr/bin/env python3
"""Fails when the documentation has drifted from the code.

usage: check_doc_drift.py SOURCE_DIR [LOOMC]

Checks, from the sources themselves:
- every pass and analysis registered in a *PassRegistry.def has a section
  of its own (a heading naming it) in doc/passes.md, or for the CSA
  target's, a heading or an entry of the pipeline list ("4. **name**") in
  doc/csa.md, and a lit test under test/lit that runs it
  (`-passes=NAME`, `NAME<`, or `print<NAME>` for an analysis);
- every function attribute and metadata name the SDK reads or writes
  ("mux-..." and "mux_..." string literals), every name of the parallel-loop
  form ("loom.parallel..." and "llvm.loom.parallel..." literals) and every
  mux builtin of compiler/analysis/Builtins.def appears in doc/compiler-spec.md;
- every libFuzzer target test/CMakeLists.txt or test/fuzz/CMakeLists.txt
  declares has a row in doc/sanitizers.md's tables;
- with LOOMC, the passes of the reference target's pipeline
  (`loomc --print-pipeline --target=reference --kernel=any`) are the ones
  doc/overview.md's pipeline section names, in the same order.
Prints what is missing, one line each, and exits 1 if anything is.
"""
import pathlib
import re
import subprocess
import sys

REGISTRATION = re.compile(r'^\s*[A-Z_]*(?:PASS|ANALYSIS)[A-Z_]*\(\s*"([^"]+)"',
                          re.MULTILINE)
MUX_NAME = re.compile(r'"(mux[-_][a-z0-9_-]+)"')
# The parallel-loop form's intrinsics, metadata kinds and loop properties.
PARALLEL_NAME = re.compile(r'"((?:llvm\.)?loom\.parallel\.[a-z.]+)"')
MUX_BUILTIN = re.compile(r'MUX_BUILTIN\(\s*\w+,\s*"([^"]+)"')
FUZZER = re.compile(r'^loom_add_(?:compiler_)?fuzzer\(([\w-]+)', re.MULTILINE)


def registered_passes(root):
    """(name, registry path) for every registered pass and analysis."""
    for registry in sorted(root.glob("**/*PassRegistry.def")):
        if "build" in registry.relative_to(root).parts[:1]:
            continue
        for name in REGISTRATION.findall(registry.read_text()):
            yield name, registry.relative_to(root)


def headings(page):
    return {line.lstrip("#").strip().split(" ")[0].strip("`:")
            for line in page.read_text().splitlines() if line.startswith("#")}


def list_entries(page):
    """Names a page's numbered list gives in bold ("4. **name** ...")."""
    return set(re.findall(r"\*\*([a-z0-9-]+)\*\*",
                          page.read_text(), re.MULTILINE))


def lit_runs(root):
    """The text of every lit test's RUN lines."""
    runs = []
    for test in (root / "test" / "lit").rglob("*"):
        if test.is_file() and test.suffix in {".ll", ".cl", ".c", ".test",
                                              ".spvasm"}:
            runs += [line for line in test.read_text(errors="replace")
                     .splitlines() if "RUN:" in line]
    return "\n".join(runs)


def is_run_by(name, runs):
    return re.search(r"(passes=['\"]?|[,(']|print<)" + re.escape(name) +
                     r"(?=[<>,'\"\s)]|$)", runs, re.MULTILINE) is not None


def pass_name(token):
    return token.split("<")[0]


def pipeline_passes(loomc, registered):
    """Loom's passes of the reference pipeline, in order. A kernel is named,
    as loom-run names the one it launches, so that the passes only such
    options add (select-kernels) are in it too."""
    printed = subprocess.run([loomc, "--print-pipeline", "--target=reference",
                              "--kernel=any"],
                             capture_output=True, text=True, check=True).stdout
    names = []
    for line in printed.splitlines():
        if line.startswith(("generic:", "late (reference):")):
            names += [pass_name(token) for token in
                      re.split(r"[,()]", line.split(":", 1)[1])
                      if pass_name(token.strip()) in registered]
    return [name.strip() for name in names]


def overview_passes(page, registered):
    """The passes doc/overview.md's pipeline section names, in order."""
    text = page.read_text()
    start = text.index("## The pipeline")
    end = text.find("\n## ", start + 1)
    return [pass_name(token) for token in
            re.findall(r"`([^`]+)`", text[start:end if end > 0 else None])
            if pass_name(token) in registered]


def sdk_sources(root):
    for folder in ("modules/compiler", "targets"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in {".cpp", ".h", ".def"}:
                yield path


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    root = pathlib.Path(argv[1])
    doc = root / "doc"
    missing = []
    sections = (headings(doc / "passes.md") | headings(doc / "csa.md") |
                list_entries(doc / "csa.md"))
    runs = lit_runs(root)
    for name, registry in registered_passes(root):
        if name not in sections:
            missing.append(f"pass '{name}' ({registry}) has no section in "
                           "doc/passes.md (or doc/csa.md)")
        if not is_run_by(name, runs):
            missing.append(f"pass '{name}' ({registry}) has no lit test "
                           "running it")
    if len(argv) == 3:
        registered = {name for name, _ in registered_passes(root)}
        ran = pipeline_passes(argv[2], registered)
        documented = overview_passes(doc / "overview.md", registered)
        if ran != documented:
            missing.append("doc/overview.md's pipeline names "
                           f"{', '.join(documented)}; the reference target "
                           f"runs {', '.join(ran)}")
    spec = (doc / "compiler-spec.md").read_text()
    names = {}
    for path in sdk_sources(root):
        text = path.read_text(errors="replace")
        for name in (MUX_NAME.findall(text) + MUX_BUILTIN.findall(text) +
                     PARALLEL_NAME.findall(text)):
            names.setdefault(name, path.relative_to(root))
    for name, path in sorted(names.items()):
        if name not in spec:
            missing.append(f"'{name}' ({path}) is missing from "
                           "doc/compiler-spec.md")
    fuzzing = (doc / "sanitizers.md").read_text()
    for declared in ("test/CMakeLists.txt", "test/fuzz/CMakeLists.txt"):
        for name in FUZZER.findall((root / declared).read_text()):
            if f"| `{name}`" not in fuzzing:
                missing.append(f"fuzzer '{name}' ({declared}) has no row in "
                               "doc/sanitizers.md")
    for line in missing:
        print(line)
    print(f"{len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
