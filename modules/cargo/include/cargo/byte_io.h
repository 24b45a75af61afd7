//===- cargo/byte_io.h - Bounds-checked little-endian byte I/O -*- C++ -*-===//
///
/// \file
/// `ByteWriter` appends little-endian integers and length-prefixed strings to
/// a byte vector; `ByteReader` reads them back from untrusted memory. Every
/// read is bounds-checked: on a short or malformed input the reader enters a
/// failed state, returns zeros from then on, and remembers the offset of the
/// first failure, so a parser can read a whole record and check once.
///
//===----------------------------------------------------------------------===//

#ifndef CARGO_BYTE_IO_H
#define CARGO_BYTE_IO_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cargo {

class ByteWriter {
public:
  template <class T> void write(T Value) {
    static_assert(std::is_integral_v<T>, "ByteWriter writes integers");
    using U = std::make_unsigned_t<T>;
    U Bits = static_cast<U>(Value);
    for (size_t I = 0; I < sizeof(T); ++I)
      Bytes.push_back(static_cast<uint8_t>(Bits >> (8 * I)));
  }

  /// Writes a 32-bit length followed by the characters (no terminator).
  void writeString(std::string_view S) {
    write<uint32_t>(static_cast<uint32_t>(S.size()));
    Bytes.insert(Bytes.end(), S.begin(), S.end());
  }

  /// Overwrites a 32-bit value written earlier, e.g. a record length.
  void patch32(size_t Offset, uint32_t Value) {
    for (size_t I = 0; I < 4; ++I)
      Bytes[Offset + I] = static_cast<uint8_t>(Value >> (8 * I));
  }

  size_t size() const { return Bytes.size(); }
  const std::vector<uint8_t> &bytes() const { return Bytes; }
  std::vector<uint8_t> take() { return std::move(Bytes); }

private:
  std::vector<uint8_t> Bytes;
};

class ByteReader {
public:
  ByteReader(const void *Data, size_t Size)
      : Data(static_cast<const uint8_t *>(Data)), Size(Size) {}

  template <class T> T read() {
    static_assert(std::is_integral_v<T>, "ByteReader reads integers");
    if (!require(sizeof(T)))
      return 0;
    using U = std::make_unsigned_t<T>;
    U Bits = 0;
    for (size_t I = 0; I < sizeof(T); ++I)
      Bits |= static_cast<U>(static_cast<U>(Data[Offset + I]) << (8 * I));
    Offset += sizeof(T);
    return static_cast<T>(Bits);
  }

  /// Reads a string written by ByteWriter::writeString; fails if its length
  /// runs past the end or exceeds \p MaxLength.
  std::string readString(size_t MaxLength = 1 << 20) {
    uint32_t Length = read<uint32_t>();
    if (Length > MaxLength) {
      fail();
      return {};
    }
    if (!require(Length))
      return {};
    std::string S(reinterpret_cast<const char *>(Data + Offset), Length);
    Offset += Length;
    return S;
  }

  /// A reader over the next \p Length bytes, which this reader skips.
  ByteReader sub(size_t Length) {
    if (!require(Length))
      return ByteReader(nullptr, 0).failed(Offset);
    ByteReader Sub(Data + Offset, Length);
    Offset += Length;
    return Sub;
  }

  bool ok() const { return !Failed; }
  size_t offset() const { return Offset; }
  size_t remaining() const { return Size - Offset; }
  /// Where the first failed read started.
  size_t failureOffset() const { return FailureOffset; }

private:
  bool require(size_t Count) {
    if (Failed)
      return false;
    if (Count > Size - Offset) {
      fail();
      return false;
    }
    return true;
  }
  void fail() {
    if (!Failed)
      FailureOffset = Offset;
    Failed = true;
  }
  ByteReader failed(size_t At) {
    Failed = true;
    FailureOffset = At;
    return *this;
  }

  const uint8_t *Data;
  size_t Size;
  size_t Offset = 0;
  size_t FailureOffset = 0;
  bool Failed = false;
};

} // namespace cargo

#endif // CARGO_BYTE_IO_H
