//===- printf.h - Formats the records of OpenCL C's printf ------*- C++ -*-===//
///
/// \file
/// The driver's half of printf: a kernel compiled with printf calls has the
/// module variable `__loom_printf_buffer` (see the compiler's
/// LowerPrintfPass.h), which the driver points at a buffer before each
/// ND-range. Afterwards the records are formatted, sorted by work-group and
/// then by work-item (each item's own records in the order it made them),
/// and written out.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_PRINTF_H
#define MUX_SOURCE_PRINTF_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace mux {

/// Where strings may be read: the loaded binary holding the format strings
/// and `%s` literals. An address outside it (a kernel passing a non-string
/// where the format says %s) is printed as "(invalid string)", not read.
struct StringSpace {
  const uint8_t *Begin = nullptr;
  size_t Size = 0;
  /// The NUL-terminated string at \p Address, if it lies wholly inside.
  const char *string(uint64_t Address) const;
};

/// A printf buffer: two 32-bit words (bytes used, capacity) and the records.
class PrintfBuffer {
public:
  explicit PrintfBuffer(uint32_t Capacity);
  /// What the kernel's `__loom_printf_buffer` must point at.
  void *data() { return Storage.data(); }
  /// The formatted output of every record, in work-group then work-item
  /// order, plus a line on stderr's behalf when records were dropped.
  std::string format(const StringSpace &Strings, std::string &Warning) const;

private:
  std::vector<uint64_t> Storage; // 8-byte aligned, as the records are
};

/// Bytes of printf records an ND-range may leave: 1 MiB, or
/// LOOM_PRINTF_BUFFER_SIZE.
uint32_t printfCapacity();

/// Formats one record's arguments by \p Format (OpenCL C's printf format,
/// with vector specifiers); \p Args are the 8-byte-aligned slots. Appends to
/// \p Out.
void formatRecord(const char *Format, const uint8_t *Args, size_t ArgsSize,
                  const StringSpace &Strings, std::string &Out);

} // namespace mux

#endif // MUX_SOURCE_PRINTF_H
