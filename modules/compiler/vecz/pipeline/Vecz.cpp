//===- Vecz.cpp - The whole-function vectorizer ---------------------------===//
///
/// \file
/// See vecz/Vecz.h.
///
//===----------------------------------------------------------------------===//

#include "vecz/Vecz.h"

#include "vecz/StrideAnalysis.h"
#include "vecz/UniformityAnalysis.h"
#include "vecz/VeczBosccPass.h"
#include "vecz/VeczClampedVersionsPass.h"
#include "vecz/VeczJamRowsPass.h"
#include "vecz/VeczLaneCallsPass.h"
#include "vecz/VeczLinearizePass.h"
#include "vecz/VeczPacketizePass.h"
#include "vecz/VeczPass.h"
#include "vecz/VeczWidePass.h"

#include "compiler/pipeline/TargetPassRegistry.h"

namespace vecz {

void registerPasses(compiler::TargetPassRegistry &Passes) {
#define VECZ_MODULE_PASS_WITH_PARAMS(NAME, CLASS, PARSER, PARAMS)              \
  Passes.addModulePassWithParams<CLASS>(NAME, PARAMS, PARSER);
#define VECZ_MODULE_PASS(NAME, CLASS) Passes.addModulePass<CLASS>(NAME);
#define VECZ_FUNCTION_ANALYSIS(NAME, CLASS, PRINTER)                           \
  Passes.addFunctionAnalysis<CLASS, PRINTER>(NAME);
#include "pipeline/VeczPassRegistry.def"
}

} // namespace vecz
