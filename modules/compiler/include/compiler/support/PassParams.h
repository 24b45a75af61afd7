//===- PassParams.h - Options of a pass in its pipeline name ---*- C++ -*-===//
///
/// \file
/// The `name<params>` syntax of LLVM's pipeline text for passes with
/// options: `<a=1;b=2>`, `<flag>`. Each SDK pass with options reads its
/// parameters (a static parseOptions, named in PassRegistry.def) and prints
/// them back (printPipeline) with these helpers, so that `loomc
/// --print-pipeline` prints a pipeline `loom-opt -passes=` runs as it is.
/// A target's passes may use them too.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_SUPPORT_PASSPARAMS_H
#define COMPILER_SUPPORT_PASSPARAMS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace compiler {
namespace utils {

/// Calls \p Handle(Key, Value) for each `key=value` (or `key`, with an empty
/// value) of \p Params, `a=1;b=2`, stopping at the first error.
llvm::Error forEachPassParam(
    llvm::StringRef Params,
    llvm::function_ref<llvm::Error(llvm::StringRef Key, llvm::StringRef Value)>
        Handle);

/// The error for parameter \p Key, which pass \p Pass does not have.
llvm::Error unknownPassParam(llvm::StringRef Pass, llvm::StringRef Key);

/// Reads \p Value, the N of parameter `<Key>=N` of pass \p Pass, into
/// \p Count; \p What says what N counts in the error for anything else.
llvm::Error parseCountPassParamValue(llvm::StringRef Pass, llvm::StringRef Key,
                                     llvm::StringRef What,
                                     llvm::StringRef Value, uint64_t &Count);

/// Reads the one parameter `<Key>=N` of pass \p Pass into \p Count; \p What
/// says what N counts in the error for anything else.
llvm::Error parseCountPassParam(llvm::StringRef Params, llvm::StringRef Pass,
                                llvm::StringRef Key, llvm::StringRef What,
                                uint64_t &Count);

/// Sets \p Flag when \p Params is the one option \p Name of pass \p Pass;
/// anything else but nothing is an error.
llvm::Error parseFlagPassParam(llvm::StringRef Params, llvm::StringRef Pass,
                               llvm::StringRef Name, bool &Flag);

/// Prints pass \p Name with \p Params, `name<params>`, or `name` alone when
/// \p Params is empty.
void printPassWithParams(llvm::raw_ostream &OS, llvm::StringRef Name,
                         llvm::StringRef Params);

} // namespace utils
} // namespace compiler

#endif // COMPILER_SUPPORT_PASSPARAMS_H
