// Risk, the 2008 edition (shared/rules/risk_2008.md): the Game object,
// registered in all_games/ as "risk-2008".
//
// Options: "mode" = command-room | basic-training | world-conquest (§13,
// [UNVERIFIED]), "players" = 3..5.
#pragma once

#include <memory>

#include "core/registry.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk {

// Registers "risk-2008".
void register_risk_2008(Registry& registry);

// Creates the game for complete options (as the registry passes them).
Result<std::shared_ptr<const Game>> make_risk_2008_game(const json& options);

// The rulebook sets no bound on a game's length; random play takes about
// 3,000-10,000 steps (tests/games/risk_2008/property_test.cpp).
inline constexpr int64_t kRisk2008PracticalLength = 100000;

}  // namespace meeple::risk
