// `meeple bench risk`: battles per second (one attack declared, the defence
// answered and the dice sampled — or, with battles=outcomes, the roll's
// outcome — on a cloned position) and full heuristic games per second for
// 3-player World Domination in both forms, one thread. The finer
// Google Benchmark version is bench/risk_bench.cpp.
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "ai/bot.h"
#include "cli/bench_playouts.h"
#include "cli/commands.h"
#include "games/risk/risk_game.h"

namespace meeple::cli {

int bench_risk(double seconds_budget) {
  auto game = risk::make_game({{"mode", "domination"}, {"players", 3}});
  if (!game) {
    std::cerr << game.status().to_string() << "\n";
    return 1;
  }
  // 1. Battles: ukraine (1000) attacks middle_east (1000) 3 v 2 until the budget is spent.
  auto loaded_map = risk::shared_world_map();  // loaded by make_game already
  if (!loaded_map) {
    std::cerr << loaded_map.status().to_string() << "\n";
    return 1;
  }
  const risk::Map& map = **loaded_map;
  auto battle_position = [&](const Game& g) {
    auto b = std::unique_ptr<risk::RiskState>(
        static_cast<risk::RiskState*>(g.new_initial_state().release()));
    for (risk::Territory t = 0; t < risk::kNumTerritories; ++t) b->set_territory(t, 2, 1);
    b->set_deck(risk::kAllCards, 0);
    b->set_territory(map.find("ukraine"), 0, 1000000);
    b->set_territory(map.find("middle_east"), 1, 1000000);
    b->begin_attack_for_test(0);
    return b;
  };
  auto base = battle_position(**game);
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
  // 1b. The same with battles=outcomes: one sampled outcome per roll.
  auto outcome_game =
      risk::make_game({{"mode", "domination"}, {"players", 3}, {"battles", "outcomes"}});
  if (!outcome_game) {
    std::cerr << outcome_game.status().to_string() << "\n";
    return 1;
  }
  {
    auto obase = battle_position(**outcome_game);
    risk::RiskState o(*obase);
    battles = 0;
    t0 = std::chrono::steady_clock::now();
    while ((elapsed = seconds_since(t0)) < seconds_budget) {
      o = *obase;
      for (int i = 0; i < 10000; ++i) {
        o.apply(attack);
        o.apply(o.auto_action());
        const auto outcomes = o.chance_outcomes();
        double u = rng.unit();
        size_t k = 0;
        while (k + 1 < outcomes.size() && (u -= outcomes[k].probability) >= 0) ++k;
        o.apply(outcomes[k].action);
        ++battles;
      }
    }
    std::cout << fmt::format("risk battles/s (3 v 2, outcome sampled):     {:.0f}\n",
                             battles / elapsed);
  }
  // 2. Full games: 3-player domination, heuristic bots, match RNG for chance.
  auto games_per_second = [&](const std::shared_ptr<const Game>& g, const char* label) {
    auto rate = measure_playouts(g, heuristic_level("risk"), seconds_budget, 1000);
    if (!rate) {
      std::cerr << rate.status().to_string() << "\n";
      return false;
    }
    std::cout << fmt::format("{}  {:.2f}  ({} games, {:.0f} steps/game)\n", label,
                             rate->games_per_second(), rate->games, rate->actions_per_game());
    return true;
  };
  if (!games_per_second(*game, "risk 3-player domination heuristic games/s:           ") ||
      !games_per_second(*outcome_game, "risk 3-player domination heuristic games/s, outcomes:"))
    return 1;
  return 0;
}

}  // namespace meeple::cli
