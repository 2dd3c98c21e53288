// Shared by Goa's tests: the components of data/goa/, loaded once.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>

#include "games/goa/components.h"

namespace meeple::goa::testing {

inline const Components& components() {
  auto c = shared_components();
  if (!c) {
    ADD_FAILURE() << c.status().to_string();
    std::abort();
  }
  return **c;
}

inline int tile(const char* id) {
  const int t = components().find_tile(id);
  EXPECT_GE(t, 0) << id;
  return t;
}

}  // namespace meeple::goa::testing
