// Registers every game-specific bot. One line per game.
#include "ai/bot.h"
#include "ai/reversi/reversi_bot.h"

namespace meeple {

void register_all_bots() {
  register_bot("reversi", reversi::make_reversi_bot);
}

}  // namespace meeple
