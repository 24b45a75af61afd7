# Checks out[i] = i + 10 for the 1000 ints of add-ten.json.
import struct
import sys

data = open(sys.argv[1], "rb").read()
values = struct.unpack("<1000i", data)
bad = [i for i, v in enumerate(values) if v != i + 10]
if bad:
    sys.exit(f"{len(bad)} wrong elements, first out[{bad[0]}] = {values[bad[0]]}")
