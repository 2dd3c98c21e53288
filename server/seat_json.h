// A seat in the API's JSON (docs/api.md): its number, or "chance",
// "terminal" or "spectator" for the engine's special seats.
#pragma once

#include "core/game.h"

namespace meeple::server {

inline json seat_json(Seat s) {
  if (s == kChance) return "chance";
  if (s == kTerminal) return "terminal";
  if (s == kSpectator) return "spectator";
  return s;
}

}  // namespace meeple::server
