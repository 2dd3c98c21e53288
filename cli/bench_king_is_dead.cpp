// `meeple bench king-is-dead`: full games per second between uniformly random
// players and between heuristic bots (ai/king_is_dead/kid_bot.h), in every
// configuration (2-4 players, basic and advanced), one thread. Set-up chance
// is sampled with the match RNG as in a real match.
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "ai/bot.h"
#include "cli/commands.h"
#include "core/match.h"
#include "games/king_is_dead/kid_game.h"

namespace meeple::cli {

namespace {
double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

int bench_king_is_dead(double seconds_budget) {
  for (bool advanced : {false, true}) {
    for (int players = 2; players <= 4; ++players) {
      auto game = king_is_dead::make_game(
          {{"players", players}, {"advanced", advanced}, {"teams", players == 4}});
      if (!game) {
        std::cerr << game.status().to_string() << "\n";
        return 1;
      }
      for (int level : {0, 1}) {
        Rng rng(42);
        uint64_t games = 0, actions = 0;
        const auto t0 = std::chrono::steady_clock::now();
        double s = 0;
        while ((s = seconds_since(t0)) < seconds_budget / 12) {
          Match m = Match::start(*game, rng.next());
          std::vector<std::unique_ptr<Bot>> bots;
          for (int p = 0; p < players; ++p)
            bots.push_back(make_bot(**game, level, rng.next()).value());
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
        fmt::print("{} players, {:<8} {:<9}: {:>8.1f} games/s ({:.0f} actions/s)\n", players,
                   advanced ? "advanced" : "basic", level == 0 ? "random" : "heuristic",
                   static_cast<double>(games) / s, static_cast<double>(actions) / s);
      }
    }
  }
  return 0;
}

}  // namespace meeple::cli
