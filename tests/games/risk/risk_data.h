// The shared Risk board and edition for tests, which cannot go on without
// them: the loaded data, or the test program ends with the loader's message.
// The library has only the Result-returning loaders (a library never ends
// its host); these conveniences live here, with the tests.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "games/risk/cards.h"
#include "games/risk/map.h"

namespace meeple::risk {

inline const Map& world_map() {
  auto m = shared_world_map();
  if (!m) {
    std::fprintf(stderr, "Risk board: %s\n", m.status().to_string().c_str());
    std::abort();
  }
  return **m;
}

inline const Edition& classic_edition() {
  auto e = shared_classic_edition();
  if (!e) {
    std::fprintf(stderr, "Risk edition: %s\n", e.status().to_string().c_str());
    std::abort();
  }
  return **e;
}

}  // namespace meeple::risk
