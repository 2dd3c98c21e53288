// Registers every game-specific bot, for the games built. One block per game.
#include "ai/bot.h"

#ifdef MEEPLE_HAVE_REVERSI
#include "ai/reversi/reversi_bot.h"
#endif

namespace meeple {

void register_all_bots() {
#ifdef MEEPLE_HAVE_REVERSI
  register_bot("reversi", reversi::make_reversi_bot);
#endif
}

}  // namespace meeple
