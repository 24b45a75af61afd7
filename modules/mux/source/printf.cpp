//===- printf.cpp - Formats the records of OpenCL C's printf --------------===//

#include "printf.h"

#include "environment.h"
#include "metadata/abi.h"

#include <algorithm>
#include <cstdarg>
#include <cstring>

namespace mux {

namespace {

using BufferHeader = loom_printf_buffer_header_t;
using RecordHeader = loom_printf_record_header_t;
constexpr size_t BufferHeaderSize = sizeof(BufferHeader);
constexpr size_t RecordHeaderSize = sizeof(RecordHeader);

struct RecordRef {
  uint64_t Group;
  uint32_t Local;
  const uint8_t *Start;
  uint32_t Size;
};

/// One conversion of a format: the C specification to pass on (without the
/// vector part), the vector width (1 for scalars), the element size in
/// bytes of a vector or of a scalar slot, and the conversion character.
struct Conversion {
  std::string Spec;
  unsigned Lanes = 1;
  unsigned ElementSize = 4;
  char Kind = 0;
};

bool isConversion(char C) { return std::strchr("diouxXfFeEgGaAcsp", C); }
bool isFloating(char C) { return std::strchr("fFeEgGaA", C); }

/// Parses the conversion starting after '%' at \p F; returns the position
/// after it, or nullptr if it is malformed (then printed as it is).
const char *parse(const char *F, Conversion &C) {
  C.Spec = "%";
  while (*F && std::strchr("-+ #0", *F))
    C.Spec += *F++;
  while (*F >= '0' && *F <= '9')
    C.Spec += *F++;
  if (*F == '.') {
    C.Spec += *F++;
    while (*F >= '0' && *F <= '9')
      C.Spec += *F++;
  }
  if (*F == 'v') {
    ++F;
    unsigned N = 0;
    while (*F >= '0' && *F <= '9')
      N = N * 10 + unsigned(*F++ - '0');
    if (N != 2 && N != 3 && N != 4 && N != 8 && N != 16)
      return nullptr;
    C.Lanes = N;
  }
  // Length: hh, h, hl (vectors only: 32-bit elements), l; z, t and j are
  // size_t, ptrdiff_t and intmax_t, all 64-bit here, so l.
  std::string Length;
  if (F[0] == 'h' && F[1] == 'h')
    Length = "hh";
  else if (F[0] == 'h' && F[1] == 'l')
    Length = "hl";
  else if (F[0] == 'h' || F[0] == 'l')
    Length = std::string(1, F[0]);
  F += Length.size();
  if (Length.empty() && (*F == 'z' || *F == 't' || *F == 'j')) {
    Length = "l";
    ++F;
  }
  if (!isConversion(*F))
    return nullptr;
  C.Kind = *F++;
  bool Vector = C.Lanes > 1;
  if (isFloating(C.Kind)) {
    // Scalars were promoted to double; vector elements keep their size.
    C.ElementSize = Vector && Length != "l" ? 4 : 8;
  } else if (C.Kind == 's' || C.Kind == 'p') {
    C.ElementSize = 8;
  } else if (Vector) {
    C.ElementSize = Length == "hh"  ? 1
                    : Length == "h" ? 2
                    : Length == "l" ? 8
                                    : 4;
    if (Length == "hh" || Length == "h")
      C.Spec += Length;
  } else {
    C.ElementSize = Length == "l" ? 8 : 4;
    if (Length == "hh" || Length == "h")
      C.Spec += Length;
  }
  if (!isFloating(C.Kind) && C.Kind != 's' && C.Kind != 'p' && C.Kind != 'c' &&
      C.ElementSize == 8)
    C.Spec += "ll";
  C.Spec += C.Kind;
  return F;
}

template <class T> T read(const uint8_t *At) {
  T V;
  std::memcpy(&V, At, sizeof(T));
  return V;
}

void appendFormatted(std::string &Out, const char *Spec, ...) {
  char Small[256];
  va_list Args, Copy;
  va_start(Args, Spec);
  va_copy(Copy, Args);
  int N = std::vsnprintf(Small, sizeof(Small), Spec, Args);
  va_end(Args);
  if (N >= 0 && size_t(N) < sizeof(Small)) {
    Out.append(Small, size_t(N));
  } else if (N >= 0) {
    std::string Big(size_t(N) + 1, '\0');
    std::vsnprintf(Big.data(), Big.size(), Spec, Copy);
    Out.append(Big.data(), size_t(N));
  }
  va_end(Copy);
}

/// One element of conversion \p C at \p At.
void formatElement(const Conversion &C, const uint8_t *At,
                   const StringSpace &Strings, std::string &Out) {
  const char *Spec = C.Spec.c_str();
  if (isFloating(C.Kind)) {
    double V = C.ElementSize == 4 ? double(read<float>(At)) : read<double>(At);
    appendFormatted(Out, Spec, V);
  } else if (C.Kind == 's') {
    const char *Text = Strings.string(read<uint64_t>(At));
    appendFormatted(Out, Spec, Text ? Text : "(invalid string)");
  } else if (C.Kind == 'p') {
    appendFormatted(Out, Spec, reinterpret_cast<void *>(read<uint64_t>(At)));
  } else if (C.ElementSize == 8) {
    appendFormatted(Out, Spec, read<long long>(At));
  } else {
    int V = C.ElementSize == 1   ? int(read<int8_t>(At))
            : C.ElementSize == 2 ? int(read<int16_t>(At))
                                 : read<int32_t>(At);
    appendFormatted(Out, Spec, V);
  }
}

} // namespace

const char *StringSpace::string(uint64_t Address) const {
  uint64_t Start = reinterpret_cast<uintptr_t>(Begin);
  if (Address < Start || Address >= Start + Size)
    return nullptr;
  const char *Text = reinterpret_cast<const char *>(Address);
  size_t Room = Start + Size - Address;
  return std::memchr(Text, '\0', Room) ? Text : nullptr;
}

void formatRecord(const char *Format, const uint8_t *Args, size_t ArgsSize,
                  const StringSpace &Strings, std::string &Out) {
  size_t Slot = 0;
  for (const char *F = Format; *F;) {
    if (*F != '%') {
      Out += *F++;
      continue;
    }
    if (F[1] == '%') {
      Out += '%';
      F += 2;
      continue;
    }
    Conversion C;
    const char *Next = parse(F + 1, C);
    if (!Next) {
      Out += *F++;
      continue;
    }
    size_t Bytes = (size_t(C.ElementSize) * C.Lanes + 7) & ~size_t(7);
    if (Slot + Bytes > ArgsSize) {
      Out += "(missing argument)";
      F = Next;
      continue;
    }
    for (unsigned L = 0; L < C.Lanes; ++L) {
      if (L)
        Out += ',';
      formatElement(C, Args + Slot + L * C.ElementSize, Strings, Out);
    }
    Slot += Bytes;
    F = Next;
  }
}

PrintfBuffer::PrintfBuffer(uint32_t Capacity)
    : Storage((BufferHeaderSize + Capacity + 7) / 8, 0) {
  BufferHeader Header{/*used=*/0, Capacity};
  std::memcpy(Storage.data(), &Header, sizeof(Header));
}

std::string PrintfBuffer::format(const StringSpace &Strings,
                                 std::string &Warning) const {
  const uint8_t *Base = reinterpret_cast<const uint8_t *>(Storage.data());
  auto [Used, Capacity] = read<BufferHeader>(Base);
  uint32_t Valid = std::min(Used, Capacity);
  std::vector<RecordRef> Records;
  for (uint32_t At = 0; At + RecordHeaderSize <= Valid;) {
    const uint8_t *R = Base + BufferHeaderSize + At;
    RecordHeader Header = read<RecordHeader>(R);
    if (Header.size < RecordHeaderSize || At + Header.size > Valid)
      break; // a record that did not fit is where the kept ones end
    Records.push_back(
        {Header.group_linear_id, Header.local_linear_id, R, Header.size});
    At += Header.size;
  }
  std::stable_sort(Records.begin(), Records.end(),
                   [](const RecordRef &A, const RecordRef &B) {
                     return A.Group != B.Group ? A.Group < B.Group
                                               : A.Local < B.Local;
                   });
  std::string Out;
  for (const RecordRef &R : Records) {
    const char *Format = Strings.string(read<RecordHeader>(R.Start).format);
    if (!Format) {
      Out += "(invalid printf format)\n";
      continue;
    }
    formatRecord(Format, R.Start + RecordHeaderSize, R.Size - RecordHeaderSize,
                 Strings, Out);
  }
  if (Used > Capacity)
    Warning = "printf buffer full (" + std::to_string(Capacity) +
              " bytes): later output of the kernel was dropped\n";
  return Out;
}

uint32_t printfCapacity() {
  return static_cast<uint32_t>(
      readEnvironmentCount("LOOM_PRINTF_BUFFER_SIZE", 1, (1u << 31) - 1)
          .value_or(1u << 20));
}

} // namespace mux
