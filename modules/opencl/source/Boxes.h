//===- Boxes.h - The boxes of bytes of rect commands ------------*- C++ -*-===//
///
/// \file
/// clEnqueueReadBufferRect, clEnqueueWriteBufferRect and
/// clEnqueueCopyBufferRect see memory as slices of rows: a box is `region`
/// bytes by rows by slices at an origin (a byte, a row, a slice), with a row
/// pitch and a slice pitch (0: packed). A Box is one side of such a
/// command, its pitches resolved as the specification says, with the
/// checks the entry points make and the host copy between two boxes.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_BOXES_H
#define OPENCL_BOXES_H

#include "CL/cl.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace loom {
namespace opencl {

struct Box {
  size_t Origin[3];
  size_t RowPitch;
  size_t SlicePitch;

  /// The box at \p Origin with pitches \p RowPitch and \p SlicePitch (0:
  /// packed) around \p Region; CL_INVALID_VALUE for a pitch smaller than
  /// the region, or a slice pitch not a multiple of the row pitch.
  static cl_int make(const size_t *Origin, const size_t *Region,
                     size_t RowPitch, size_t SlicePitch, Box &Made) {
    std::copy(Origin, Origin + 3, Made.Origin);
    Made.RowPitch = RowPitch ? RowPitch : Region[0];
    Made.SlicePitch = SlicePitch ? SlicePitch : Region[1] * Made.RowPitch;
    if (Made.RowPitch < Region[0] ||
        Made.SlicePitch < Region[1] * Made.RowPitch ||
        Made.SlicePitch % Made.RowPitch != 0)
      return CL_INVALID_VALUE;
    return CL_SUCCESS;
  }

  /// The offset of row \p Y of slice \p Z of the box.
  size_t rowOffset(size_t Y, size_t Z) const {
    return (Origin[2] + Z) * SlicePitch + (Origin[1] + Y) * RowPitch +
           Origin[0];
  }

  /// One past the last byte of the box around \p Region.
  size_t end(const size_t *Region) const {
    return rowOffset(Region[1] - 1, Region[2] - 1) + Region[0];
  }
};

/// Whether \p Region has no empty dimension.
inline bool isWholeRegion(const size_t *Region) {
  return Region && Region[0] && Region[1] && Region[2];
}

/// Copies the box \p From of \p Source to the box \p To of \p Destination,
/// row by row.
inline void copyBox(uint8_t *Destination, const Box &To, const uint8_t *Source,
                    const Box &From, const size_t *Region) {
  for (size_t Z = 0; Z < Region[2]; ++Z)
    for (size_t Y = 0; Y < Region[1]; ++Y)
      std::memcpy(Destination + To.rowOffset(Y, Z),
                  Source + From.rowOffset(Y, Z), Region[0]);
}

/// Whether a row of box \p A shares a byte with a row of box \p B, both in
/// one memory (at \p BaseA and \p BaseB in it): the rows' ranges, sorted,
/// are swept once.
inline bool boxesOverlap(size_t BaseA, const Box &A, size_t BaseB, const Box &B,
                         const size_t *Region) {
  // Each row's range and which box it is of.
  std::vector<std::pair<size_t, bool>> Starts;
  Starts.reserve(2 * Region[1] * Region[2]);
  for (size_t Z = 0; Z < Region[2]; ++Z)
    for (size_t Y = 0; Y < Region[1]; ++Y) {
      Starts.emplace_back(BaseA + A.rowOffset(Y, Z), false);
      Starts.emplace_back(BaseB + B.rowOffset(Y, Z), true);
    }
  std::sort(Starts.begin(), Starts.end());
  // Rows of one box do not overlap each other (pitches at least the
  // width), so an overlap is a row starting before the previous row of
  // the other box has ended.
  size_t EndOf[2] = {0, 0};
  bool Seen[2] = {false, false};
  for (const auto &[Start, IsB] : Starts) {
    if (Seen[!IsB] && Start < EndOf[!IsB])
      return true;
    EndOf[IsB] = std::max(EndOf[IsB], Start + Region[0]);
    Seen[IsB] = true;
  }
  return false;
}

} // namespace opencl
} // namespace loom

#endif // OPENCL_BOXES_H
