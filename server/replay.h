// The steps of a finished match for the replay page: the spectator's view
// after every action, each action in words, and each numbered with its turn
// so the browser can step a turn at a time (GET /api/tables/{id}/replay).
#pragma once

#include <span>

#include "core/game.h"
#include "core/match.h"

namespace meeple::server {

// [{"seat", "turn", "turn_seat", "text", "words", "view"}, ...]: the start
// (turn 0), then one step per log entry. A turn begins at a seat's decision
// when the turn was another seat's (State::turn_seat: a Risk defender's dice
// stay in the attacker's turn); chance outcomes belong to the turn they
// happen in, and a deal before the first decision to turn 0.
json replay_steps(const Game& game, std::span<const LogEntry> log);

}  // namespace meeple::server
