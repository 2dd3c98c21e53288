// Risk, European Parker/Hasbro edition with the Golden Cavalryman
// (shared/rules/risk_classic.md): registration with the game registry.
//
// Options: "mode" = domination | missions | two-player-passive |
// two-player-active | teams, "players" = 2..6. The parts both editions use
// (map.h, battle.h, odds.h, turn_actions.h, army_move.h, deck.h,
// edition_game.h, command_words.h) live here; games/risk_2008/ builds on
// them (docs/risk-editions.md).
#pragma once

#include <memory>

#include "core/registry.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

void register_game(Registry& registry);

// Creates the game for complete options (as the registry passes them).
Result<std::shared_ptr<const Game>> make_game(const json& options);

// The rulebook sets no bound on a game's length; this is the practical one
// of the metadata (docs/rulings.md, "Risk: game length").
inline constexpr int64_t kPracticalGameLength = 100000;
// The metadata of one mode, completing the fields every game fills the
// same way (observation.cpp).
GameMetadata risk_metadata(const RiskConfig& config, GameMetadata base);

}  // namespace meeple::risk
