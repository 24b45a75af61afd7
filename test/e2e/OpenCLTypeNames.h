//===- OpenCLTypeNames.h - OpenCL C names of host types --------*- C++ -*-===//
///
/// \file
/// The end-to-end tests build kernels for a type given with -DT=<name>: the
/// OpenCL C name of each host integer and floating-point type they use.
///
//===----------------------------------------------------------------------===//

#ifndef TEST_E2E_OPENCLTYPENAMES_H
#define TEST_E2E_OPENCLTYPENAMES_H

#include <cstdint>
#include <type_traits>

namespace loom {
namespace e2e {

template <class T> constexpr const char *openCLTypeName() {
  if constexpr (std::is_same_v<T, int8_t>)
    return "char";
  else if constexpr (std::is_same_v<T, uint8_t>)
    return "uchar";
  else if constexpr (std::is_same_v<T, int16_t>)
    return "short";
  else if constexpr (std::is_same_v<T, uint16_t>)
    return "ushort";
  else if constexpr (std::is_same_v<T, int32_t>)
    return "int";
  else if constexpr (std::is_same_v<T, uint32_t>)
    return "uint";
  else if constexpr (std::is_same_v<T, int64_t>)
    return "long";
  else if constexpr (std::is_same_v<T, uint64_t>)
    return "ulong";
  else if constexpr (std::is_same_v<T, float>)
    return "float";
  else if constexpr (std::is_same_v<T, double>)
    return "double";
  else
    static_assert(!sizeof(T), "no OpenCL C name for this type");
}

} // namespace e2e
} // namespace loom

#endif // TEST_E2E_OPENCLTYPENAMES_H
