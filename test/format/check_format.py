#!/usr/bin/env python3
"""Fails when a C++ file under modules/, targets/ or tools/ is not as
clang-format-15 formats it with the repository's .clang-format.

usage: check_format.py SOURCE_DIR [CLANG_FORMAT]

Every .cpp and .h file below those folders is checked (clang-format
--dry-run -Werror), so that a file added without formatting fails too. The
files that differ are listed with the command that formats them. Debian's
clang-format-15 is installed by scripts/install-deps.sh; `clang-format` on
Debian 12 is version 14, which formats some constructs differently.
"""
import pathlib
import shutil
import subprocess
import sys

FOLDERS = ["modules", "targets", "tools"]
SUFFIXES = {".cpp", ".h"}


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    source = pathlib.Path(sys.argv[1])
    clang_format = sys.argv[2] if len(sys.argv) == 3 else "clang-format-15"
    if not shutil.which(clang_format):
        print(f"check_format.py: {clang_format} not found; "
              "scripts/install-deps.sh installs it")
        return 1
    files = sorted(str(p) for folder in FOLDERS
                   for p in (source / folder).rglob("*")
                   if p.suffix in SUFFIXES and p.is_file())
    unformatted = []
    for name in files:
        check = subprocess.run([clang_format, "--dry-run", "-Werror",
                                f"--style=file:{source / '.clang-format'}",
                                name], capture_output=True, text=True)
        if check.returncode != 0:
            unformatted.append(name)
    for name in unformatted:
        print(f"not formatted: {name} (fix: {clang_format} -i {name})")
    print(f"{len(files) - len(unformatted)} of {len(files)} files formatted")
    return 1 if unformatted else 0


if __name__ == "__main__":
    sys.exit(main())
