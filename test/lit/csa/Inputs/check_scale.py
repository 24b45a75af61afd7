"""Checks every element of csa-builtins-from-c.c's output: 2 * i + 1."""
import struct
import sys

path, count = sys.argv[1], int(sys.argv[2])
values = struct.unpack("<%df" % count, open(path, "rb").read())
bad = [i for i in range(count) if values[i] != 2.0 * i + 1.0]
if bad:
    sys.exit("element %d is %r, expected %r" % (bad[0], values[bad[0]], 2.0 * bad[0] + 1.0))
