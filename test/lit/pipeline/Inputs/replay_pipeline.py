#!/usr/bin/env python3
"""Replays the pipeline `loomc --print-pipeline` prints with loom-opt.

usage: replay_pipeline.py LOOMC LOOM_OPT KERNEL OUTDIR LOOMC-OPTIONS...

Writes, in OUTDIR:
- pipeline.txt: what `loomc --print-pipeline LOOMC-OPTIONS` printed;
- final.ll: `loomc KERNEL -S LOOMC-OPTIONS`, the module finalize made;
- before.ll: the module finalize started from (loomc's --print-before of
  the pipeline's first pass, which runs once);
- replayed.ll: `loom-opt -passes=<the printed pipeline, its stages joined>`
  run on before.ll, with the target of LOOMC-OPTIONS.
The test compares final.ll with replayed.ll; both lose their first lines
(`; ModuleID` and `source_filename`), which name the files they came from.
"""
import pathlib
import re
import subprocess
import sys


def run(command, **kwargs):
    return subprocess.run(command, check=True, text=True, **kwargs)


def main(argv):
    if len(argv) < 5:
        sys.exit(__doc__)
    loomc, loom_opt, kernel, out = argv[1:5]
    options = argv[5:]
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    printed = run([loomc, "--print-pipeline"] + options,
                  capture_output=True).stdout
    (out / "pipeline.txt").write_text(printed)
    # "early (csa): ...", "generic: ...", "late (csa): ...", in order.
    stages = [line.split(": ", 1)[1] for line in printed.splitlines()]
    first_pass = re.match(r"[a-z-]+", stages[0]).group(0)
    before = run([loomc, kernel, "-S", "-o", str(out / "final.ll"),
                  f"--print-before={first_pass}"] + options,
                 capture_output=True).stderr
    # One "*** IR Dump Before ... ***" header, then the module.
    (out / "before.ll").write_text(before.split("\n", 1)[1])
    target = [option for option in options if option.startswith("--target=")]
    run([loom_opt] + target + ["-passes=" + ",".join(stages),
                               str(out / "before.ll"), "-S", "-o",
                               str(out / "replayed.ll")])
    for name in ("final.ll", "replayed.ll"):
        module = (out / name).read_text().splitlines(keepends=True)
        (out / name).write_text("".join(
            line for line in module
            if not line.startswith(("; ModuleID", "source_filename"))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
