//===- BuiltinsLibrary.cpp - What the builtins library defines ------------===//
///
/// \file
/// See BuiltinsBitcode.h.
///
//===----------------------------------------------------------------------===//

#include "builtins/BuiltinsBitcode.h"

#include <algorithm>

using namespace llvm;

namespace compiler {

std::optional<unsigned> findBuiltinsPart(StringRef Name) {
  ArrayRef<BuiltinsIndexEntry> Index = getBuiltinsIndex();
  const auto *It =
      std::lower_bound(Index.begin(), Index.end(), Name,
                       [](const BuiltinsIndexEntry &Entry, StringRef Name) {
                         return StringRef(Entry.Name) < Name;
                       });
  if (It == Index.end() || StringRef(It->Name) != Name)
    return std::nullopt;
  return It->Part;
}

} // namespace compiler
