//===- Isolation.cpp - Untrusted input read in a child process ------------===//
///
/// \file
/// See Isolation.h.
///
//===----------------------------------------------------------------------===//

#include "frontend/Isolation.h"

#include "compiler/support/DiagnosticError.h"
#include "compiler/support/ForkGate.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/OptBisect.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace compiler {

namespace {

/// Writes all of \p Data to \p FD, as far as the reader takes it.
void writeAll(int FD, StringRef Data) {
  while (!Data.empty()) {
    ssize_t Written = ::write(FD, Data.data(), Data.size());
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0)
      return;
    Data = Data.drop_front(Written);
  }
}

/// Reads \p Out and \p Err to their ends, into \p OutData and \p ErrData.
void readBoth(int Out, int Err, std::string &OutData, std::string &ErrData) {
  pollfd Fds[2] = {{Out, POLLIN, 0}, {Err, POLLIN, 0}};
  std::string *Into[2] = {&OutData, &ErrData};
  int Open = 2;
  char Buffer[65536];
  while (Open > 0) {
    if (::poll(Fds, 2, -1) < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    for (int I = 0; I < 2; ++I) {
      if (Fds[I].fd < 0 || !(Fds[I].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t Read = ::read(Fds[I].fd, Buffer, sizeof(Buffer));
      if (Read < 0 && errno == EINTR)
        continue;
      if (Read <= 0) {
        Fds[I].fd = -1;
        --Open;
        continue;
      }
      Into[I]->append(Buffer, Read);
    }
  }
}

/// Makes the child end as its readers' failures say, not as the host
/// would: the deadly signals' default actions instead of the host's crash
/// handlers (LLVM's stack dump, a fuzzer's report), and an exit() some
/// reader calls (the translator does) ending at once with its status,
/// before the host's atexit handlers and destructors (registered last, this
/// handler runs first).
void becomeChild() {
  for (int Signal : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE})
    ::signal(Signal, SIG_DFL);
  ::on_exit([](int Status, void *) { ::_exit(Status); }, nullptr);
}

} // namespace

bool ChildResult::succeeded() const {
  return WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
}

namespace {

/// The exit statuses of a child that refuses its input: with its reason
/// formatted as diagnostics, or as a plain message.
constexpr int RefusedWithDiagnostics = 1;
constexpr int RefusedWithMessage = 3;

} // namespace

bool ChildResult::refused() const {
  return WIFEXITED(Status) && (WEXITSTATUS(Status) == RefusedWithDiagnostics ||
                               WEXITSTATUS(Status) == RefusedWithMessage);
}

bool ChildResult::refusedWithDiagnostics() const {
  return WIFEXITED(Status) && WEXITSTATUS(Status) == RefusedWithDiagnostics;
}

std::string ChildResult::describeStop() const {
  StringRef Said;
  for (StringRef Line : split(Printed, '\n')) {
    Line = Line.trim();
    // "file:line: function: Assertion `...' failed."
    if (size_t At = Line.find("Assertion `"); At != StringRef::npos) {
      Said = Line.drop_front(At);
      break;
    }
    if (Said.empty())
      Said = Line;
  }
  std::string How = WIFSIGNALED(Status)
                        ? ("signal " + Twine(WTERMSIG(Status)) + ", " +
                           ::strsignal(WTERMSIG(Status)))
                              .str()
                        : ("exit status " + Twine(WEXITSTATUS(Status))).str();
  return (Said.empty() ? "" : Said.str() + " ") + "(it stopped with " + How +
         ")";
}

void exitChild(int FD, StringRef Data, int Status) {
  writeAll(FD, Data);
  ::_exit(Status);
}

void refuseInChild(StringRef Why) {
  exitChild(STDERR_FILENO, Why, RefusedWithMessage);
}

void refuseInChild(Error Why) {
  bool Diagnostics = true;
  std::string Text;
  handleAllErrors(
      std::move(Why),
      [&](const DiagnosticError &Diagnostic) { Text += Diagnostic.getText(); },
      [&](const ErrorInfoBase &Other) {
        Diagnostics = false;
        Text += Other.message() + "\n";
      });
  exitChild(STDERR_FILENO, Text,
            Diagnostics ? RefusedWithDiagnostics : RefusedWithMessage);
}

Expected<ChildResult> runIsolated(function_ref<void(int Out)> Work) {
  int OutPipe[2], ErrPipe[2];
  if (::pipe(OutPipe) != 0)
    return createStringError(inconvertibleErrorCode(),
                             "no pipe: " + Twine(std::strerror(errno)));
  if (::pipe(ErrPipe) != 0) {
    ::close(OutPipe[0]);
    ::close(OutPipe[1]);
    return createStringError(inconvertibleErrorCode(),
                             "no pipe: " + Twine(std::strerror(errno)));
  }
  // Output the host has buffered would otherwise be written by both.
  std::fflush(nullptr);
  // The child runs LLVM without the parent's other threads, and with a copy
  // of every lock they held: the gate keeps their in-process compiles away
  // from the instant of the fork (compiler/support/ForkGate.h). For a host
  // that does not use the gate, the function-local static the child's work
  // is known to initialize lazily is initialized here first (a static
  // another thread was initializing at the fork stays locked in the child
  // for ever): the pass instrumentation Clang registers asks for the
  // OptBisect object.
  (void)getOptBisector();
  pid_t Child = utils::forkAlone();
  if (Child == 0) {
    ::close(OutPipe[0]);
    ::close(ErrPipe[0]);
    // What a reader prints before it aborts goes to the parent.
    ::dup2(ErrPipe[1], STDERR_FILENO);
    becomeChild();
    Work(OutPipe[1]);
    ::_exit(2); // Work ends the process itself.
  }
  ::close(OutPipe[1]);
  ::close(ErrPipe[1]);
  if (Child < 0) {
    ::close(OutPipe[0]);
    ::close(ErrPipe[0]);
    return createStringError(inconvertibleErrorCode(),
                             "no process: " + Twine(std::strerror(errno)));
  }
  ChildResult Result;
  readBoth(OutPipe[0], ErrPipe[0], Result.Out, Result.Printed);
  ::close(OutPipe[0]);
  ::close(ErrPipe[0]);
  while (::waitpid(Child, &Result.Status, 0) < 0 && errno == EINTR)
    ;
  return std::move(Result);
}

Expected<std::unique_ptr<Module>>
makeModuleIsolated(LLVMContext &Ctx, ModuleFactory Make, StringRef FileName,
                   StringRef Reader, StringRef What, std::string *Printed) {
  Expected<ChildResult> Child = runIsolated([&](int Out) {
    LLVMContext Own;
    Own.setDiscardValueNames(Ctx.shouldDiscardValueNames());
    Expected<std::unique_ptr<Module>> Made = Make(Own);
    if (!Made)
      refuseInChild(Made.takeError());
    SmallVector<char, 0> Bitcode;
    raw_svector_ostream OS(Bitcode);
    WriteBitcodeToFile(**Made, OS);
    exitChild(Out, StringRef(Bitcode.data(), Bitcode.size()), 0);
  });
  auto Fail = [&](const Twine &Message) {
    return makeDiagnosticError(FileName, Message);
  };
  if (!Child)
    return Fail("cannot run " + Reader + ": " + toString(Child.takeError()));
  if (Child->refusedWithDiagnostics())
    return makeFormattedDiagnosticError(std::move(Child->Printed));
  if (Child->refused())
    return Fail(StringRef(Child->Printed).trim());
  if (!Child->succeeded())
    return Fail(Reader + " cannot handle this " + What + ": " +
                Child->describeStop());
  if (Printed)
    *Printed = std::move(Child->Printed);
  // Read into opaque pointers, which the pipeline works in.
  Ctx.setOpaquePointers(true);
  Expected<std::unique_ptr<Module>> Read =
      parseBitcodeFile(MemoryBufferRef(Child->Out, FileName), Ctx);
  if (!Read)
    return Fail("cannot read the module " + Reader +
                " made: " + toString(Read.takeError()));
  return Read;
}

} // namespace compiler
