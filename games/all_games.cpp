// Registers every game with the registry. One line per game.
#include "core/registry.h"
#include "games/reversi/reversi.h"

namespace meeple {

void register_all_games(Registry& registry) {
  reversi::register_game(registry);
}

}  // namespace meeple
