// `meeple bench goa`: full games per second between uniformly random players
// and between heuristic bots (ai/goa/goa_bot.h) at 2, 3 and 4 players (with
// the Bonanza variant, the default), one thread (cli/bench_playouts.h).
#include <fmt/format.h>

#include <iostream>

#include "ai/bot.h"
#include "cli/bench_playouts.h"
#include "cli/commands.h"
#include "games/goa/goa_game.h"

namespace meeple::cli {

int bench_goa(double seconds_budget) {
  for (int players = 2; players <= 4; ++players) {
    auto game = goa::make_game({{"players", players}, {"bonanza", true}});
    if (!game) {
      std::cerr << game.status().to_string() << "\n";
      return 1;
    }
    for (int level : {0, heuristic_level("goa")}) {  // random, the heuristic
      auto rate = measure_playouts(*game, level, seconds_budget / 6, 42);
      if (!rate) {
        std::cerr << rate.status().to_string() << "\n";
        return 1;
      }
      fmt::print(
          "goa {} players, {:<9}: {:>8.1f} games/s ({:.0f} actions/s, {:.0f} actions/game)\n",
          players, level == 0 ? "random" : "heuristic", rate->games_per_second(),
          rate->actions_per_second(), rate->actions_per_game());
    }
  }
  return 0;
}

}  // namespace meeple::cli
