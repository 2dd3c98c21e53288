// Registers every game-specific bot, for the games built. One block per game.
#include <mutex>

#include "ai/bot.h"

#ifdef MEEPLE_HAVE_REVERSI
#include "ai/reversi/reversi_bot.h"
#endif
#ifdef MEEPLE_HAVE_RISK
#include "ai/risk/risk_bot.h"
#endif
#ifdef MEEPLE_HAVE_KING_IS_DEAD
#include "ai/king_is_dead/kid_bot.h"
#endif
#ifdef MEEPLE_HAVE_GOA
#include "ai/goa/goa_bot.h"
#endif

namespace meeple {

namespace {

void register_all_bots() {
#ifdef MEEPLE_HAVE_REVERSI
  register_bot("reversi", reversi::make_reversi_bot);
#endif
#ifdef MEEPLE_HAVE_RISK
  register_bot("risk", risk::make_risk_bot);
#endif
#ifdef MEEPLE_HAVE_KING_IS_DEAD
  register_bot("king-is-dead", king_is_dead::make_kid_bot);
#endif
#ifdef MEEPLE_HAVE_GOA
  register_bot("goa", goa::make_goa_bot);
#endif
}

}  // namespace

Result<std::unique_ptr<Bot>> make_bot(const Game& game, int level, uint64_t seed) {
  static std::once_flag once;
  std::call_once(once, register_all_bots);
  return make_bot_from(find_bot_factory(game.info().name), game, level, seed);
}

}  // namespace meeple
