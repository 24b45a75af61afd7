//===- PointerUses.cpp - What a pointer is used for -----------------------===//
///
/// \file
/// See compiler/support/PointerUses.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/PointerUses.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace compiler {
namespace utils {

namespace {

/// Whether \p User computes a pointer from the pointer it uses.
bool derivesPointer(const User &User) {
  return isa<GetElementPtrInst>(User) || isa<BitCastInst>(User) ||
         isa<AddrSpaceCastInst>(User) || isa<PHINode>(User) ||
         isa<SelectInst>(User);
}

} // namespace

bool allUsesThroughPointer(const Value &Base,
                           function_ref<bool(const Use &)> Accept) {
  SmallVector<const Value *, 8> Work{&Base};
  SmallPtrSet<const Value *, 8> Seen{&Base};
  while (!Work.empty()) {
    const Value *Pointer = Work.pop_back_val();
    for (const Use &U : Pointer->uses()) {
      const User *User = U.getUser();
      if (!derivesPointer(*User)) {
        if (!Accept(U))
          return false;
        continue;
      }
      if (Seen.insert(User).second)
        Work.push_back(User);
    }
  }
  return true;
}

} // namespace utils
} // namespace compiler
