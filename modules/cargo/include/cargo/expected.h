//===- cargo/expected.h - A value or an error ------------------*- C++ -*-===//
///
/// \file
/// `cargo::expected<T, E>` holds either a value of type T or an error of
/// type E, in the spirit of C++23's std::expected, for the layers that cannot
/// use llvm::Expected (mux, metadata). Construct an error with
/// `cargo::unexpected(E)`. Reading the value of an error (or the error of a
/// value) is an internal invariant violation and asserts.
///
//===----------------------------------------------------------------------===//

#ifndef CARGO_EXPECTED_H
#define CARGO_EXPECTED_H

#include <cassert>
#include <type_traits>
#include <utility>
#include <variant>

namespace cargo {

/// The error half of an expected, kept apart so `return unexpected(E)`
/// converts to any `expected<T, E>`.
template <class E> class unexpected {
public:
  explicit unexpected(E Error) : Error(std::move(Error)) {}
  E &error() & { return Error; }
  E &&error() && { return std::move(Error); }

private:
  E Error;
};

template <class E> unexpected(E) -> unexpected<E>;

template <class T, class E> class [[nodiscard]] expected {
public:
  expected(T Value) : Storage(std::in_place_index<0>, std::move(Value)) {}
  template <class G>
  expected(unexpected<G> Error)
      : Storage(std::in_place_index<1>, E(std::move(Error).error())) {}

  bool has_value() const { return Storage.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T &value() & {
    assert(has_value() && "reading the value of an error");
    return std::get<0>(Storage);
  }
  const T &value() const & {
    assert(has_value() && "reading the value of an error");
    return std::get<0>(Storage);
  }
  T &&value() && {
    assert(has_value() && "reading the value of an error");
    return std::get<0>(std::move(Storage));
  }
  T &operator*() & { return value(); }
  const T &operator*() const & { return value(); }
  T *operator->() { return &value(); }
  const T *operator->() const { return &value(); }

  const E &error() const & {
    assert(!has_value() && "reading the error of a value");
    return std::get<1>(Storage);
  }
  E &&error() && {
    assert(!has_value() && "reading the error of a value");
    return std::get<1>(std::move(Storage));
  }

private:
  std::variant<T, E> Storage;
};

} // namespace cargo

#endif // CARGO_EXPECTED_H
