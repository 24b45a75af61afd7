//===- OpenMPLoopConstructs.h - Clang 15's OpenMP 'loop' --------*- C++ -*-===//
///
/// \file
/// OpenMP 5.0's `loop` construct as Clang 15 compiles it, said at the
/// directive, since nothing of it reaches the IR that Loom's passes could
/// see: Clang 15 emits each `loop` as a plain loop. A combined one
/// (`parallel loop`, `teams loop`, `target parallel loop`, `target teams
/// loop`) thus runs serially, on the kernel's thread: a warning names the
/// worksharing construct that runs in parallel. A `loop` nested in a
/// `parallel` or `teams` construct without `bind(thread)` runs whole on
/// every thread of the team (every team of the league), where OpenMP shares
/// its iterations out: an error, since the result is wrong (a reduction or
/// an atomic update counts each iteration once per thread; natively too). An
/// orphaned one (no enclosing construct in the function) binds to nothing
/// OpenMP defines: a warning, as it runs whole on each thread that meets it.
/// `loop bind(thread)` is what Clang emits: nothing to say.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_FRONTEND_OPENMPLOOPCONSTRUCTS_H
#define COMPILER_FRONTEND_OPENMPLOOPCONSTRUCTS_H

#include <memory>

namespace clang {
class ASTConsumer;
class DiagnosticsEngine;
} // namespace clang

namespace compiler {

/// An AST consumer that reports, through \p Diagnostics, each OpenMP `loop`
/// construct Clang 15 would not run as OpenMP says (see the file comment).
std::unique_ptr<clang::ASTConsumer>
createOpenMPLoopConstructCheck(clang::DiagnosticsEngine &Diagnostics);

} // namespace compiler

#endif // COMPILER_FRONTEND_OPENMPLOOPCONSTRUCTS_H
