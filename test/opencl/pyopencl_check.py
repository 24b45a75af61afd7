#!/usr/bin/python3
"""PyOpenCL on Loom's platform alone: pyopencl_check.py LOOM_ICD

Debian's python3-pyopencl, as a user would run it (under /usr/bin/python3,
where it imports): on every device of the Loom platform, builds a kernel,
runs it on 100,000 elements and compares each with numpy's result; twice,
so that the second build goes through PyOpenCL's cache of binaries
(CL_PROGRAM_BINARIES, then clCreateProgramWithBinary). Exits 1 on any
difference or warning.
"""
import os
import sys
import tempfile
import warnings

os.environ["OCL_ICD_VENDORS"] = sys.argv[1]
# Debian's PyOpenCL keeps its cache of binaries under the user's cache
# folder (appdirs: $XDG_CACHE_HOME/pyopencl), not PYOPENCL_CACHE_DIR: a
# folder of the run's own, so the first build compiles and the second loads.
CACHE = tempfile.TemporaryDirectory(prefix="loom-pyopencl-")
os.environ["XDG_CACHE_HOME"] = CACHE.name
warnings.simplefilter("error")

import numpy as np  # noqa: E402
import pyopencl as cl  # noqa: E402

SOURCE = """
__kernel void scaled_sum(__global const float *a, __global const float *b,
                         __global float *c, float s) {
  int i = get_global_id(0);
  c[i] = a[i] * s + b[i];
}"""


def run(device):
    context = cl.Context([device])
    queue = cl.CommandQueue(context)
    a = np.arange(100000, dtype=np.float32) * np.float32(0.25)
    b = (np.arange(100000, dtype=np.float32) % 17) - 8
    flags = cl.mem_flags
    da = cl.Buffer(context, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=a)
    db = cl.Buffer(context, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=b)
    dc = cl.Buffer(context, flags.WRITE_ONLY, a.nbytes)
    program = cl.Program(context, SOURCE).build()
    program.scaled_sum(queue, a.shape, None, da, db, dc, np.float32(1.5))
    c = np.empty_like(a)
    cl.enqueue_copy(queue, c, dc)
    expected = a * np.float32(1.5) + b
    wrong = int(np.count_nonzero(c != expected))
    print(f"pyopencl_check: {device.name}: {wrong} of {c.size} wrong")
    return wrong == 0


def main():
    platforms = [p for p in cl.get_platforms() if p.name == "Loom"]
    if not platforms:
        print("pyopencl_check: no Loom platform")
        return 1
    devices = platforms[0].get_devices()
    ok = all([run(device) for device in devices])
    # A binary per device in the cache, which the second round loads.
    cached = [folder for folder, _, files in os.walk(CACHE.name)
              if "binary" in files]
    if len(cached) < len(devices):
        print(f"pyopencl_check: {len(cached)} binaries cached for "
              f"{len(devices)} devices")
        return 1
    ok = all([run(device) for device in devices]) and ok
    return 0 if ok and devices else 1


if __name__ == "__main__":
    try:
        code = main()
    finally:
        CACHE.cleanup()
    sys.exit(code)
