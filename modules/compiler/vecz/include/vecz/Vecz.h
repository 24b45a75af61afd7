//===- vecz/Vecz.h - The whole-function vectorizer -------------*- C++ -*-===//
///
/// \file
/// Vecz vectorizes a kernel across work-items (doc/passes.md, Vecz). A
/// target that uses it registers its passes and analyses with its own
/// (BaseModule's static registerPasses), so `loom-opt -passes=` and the
/// target's pipelines know them.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_VECZ_H
#define VECZ_VECZ_H

namespace compiler {
class TargetPassRegistry;
} // namespace compiler

namespace vecz {

/// Adds Vecz's passes and analyses (VeczPassRegistry.def) to \p Passes.
void registerPasses(compiler::TargetPassRegistry &Passes);

} // namespace vecz

#endif // VECZ_VECZ_H
