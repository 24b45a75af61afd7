//===- environment.cpp - The driver's environment variables ---------------===//

#include "environment.h"

#include <cerrno>
#include <cstdlib>

namespace mux {

std::optional<uint64_t> readEnvironmentCount(const char *Name, uint64_t Min,
                                             uint64_t Max) {
  const char *Text = std::getenv(Name);
  // strtoull accepts a sign and leading spaces; a count has neither.
  if (!Text || *Text < '0' || *Text > '9')
    return std::nullopt;
  char *End = nullptr;
  errno = 0;
  unsigned long long Value = std::strtoull(Text, &End, 10);
  if (errno == ERANGE || *End != '\0' || Value < Min || Value > Max)
    return std::nullopt;
  return Value;
}

} // namespace mux
