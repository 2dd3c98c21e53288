// Registers every game built (games/CMakeLists.txt defines MEEPLE_HAVE_<GAME>
// for each; MEEPLE_SKIP_GAMES leaves some out). One block per game.
#include "all_games/all_games.h"

#ifdef MEEPLE_HAVE_REVERSI
#include "games/reversi/reversi.h"
#endif
#ifdef MEEPLE_HAVE_RISK
#include "games/risk/risk_game.h"
#endif
#ifdef MEEPLE_HAVE_RISK_2008
#include "games/risk_2008/risk_2008_game.h"
#endif
#ifdef MEEPLE_HAVE_KING_IS_DEAD
#include "games/king_is_dead/kid_game.h"
#endif
#ifdef MEEPLE_HAVE_GOA
#include "games/goa/goa_game.h"
#endif

namespace meeple {

void register_all_games([[maybe_unused]] Registry& registry) {
#ifdef MEEPLE_HAVE_REVERSI
  reversi::register_game(registry);
#endif
#ifdef MEEPLE_HAVE_RISK
  risk::register_game(registry);
#endif
#ifdef MEEPLE_HAVE_RISK_2008
  risk::register_risk_2008(registry);
#endif
#ifdef MEEPLE_HAVE_KING_IS_DEAD
  king_is_dead::register_game(registry);
#endif
#ifdef MEEPLE_HAVE_GOA
  goa::register_game(registry);
#endif
}

const Registry& all_games() {
  static const Registry registry = [] {
    Registry r;
    register_all_games(r);
    return r;
  }();
  return registry;
}

}  // namespace meeple
