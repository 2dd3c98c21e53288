// Risk, European Parker/Hasbro edition with the Golden Cavalryman
// (shared/rules/risk_classic.md): registration with the game registry.
//
// Options: "mode" = domination | missions | two-player-passive |
// two-player-active | teams, "players" = 2..6. The shared parts (map.h,
// battle.h, odds.h, cards.h) are meant for the 2008 edition too.
#pragma once

#include <memory>

#include "core/registry.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

void register_game(Registry& registry);

// Creates the game for complete options (as the registry passes them).
Result<std::shared_ptr<const Game>> make_game(const json& options);

}  // namespace meeple::risk
