// Registers every game built (games/CMakeLists.txt defines MEEPLE_HAVE_<GAME>
// for each; MEEPLE_SKIP_GAMES leaves some out). One block per game.
#include "core/registry.h"

#ifdef MEEPLE_HAVE_REVERSI
#include "games/reversi/reversi.h"
#endif
#ifdef MEEPLE_HAVE_RISK
#include "games/risk/risk_game.h"
#endif

namespace meeple {

const Registry& Registry::global() {
  static const Registry registry = [] {
    [[maybe_unused]] Registry r;
#ifdef MEEPLE_HAVE_REVERSI
    reversi::register_game(r);
#endif
#ifdef MEEPLE_HAVE_RISK
    risk::register_game(r);
#endif
    return r;
  }();
  return registry;
}

}  // namespace meeple
