//===- PrintfStreams.h - Where Loom's tools show printf output --*- C++ -*-===//
///
/// \file
/// The mux driver prints nothing of its own: a tool that runs kernels sets
/// this callback (muxSetPrintfCallback) to show their printf output on
/// stdout and the driver's warning about dropped output on stderr, after
/// the tool's name (a `const char *` given as the user data).
///
//===----------------------------------------------------------------------===//

#ifndef LOOM_TOOLS_PRINTFSTREAMS_H
#define LOOM_TOOLS_PRINTFSTREAMS_H

#include "mux/mux.h"

#include <cstdio>

namespace loom {

inline void writePrintfToStdStreams(mux_printf_kind_e Kind, const char *Text,
                                    size_t Size, void *ToolName) {
  if (Kind == mux_printf_output) {
    std::fwrite(Text, 1, Size, stdout);
    std::fflush(stdout);
    return;
  }
  std::fprintf(stderr, "%s: warning: %.*s", static_cast<const char *>(ToolName),
               static_cast<int>(Size), Text);
}

} // namespace loom

#endif // LOOM_TOOLS_PRINTFSTREAMS_H
