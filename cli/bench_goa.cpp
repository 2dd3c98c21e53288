// `meeple bench goa`: full games per second between uniformly random players
// at 2, 3 and 4 players (with the Bonanza variant, the default), one thread
// (cli/bench_playouts.h). The heuristic bot's figure joins it when Goa has
// one (issue 12).
#include <fmt/format.h>

#include <iostream>

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
    auto rate = measure_playouts(*game, 0, seconds_budget / 3, 42);
    if (!rate) {
      std::cerr << rate.status().to_string() << "\n";
      return 1;
    }
    fmt::print("goa {} players, random: {:>8.1f} games/s ({:.0f} actions/s, {:.0f} actions/game)\n",
               players, rate->games_per_second(), rate->actions_per_second(),
               rate->actions_per_game());
  }
  return 0;
}

}  // namespace meeple::cli
