//===- external_symbols.h - What kernels may call in the driver -*- C++ -*-===//
///
/// \file
/// The fixed table of functions the driver provides to loaded kernels: the
/// memory functions LLVM may emit calls to, the C math library, the
/// runtime hooks of doc/kernel-abi.md (`__loom_parallel_map`), and the
/// OpenMP runtime functions of openmp_runtime.h.
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_EXTERNAL_SYMBOLS_H
#define MUX_SOURCE_EXTERNAL_SYMBOLS_H

#include <string_view>

namespace mux {

/// The address of external \p Name, or null if the driver has none.
void *findExternalSymbol(std::string_view Name);

} // namespace mux

#endif // MUX_SOURCE_EXTERNAL_SYMBOLS_H
