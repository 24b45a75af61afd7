//===- CrashContainment.cpp - Compiler crashes as errors ------------------===//
///
/// \file
/// See compiler/support/CrashContainment.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/support/CrashContainment.h"

#include "llvm/ADT/Any.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LazyCallGraph.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Support/CrashRecoveryContext.h"

#include <csignal>

using namespace llvm;

namespace compiler {
namespace utils {
namespace {

/// A pass running on an IR unit, or a note a pass left (Pass empty).
struct Activity {
  std::string Pass;
  std::string What;
};

/// What the running thread's pipeline is doing, outermost first. Names are
/// copied when a pass starts: after a crash, the IR may not be readable.
thread_local SmallVector<Activity, 16> Activities;

std::string describeUnit(const Any &IR) {
  if (any_isa<const Module *>(IR))
    return "the module";
  if (any_isa<const Function *>(IR))
    return "function '" + any_cast<const Function *>(IR)->getName().str() + "'";
  if (any_isa<const Loop *>(IR)) {
    const Loop &L = *any_cast<const Loop *>(IR);
    return "a loop of function '" +
           L.getHeader()->getParent()->getName().str() + "'";
  }
  if (any_isa<const LazyCallGraph::SCC *>(IR))
    return "the call graph's SCC " +
           any_cast<const LazyCallGraph::SCC *>(IR)->getName();
  return "an IR unit";
}

/// The passes that ended are popped with the notes they left, if any were
/// left (a note outlives no pass).
void endPass() {
  while (!Activities.empty()) {
    bool WasPass = !Activities.back().Pass.empty();
    Activities.pop_back();
    if (WasPass)
      return;
  }
}

StringRef signalName(int Signal) {
  switch (Signal) {
  case SIGABRT:
    return "SIGABRT, an abort or a fatal LLVM error";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGSEGV:
    return "SIGSEGV";
  case SIGTRAP:
    return "SIGTRAP";
  }
  return "a signal";
}

/// "in pass 'P' on U, working on N1, N2" from the activities recorded since
/// \p Depth, the innermost pass's and every note's.
std::string describeActivities(size_t Depth,
                               function_ref<std::string(StringRef)> PassName) {
  std::string Text, Notes;
  for (const Activity &A : drop_begin(Activities, Depth)) {
    if (A.Pass.empty())
      Notes += (Notes.empty() ? ", working on " : ", ") + A.What;
    else
      Text = " in pass '" + PassName(A.Pass) + "' on " + A.What;
  }
  return Text + Notes;
}

} // namespace

void trackPasses(PassInstrumentationCallbacks &PIC) {
  PIC.registerBeforeNonSkippedPassCallback([](StringRef Pass, Any IR) {
    Activities.push_back({Pass.str(), describeUnit(IR)});
  });
  PIC.registerAfterPassCallback(
      [](StringRef, Any, const PreservedAnalyses &) { endPass(); });
  PIC.registerAfterPassInvalidatedCallback(
      [](StringRef, const PreservedAnalyses &) { endPass(); });
}

CrashNote::CrashNote(const Twine &What) {
  Activities.push_back({std::string(), What.str()});
}

CrashNote::~CrashNote() {
  if (!Activities.empty() && Activities.back().Pass.empty())
    Activities.pop_back();
}

Error runContainingCrashes(StringRef Stage, function_ref<void()> Compile,
                           function_ref<std::string(StringRef)> PassName) {
  // Idempotent, and needed each time: a signal on a thread outside any
  // guarded run turns recovery off for the process before it is passed on.
  CrashRecoveryContext::Enable();
  size_t Depth = Activities.size();
  CrashRecoveryContext Recovery;
  if (Recovery.RunSafely(Compile))
    return Error::success();
  // On Unix, LLVM's handler records 128 plus the signal's number.
  std::string Report = "internal compiler error: " + Stage.str() +
                       " crashed (" + signalName(Recovery.RetCode - 128).str() +
                       ")" + describeActivities(Depth, PassName) +
                       "; please report it, with the kernel and its options";
  // The passes and notes the crash cut short never ended.
  Activities.resize(Depth);
  return createStringError(inconvertibleErrorCode(), Report);
}

} // namespace utils
} // namespace compiler
