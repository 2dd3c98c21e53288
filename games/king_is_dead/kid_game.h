// The King is Dead (2nd edition, Osprey Games 2020;
// shared/rules/king_is_dead.md): registration with the game registry.
//
// Options: "players" 2..4, "advanced" (the Cunning Action cards, §10),
// "betrayal" (the promo card in the Cunning deck, R29; advanced only),
// "teams" (required with 4 players, refused otherwise: a 4-player game is
// always the team game, §4.3 — docs/rulings.md). Seat 0 acts first (§4.1
// step 10: the first player takes seat 0).
#pragma once

#include <memory>

#include "core/registry.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

void register_game(Registry& registry);

// Creates the game for complete options (as the registry passes them).
Result<std::shared_ptr<const Game>> make_game(const json& options);

}  // namespace meeple::king_is_dead
