//===- external_symbols.h - What kernels may call in the driver -*- C++ -*-===//
///
/// \file
/// The fixed table of functions the driver provides to loaded kernels: the
/// memory functions LLVM may emit calls to, and the C math library.
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
