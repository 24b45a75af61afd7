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
        self.args = []  # each argument's description ("scalar int", ...)
        self.required = None  # [x, y, z] from reqd_work_group_size, or None


def parse_kernels(printed):
    """Kernel name -> Kernel, from the output of loomc --print-kernels."""
    kernels, current = {}, None
    for line in printed.splitlines():
        if m := re.match(r"kernel (\S+) \(entry ", line):
            current = kernels.setdefault(m.group(1), Kernel())
        elif current is None:
            continue
        elif m := re.match(r"\s+arg \d+: (.*), \d+ bytes at offset", line):
            current.args.append(m.group(1))
        elif m := re.match(r"\s+required work-group size: (\d+) x (\d+) "
                           r"x (\d+)", line):
            current.required = [int(g) for g in m.groups()]
    return kernels
