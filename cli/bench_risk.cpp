// `meeple bench risk`: battles per second (one attack declared, the defence
// answered and the dice sampled, on a cloned position) and full heuristic
// games per second for 3-player World Domination, one thread. The finer
// Google Benchmark version is bench/risk_bench.cpp.
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "ai/risk/risk_bot.h"
#include "cli/commands.h"
#include "core/match.h"
#include "games/risk/risk_game.h"

namespace meeple::cli {

namespace {
double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

int bench_risk(double seconds_budget) {
  auto game = risk::make_game({{"mode", "domination"}, {"players", 3}});
  if (!game) {
    std::cerr << game.status().to_string() << "\n";
    return 1;
  }
  // 1. Battles: ukraine (1000) attacks middle_east (1000) 3 v 2 until the budget is spent.
  auto base = std::unique_ptr<risk::RiskState>(
      static_cast<risk::RiskState*>((*game)->new_initial_state().release()));
  auto loaded_map = risk::shared_world_map();  // loaded by make_game already
  if (!loaded_map) {
    std::cerr << loaded_map.status().to_string() << "\n";
    return 1;
  }
  const risk::Map& map = **loaded_map;
  for (risk::Territory t = 0; t < risk::kNumTerritories; ++t) base->set_territory(t, 2, 1);
  base->set_deck(risk::kAllCards, 0);
  base->set_territory(map.find("ukraine"), 0, 1000000);
  base->set_territory(map.find("middle_east"), 1, 1000000);
  base->begin_attack_for_test(0);
  const meeple::Action attack =
      risk::kAttackBase + map.edge_index(map.find("ukraine"), map.find("middle_east")) * 3 + 2;
  Rng rng(42);
  risk::RiskState s(*base);
  long long battles = 0;
  auto t0 = std::chrono::steady_clock::now();
  double elapsed = 0;
  while ((elapsed = seconds_since(t0)) < seconds_budget) {
    // Back to the base position every 10,000 battles (at most 20,000 armies
    // lost per side), so the 1,000,000-army territories never fall.
    s = *base;
    for (int i = 0; i < 10000; ++i) {
      s.apply(attack);
      s.apply(s.auto_action());
      for (int d = 0; d < 5; ++d) s.apply(risk::kDieBase + static_cast<int>(rng.below(6)));
      ++battles;
    }
  }
  std::cout << fmt::format("risk battles/s (3 v 2, dice sampled):        {:.0f}\n",
                           battles / elapsed);
  // 2. Full games: 3-player domination, heuristic bots, match RNG for chance.
  long long games = 0, steps = 0;
  t0 = std::chrono::steady_clock::now();
  while ((elapsed = seconds_since(t0)) < seconds_budget || games == 0) {
    Match m = Match::start(*game, 1000 + static_cast<uint64_t>(games));
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < 3; ++p)
      bots.push_back(risk::make_risk_bot(**game, 1, 77 + static_cast<uint64_t>(p)));
    while (!m.state().is_terminal()) {
      if (m.state().is_chance())
        m.sample_chance();
      else
        (void)m.act(bots[m.state().current_player()]->choose(Decision(**game, m.state())));
      ++steps;
    }
    ++games;
  }
  elapsed = seconds_since(t0);
  std::cout << fmt::format(
      "risk 3-player domination heuristic games/s:  {:.2f}  ({} games, {:.0f} steps/game)\n",
      games / elapsed, games, static_cast<double>(steps) / games);
  return 0;
}

}  // namespace meeple::cli
