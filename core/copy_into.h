// A copy of a game's state written into a State pointer that may already
// hold one: the storage a searcher keeps for its samples
// (State::determinize_into). Copy-assignment into a state of the same type
// reuses its vectors' memory, so a bot deciding thousands of times a second
// allocates nothing per sample; anything else in `out` (empty, another
// game's state) is replaced by a fresh copy.
#pragma once

#include <memory>

#include "core/game.h"

namespace meeple {

template <class S>
S& copy_into(const S& from, std::unique_ptr<State>& out) {
  if (auto* s = dynamic_cast<S*>(out.get())) {
    *s = from;
    return *s;
  }
  auto fresh = std::make_unique<S>(from);
  S& ref = *fresh;
  out = std::move(fresh);
  return ref;
}

}  // namespace meeple
