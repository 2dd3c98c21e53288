// `meeple bench goa`: full games per second between uniformly random players
// at 2, 3 and 4 players (with the Bonanza variant, the default), one thread.
// Set-up chance is sampled with the match RNG as in a real match. The
// heuristic bot's figure joins it when Goa has one (issue 12).
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "ai/bot.h"
#include "cli/commands.h"
#include "core/match.h"
#include "games/goa/goa_game.h"

namespace meeple::cli {

namespace {
double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

int bench_goa(double seconds_budget) {
  for (int players = 2; players <= 4; ++players) {
    auto game = goa::make_game({{"players", players}, {"bonanza", true}});
    if (!game) {
      std::cerr << game.status().to_string() << "\n";
      return 1;
    }
    Rng rng(42);
    uint64_t games = 0, actions = 0;
    const auto t0 = std::chrono::steady_clock::now();
    double s = 0;
    while ((s = seconds_since(t0)) < seconds_budget / 3) {
      Match m = Match::start(*game, rng.next());
      std::vector<std::unique_ptr<Bot>> bots;
      for (int p = 0; p < players; ++p) bots.push_back(make_bot(**game, 0, rng.next()).value());
      while (!m.state().is_terminal()) {
        if (m.state().is_chance()) {
          m.sample_chance();
        } else {
          const Seat p = m.state().current_player();
          if (!m.act(bots[static_cast<size_t>(p)]->choose(Decision(**game, m.state()))).is_ok())
            return 1;
        }
        ++actions;
      }
      ++games;
    }
    fmt::print("{} players, random: {:>8.1f} games/s ({:.0f} actions/s, {:.0f} actions/game)\n",
               players, static_cast<double>(games) / s, static_cast<double>(actions) / s,
               games ? static_cast<double>(actions) / static_cast<double>(games) : 0.0);
  }
  return 0;
}

}  // namespace meeple::cli
