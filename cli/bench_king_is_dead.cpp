// `meeple bench king-is-dead`: full games per second between uniformly random
// players and between heuristic bots (ai/king_is_dead/kid_bot.h), in every
// configuration (2-4 players, basic and advanced), one thread. Set-up chance
// is sampled with the match RNG as in a real match.
#include <fmt/format.h>

#include <iostream>

#include "ai/bot.h"
#include "cli/bench_playouts.h"
#include "cli/commands.h"
#include "games/king_is_dead/kid_game.h"

namespace meeple::cli {

int bench_king_is_dead(double seconds_budget) {
  for (bool advanced : {false, true}) {
    for (int players = 2; players <= 4; ++players) {
      auto game = king_is_dead::make_game(
          {{"players", players}, {"advanced", advanced}, {"teams", players == 4}});
      if (!game) {
        std::cerr << game.status().to_string() << "\n";
        return 1;
      }
      for (int level : {0, heuristic_level("king-is-dead")}) {  // random, the heuristic
        auto rate = measure_playouts(*game, level, seconds_budget / 12, 42);
        if (!rate) {
          std::cerr << rate.status().to_string() << "\n";
          return 1;
        }
        fmt::print("{} players, {:<8} {:<9}: {:>8.1f} games/s ({:.0f} actions/s)\n", players,
                   advanced ? "advanced" : "basic", level == 0 ? "random" : "heuristic",
                   rate->games_per_second(), rate->actions_per_second());
      }
    }
  }
  return 0;
}

}  // namespace meeple::cli
