# Checks out[i] = i + 10 for every int of an add-ten output (1000 in
# add-ten.json, 100 in non-uniform.json).
import struct
import sys

data = open(sys.argv[1], "rb").read()
values = struct.unpack(f"<{len(data) // 4}i", data)
bad = [i for i, v in enumerate(values) if v != i + 10]
if bad:
    sys.exit(f"{len(bad)} wrong elements, first out[{bad[0]}] = {values[bad[0]]}")
