// A seat in the API's JSON (docs/api.md): its number, or "chance",
// "terminal" or "spectator" for the engine's special seats.
#pragma once

#include "core/game.h"
#include "server/storage.h"

namespace meeple::server {

inline json seat_json(Seat s) {
  if (s == kChance) return "chance";
  if (s == kTerminal) return "terminal";
  if (s == kSpectator) return "spectator";
  return s;
}

// One seat's row in a table's summary ("seats"): what a computer seat
// plays at, or a human seat's settings and whether its player is `online`.
inline json seat_row_json(const StoredSeat& s, bool online) {
  json js = {{"seat", s.seat}, {"kind", s.kind}};
  if (s.kind == "computer") {
    js["level"] = s.level;
  } else {
    js["claimed"] = s.claimed;
    js["access"] = s.access;
    js["auto_answer"] = s.auto_answer;
    js["away"] = s.away;
    js["resigned"] = s.resigned;
    js["online"] = online;
    js["name"] = s.name;
  }
  return js;
}

}  // namespace meeple::server
