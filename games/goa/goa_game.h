// Goa: A New Expedition (goa.md), the game object: options ("players" 2-4,
// "bonanza" on by default), metadata, and loading states; all_games/
// registers it.
#pragma once

#include <memory>

#include "core/registry.h"
#include "games/goa/goa_state.h"

namespace meeple::goa {

GameInfo goa_info();
void register_game(Registry& registry);
// Creates the game for complete options (as the registry passes them).
Result<std::shared_ptr<const Game>> make_game(const json& options);

// The rules set no bound on the length (additional action cards can be
// bought); the practical length of the metadata (docs/rulings.md, Goa).
inline constexpr int64_t kPracticalGameLength = 20000;

}  // namespace meeple::goa
