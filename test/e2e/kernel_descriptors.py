"""What the e2e scripts share about running Loom's tools: a command run with
a time limit, and the kernels `loomc --print-kernels` describes."""

import re
import subprocess


def run(command, timeout=120, **kwargs):
    """(exit status, stdout + stderr) of \\p command; the status is None and
    the text says so when it outlived \\p timeout seconds."""
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              errors="replace", timeout=timeout, **kwargs)
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % timeout
    return done.returncode, done.stdout + done.stderr


class Kernel:
    """One kernel's descriptor as --print-kernels shows it."""

    def __init__(self):
        # Each argument's kind and type ("scalar int", "global buffer
        # (address space 1) float*"), without the qualifiers of its type
        # (const, restrict, volatile, pipe) or its name, which are apart.
        self.args = []
        self.qualifiers = []  # e.g. ["const", "restrict"] per argument
        self.names = []  # the argument's name, or "" without it
        self.required = None  # [x, y, z] from reqd_work_group_size, or None


QUALIFIER = re.compile(r"\b(const|restrict|volatile|pipe) ")
NAME = re.compile(r" '(\w+)'$")


def parse_kernels(printed):
    """Kernel name -> Kernel, from the output of loomc --print-kernels."""
    kernels, current = {}, None
    for line in printed.splitlines():
        if m := re.match(r"kernel (\S+) \(entry ", line):
            current = kernels.setdefault(m.group(1), Kernel())
        elif current is None:
            continue
        elif m := re.match(r"\s+arg \d+: (.*), \d+ bytes at offset", line):
            description = m.group(1)
            name = NAME.search(description)
            current.names.append(name.group(1) if name else "")
            description = NAME.sub("", description)
            current.qualifiers.append(QUALIFIER.findall(description))
            current.args.append(QUALIFIER.sub("", description))
        elif m := re.match(r"\s+required work-group size: (\d+) x (\d+) "
                           r"x (\d+)", line):
            current.required = [int(g) for g in m.groups()]
    return kernels
