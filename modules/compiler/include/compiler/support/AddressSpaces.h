//===- AddressSpaces.h - OpenCL's address spaces ----------------*- C++ -*-===//
///
/// \file
/// The address spaces of OpenCL C's memory regions in Loom's IR, as Clang's
/// SPIR and the SPIR-V translator number them (doc/kernel-abi.md).
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SUPPORT_ADDRESSSPACES_H
#define COMPILER_SUPPORT_ADDRESSSPACES_H

namespace compiler {
namespace utils {

constexpr unsigned PrivateAddressSpace = 0;
constexpr unsigned GlobalAddressSpace = 1;
constexpr unsigned ConstantAddressSpace = 2;
constexpr unsigned LocalAddressSpace = 3;

} // namespace utils
} // namespace compiler

#endif // COMPILER_SUPPORT_ADDRESSSPACES_H
