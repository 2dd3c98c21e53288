// `meeple bench king-is-dead`: full games per second between uniformly random
// players and between heuristic bots (ai/king_is_dead/kid_bot.h), in every
// configuration (2-4 players, basic and advanced), one thread. Set-up chance
// is sampled with the match RNG as in a real match. Then the turn search
// (the basic two-player game's top level): its positions a second, seconds
// a move and how many turns deep it saw, over the moves of games between
// two of it.
#include <fmt/format.h>

#include <iostream>

#include "ai/bot.h"
#include "ai/king_is_dead/kid_bot.h"
#include "cli/bench_playouts.h"
#include "cli/commands.h"
#include "core/match.h"
#include "games/king_is_dead/kid_game.h"

namespace meeple::cli {

namespace {

// Moves of the top level against itself in the basic two-player game, until
// `seconds` are spent (at least one searched move).
int bench_turn_search(double seconds) {
  auto game = king_is_dead::make_game({{"players", 2}});
  if (!game) {
    std::cerr << game.status().to_string() << "\n";
    return 1;
  }
  long positions = 0, turns = 0, searched = 0;
  double thinking = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (uint64_t seed = 42; searched == 0 || seconds_since(t0) < seconds; ++seed) {
    Match m = Match::start(*game, seed);
    std::unique_ptr<Bot> bot = king_is_dead::make_kid_bot(**game, king_is_dead::kTopLevel, seed);
    long last_positions = 0, last_turns = 0;
    bot->on_info = [&](const json& info) {
      last_positions = info["positions"].get<long>();
      last_turns = info["turns"].get<long>();
    };
    while (!m.state().is_terminal() && (searched == 0 || seconds_since(t0) < seconds)) {
      if (m.state().is_chance()) {
        m.sample_chance();
        continue;
      }
      const Decision d(**game, m.state());
      const auto t = std::chrono::steady_clock::now();
      last_positions = 0;
      const Action a = bot->choose(d);
      if (last_positions > 0) {  // a choice, not a forced move
        thinking += seconds_since(t);
        positions += last_positions;
        turns += last_turns;
        ++searched;
      }
      if (Status st = m.act(a); !st.is_ok()) {
        std::cerr << st.to_string() << "\n";
        return 1;
      }
    }
  }
  fmt::print(
      "2 players, basic    turn search (level {}): {:>8.0f} positions/s, {:.3f} s a move, "
      "{:.1f} turns deep ({} moves)\n",
      king_is_dead::kTopLevel, static_cast<double>(positions) / thinking,
      thinking / static_cast<double>(searched),
      static_cast<double>(turns) / static_cast<double>(searched), searched);
  return 0;
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
  return bench_turn_search(seconds_budget);
}

}  // namespace meeple::cli
