//===- OpenMPLoopConstructs.cpp - Clang 15's OpenMP 'loop' ----------------===//
///
/// \file
/// See OpenMPLoopConstructs.h.
///
//===----------------------------------------------------------------------===//

#include "frontend/OpenMPLoopConstructs.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/OpenMPKinds.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace compiler {

namespace {

/// The worksharing construct that runs in parallel what the combined
/// `loop` construct \p Kind asks for.
llvm::StringRef parallelEquivalent(OpenMPDirectiveKind Kind) {
  switch (Kind) {
  case llvm::omp::OMPD_parallel_loop:
    return "parallel for";
  case llvm::omp::OMPD_target_parallel_loop:
    return "target parallel for";
  case llvm::omp::OMPD_teams_loop:
    return "teams distribute parallel for";
  case llvm::omp::OMPD_target_teams_loop:
    return "target teams distribute parallel for";
  default:
    return "";
  }
}

class LoopConstructVisitor : public RecursiveASTVisitor<LoopConstructVisitor> {
public:
  explicit LoopConstructVisitor(DiagnosticsEngine &Diagnostics)
      : Diagnostics(Diagnostics) {
    SerialCombined = Diagnostics.getCustomDiagID(
        DiagnosticsEngine::Warning,
        "'%0' runs serially: Clang 15 compiles OpenMP's 'loop' construct as "
        "a plain loop; '%1' runs in parallel");
    ReplicatedInTeam = Diagnostics.getCustomDiagID(
        DiagnosticsEngine::Error,
        "'loop' in a '%0' region runs every iteration on every thread of "
        "the team: Clang 15 compiles OpenMP's 'loop' construct as a plain "
        "loop; use '%1' to share the iterations out, or 'loop bind(thread)' "
        "for a loop each thread runs whole");
    Orphaned = Diagnostics.getCustomDiagID(
        DiagnosticsEngine::Warning,
        "'loop' outside any construct in the function runs whole on each "
        "thread that meets it: Clang 15 compiles OpenMP's 'loop' construct "
        "as a plain loop; use 'for', or 'loop bind(thread)'");
  }

  bool TraverseStmt(Stmt *S) {
    auto *Directive = dyn_cast_or_null<OMPExecutableDirective>(S);
    if (Directive)
      Enclosing.push_back(Directive->getDirectiveKind());
    bool Continue = RecursiveASTVisitor::TraverseStmt(S);
    if (Directive)
      Enclosing.pop_back();
    return Continue;
  }

  bool VisitOMPLoopDirective(OMPLoopDirective *D) {
    const OpenMPDirectiveKind Kind = D->getDirectiveKind();
    if (Kind == llvm::omp::OMPD_loop)
      checkLoop(*D);
    else if (llvm::StringRef Equivalent = parallelEquivalent(Kind);
             !Equivalent.empty())
      Diagnostics.Report(D->getBeginLoc(), SerialCombined)
          << llvm::omp::getOpenMPDirectiveName(Kind) << Equivalent;
    return true;
  }

private:
  void checkLoop(const OMPLoopDirective &D) {
    if (const auto *Bind = D.getSingleClause<OMPBindClause>();
        Bind && Bind->getBindKind() == OMPC_BIND_thread)
      return;
    // The innermost construct around it (the last one is itself).
    if (Enclosing.size() < 2) {
      Diagnostics.Report(D.getBeginLoc(), Orphaned);
      return;
    }
    const OpenMPDirectiveKind Around = Enclosing[Enclosing.size() - 2];
    if (isOpenMPParallelDirective(Around))
      Diagnostics.Report(D.getBeginLoc(), ReplicatedInTeam)
          << llvm::omp::getOpenMPDirectiveName(Around) << "for";
    else if (isOpenMPTeamsDirective(Around))
      Diagnostics.Report(D.getBeginLoc(), ReplicatedInTeam)
          << llvm::omp::getOpenMPDirectiveName(Around)
          << "distribute parallel for";
  }

  DiagnosticsEngine &Diagnostics;
  unsigned SerialCombined, ReplicatedInTeam, Orphaned;
  /// The OpenMP constructs around the statement being visited, innermost
  /// last.
  llvm::SmallVector<OpenMPDirectiveKind, 4> Enclosing;
};

class LoopConstructCheck : public ASTConsumer {
public:
  explicit LoopConstructCheck(DiagnosticsEngine &Diagnostics)
      : Visitor(Diagnostics) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    Visitor.TraverseDecl(Context.getTranslationUnitDecl());
  }

private:
  LoopConstructVisitor Visitor;
};

} // namespace

std::unique_ptr<ASTConsumer>
createOpenMPLoopConstructCheck(DiagnosticsEngine &Diagnostics) {
  return std::make_unique<LoopConstructCheck>(Diagnostics);
}

} // namespace compiler
