//===- InfoWriter.h - Answers to clGet*Info queries -------------*- C++ -*-===//
///
/// \file
/// Every clGet*Info entry point answers the same way: the answer's size in
/// `*param_value_size_ret` when that is not null, and the answer in
/// `param_value` when that is not null, which is CL_INVALID_VALUE if
/// `param_value_size` is smaller than the answer.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_INFOWRITER_H
#define OPENCL_INFOWRITER_H

#include "CL/cl.h"

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace loom {
namespace opencl {

class InfoWriter {
public:
  InfoWriter(size_t Size, void *Value, size_t *SizeRet)
      : Size(Size), Value(Value), SizeRet(SizeRet) {}

  /// \p Bytes bytes at \p Data.
  cl_int bytes(const void *Data, size_t Bytes) const {
    if (Value && Size < Bytes)
      return CL_INVALID_VALUE;
    if (Value && Bytes)
      std::memcpy(Value, Data, Bytes);
    if (SizeRet)
      *SizeRet = Bytes;
    return CL_SUCCESS;
  }
  /// A value of a fixed-size type (cl_uint, cl_bitfield, a handle).
  template <class T> cl_int value(const T &V) const {
    return bytes(&V, sizeof(T));
  }
  /// A string, with its terminating NUL.
  cl_int string(const std::string &S) const {
    return bytes(S.c_str(), S.size() + 1);
  }
  /// An array, which may be empty.
  template <class T> cl_int array(const std::vector<T> &V) const {
    return bytes(V.data(), V.size() * sizeof(T));
  }

private:
  size_t Size;
  void *Value;
  size_t *SizeRet;
};

} // namespace opencl
} // namespace loom

#endif // OPENCL_INFOWRITER_H
