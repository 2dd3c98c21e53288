// `meeple bench goa`: full games per second between uniformly random players
// and between heuristic bots (ai/goa/goa_bot.h) at 2, 3 and 4 players (with
// the Bonanza variant, the default), one thread (cli/bench_playouts.h). Then
// the top level's search in four-player games (bench_top_level): seconds a
// decision and iterations a second.
#include <fmt/format.h>

#include <iostream>

#include "ai/bot.h"
#include "ai/goa/goa_bot.h"
#include "ai/ismcts.h"
#include "cli/bench_playouts.h"
#include "cli/commands.h"
#include "core/match.h"
#include "games/goa/goa_game.h"

namespace meeple::cli {

namespace {

// Level 5's decisions across whole four-player games: three heuristics and
// a fourth heuristic play them, and every kStride-th choice of that fourth
// seat is also searched by level 5 (its move not played), so the timing
// spreads over every stage of the game (the era-B set-up, the last rounds)
// within a short budget. Until `seconds` are spent searching (at least one).
int bench_top_level(double seconds) {
  constexpr int kStride = 8;
  auto game = goa::make_game({{"players", 4}, {"bonanza", true}});
  if (!game) {
    std::cerr << game.status().to_string() << "\n";
    return 1;
  }
  long iterations = 0, searched = 0, choices = 0;
  double thinking = 0;
  for (uint64_t seed = 42; searched == 0 || thinking < seconds; ++seed) {
    Match m = Match::start(*game, seed);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int seat = 0; seat < 4; ++seat)
      bots.push_back(goa::make_goa_bot(**game, heuristic_level("goa"), seed + seat).value());
    auto top = goa::make_goa_bot(**game, goa::kTopLevel, seed);
    if (!top) {
      std::cerr << top.status().to_string() << "\n";
      return 1;
    }
    const auto* search = dynamic_cast<const IsmctsBot*>(top->get());
    if (!search) {
      std::cerr << "goa's top level is not a search\n";
      return 1;
    }
    while (!m.state().is_terminal() && (searched == 0 || thinking < seconds)) {
      if (m.state().is_chance()) {
        m.sample_chance();
        continue;
      }
      const Decision d(**game, m.state());
      const Seat seat = m.state().current_player();
      if (seat == 0 && d.legal_actions().size() > 1 && choices++ % kStride == 0) {
        const auto t = std::chrono::steady_clock::now();
        (*top)->choose(d);
        thinking += seconds_since(t);
        iterations += search->iterations_done();
        ++searched;
      }
      if (Status st = m.act(bots[static_cast<size_t>(seat)]->choose(d)); !st.is_ok()) {
        std::cerr << st.to_string() << "\n";
        return 1;
      }
    }
  }
  fmt::print(
      "goa 4 players, level {} (its decisions in games of heuristics): {:.3f} s a decision, "
      "{:.0f} iterations/s ({} decisions)\n",
      goa::kTopLevel, thinking / static_cast<double>(searched),
      static_cast<double>(iterations) / thinking, searched);
  return 0;
}

}  // namespace

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
  return bench_top_level(seconds_budget);
}

}  // namespace meeple::cli
