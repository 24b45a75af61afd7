//===- PassParams.cpp - Options of a pass in its pipeline name ------------===//
///
/// \file
/// See compiler/support/PassParams.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/PassParams.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace compiler {
namespace utils {

Error forEachPassParam(
    StringRef Params,
    function_ref<Error(StringRef Key, StringRef Value)> Handle) {
  SmallVector<StringRef, 4> Items;
  Params.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Key, Value] = Item.split('=');
    if (Error E = Handle(Key, Value))
      return E;
  }
  return Error::success();
}

Error unknownPassParam(StringRef Pass, StringRef Key) {
  return createStringError(inconvertibleErrorCode(),
                           "invalid %s pass parameter '%s'", Pass.str().c_str(),
                           Key.str().c_str());
}

Error parseCountPassParamValue(StringRef Pass, StringRef Key, StringRef What,
                               StringRef Value, uint64_t &Count) {
  if (Value.getAsInteger(10, Count))
    return createStringError(inconvertibleErrorCode(),
                             "%s: %s must be a number of %s (0: never), "
                             "not '%s'",
                             Pass.str().c_str(), Key.str().c_str(),
                             What.str().c_str(), Value.str().c_str());
  return Error::success();
}

Error parseCountPassParam(StringRef Params, StringRef Pass, StringRef Key,
                          StringRef What, uint64_t &Count) {
  return forEachPassParam(Params, [&](StringRef K, StringRef V) -> Error {
    if (K != Key)
      return unknownPassParam(Pass, K);
    return parseCountPassParamValue(Pass, Key, What, V, Count);
  });
}

Error parseFlagPassParam(StringRef Params, StringRef Pass, StringRef Name,
                         bool &Flag) {
  if (Params.empty())
    return Error::success();
  if (Params != Name)
    return createStringError(
        inconvertibleErrorCode(), "%s: the only option is '%s', not '%s'",
        Pass.str().c_str(), Name.str().c_str(), Params.str().c_str());
  Flag = true;
  return Error::success();
}

void printPassWithParams(raw_ostream &OS, StringRef Name, StringRef Params) {
  OS << Name;
  if (!Params.empty())
    OS << '<' << Params << '>';
}

} // namespace utils
} // namespace compiler
