// `meeple bench risk`: battles per second (one attack declared, the defence
// answered and the dice sampled — or, with battles=outcomes, the roll's
// outcome — on a cloned position), full heuristic games per second for
// 3-player World Domination in both forms and random games per second (cut
// at the practical length), one thread; then the 2008 edition
// (bench_risk_2008): its battles in both forms, random games per second in
// 3-player Command Room and heuristic games per second in 3-player Command
// Room and Basic Training. The finer Google Benchmark versions are
// bench/risk_bench.cpp and bench/risk_2008_bench.cpp.
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "ai/bot.h"
#include "cli/bench_playouts.h"
#include "cli/commands.h"
#include "core/chance.h"
#include "games/risk/risk_game.h"
#ifdef MEEPLE_HAVE_RISK_2008
#include "games/risk_2008/risk_2008_game.h"
#endif

namespace meeple::cli {

namespace {

// One outcome of `s`'s chance node, sampled with `rng`.
Action sample_outcome(const State& s, Rng& rng) {
  thread_local std::vector<double> weights;
  return sample_chance_outcome(s, rng, weights);
}

// Random players (level 0) stall in some games (measure_playouts): those are
// cut at the practical length the bots and tests use, and counted.
bool random_games_per_second(const std::shared_ptr<const Game>& game, int64_t cut_at,
                             double seconds_budget, const char* label) {
  auto rate = measure_playouts(game, 0, seconds_budget, 1000, cut_at);
  if (!rate) {
    std::cerr << rate.status().to_string() << "\n";
    return false;
  }
  std::cout << fmt::format(
      "{} random games/s:  {:.2f}  ({} games, {:.0f} steps/game, {} cut "
      "unfinished at {} steps)\n",
      label, rate->games_per_second(), rate->games, rate->actions_per_game(), rate->cut, cut_at);
  return true;
}

#ifdef MEEPLE_HAVE_RISK_2008
// The 2008 edition: Green (1,000,000 in Ukraine, with the Bonus Attack Die)
// attacks Blue (1,000,000 in the Middle East) 3 v 2, the dice or one
// outcome a roll; then random and heuristic 3-player games.
int bench_risk_2008(double seconds_budget) {
  std::shared_ptr<const Game> random_game;
  for (const std::string form : {"dice", "outcomes"}) {
    auto game =
        risk::make_risk_2008_game({{"mode", "command-room"}, {"players", 3}, {"battles", form}});
    if (!game) {
      std::cerr << game.status().to_string() << "\n";
      return 1;
    }
    if (!random_game) random_game = *game;
    auto initial = (*game)->new_initial_state();
    risk::Risk2008State base(static_cast<const risk::Risk2008State&>(*initial));
    const risk::Map& map = *base.config().map;
    for (risk::Territory t = 0; t < risk::kNumTerritories; ++t) base.set_territory(t, 0, 1);
    base.set_cities(0);
    for (int p = 0; p < 3; ++p) base.set_capital(p, -1);
    for (int i = 0; i < risk::r2008::kNumObjectives; ++i)
      base.set_objective(i, risk::r2008::kBoxed, -1);
    const auto& major = base.config().edition->major_rewards;
    for (size_t k = 0; k < major.size(); ++k)
      if (major[k] == risk::Reward::kBonusAttackDie)
        base.give_token(1, static_cast<int>(k) + risk::r2008::kNumTokens / 2);
    base.set_territory(map.find("ukraine"), 1, 1000000);
    base.set_territory(map.find("middle_east"), 2, 1000000);
    base.begin_attack_for_test(1);
    const Action attack = risk::r2008::kAttackBase +
                          map.edge_index(map.find("ukraine"), map.find("middle_east")) * 3 + 2;
    Rng rng(42);
    risk::Risk2008State s(base);
    long long rolls = 0;
    const auto t0 = std::chrono::steady_clock::now();
    double elapsed = 0;
    while ((elapsed = seconds_since(t0)) < seconds_budget) {
      s = base;  // every 10,000 battles, so neither territory falls
      for (int i = 0; i < 10000; ++i) {
        s.apply(attack);
        s.apply(s.auto_action());
        while (s.phase() == risk::Phase2008::kRoll) s.apply(sample_outcome(s, rng));
        ++rolls;
      }
    }
    std::cout << fmt::format("risk-2008 battles/s (3 v 2, bonus die, {}): {:.0f}\n",
                             form == "dice" ? "dice sampled" : "outcome sampled",
                             static_cast<double>(rolls) / elapsed);
  }
  if (!random_games_per_second(random_game, risk::kRisk2008PracticalLength, seconds_budget,
                               "risk-2008 3-player command room"))
    return 1;
  for (const std::string mode : {"command-room", "basic-training"}) {
    auto game = risk::make_risk_2008_game({{"mode", mode}, {"players", 3}});
    if (!game) {
      std::cerr << game.status().to_string() << "\n";
      return 1;
    }
    auto heuristic = measure_playouts(*game, heuristic_level("risk-2008"), seconds_budget, 1000);
    if (!heuristic) {
      std::cerr << heuristic.status().to_string() << "\n";
      return 1;
    }
    std::cout << fmt::format(
        "risk-2008 3-player {} heuristic games/s:  {:.2f}  ({} games, {:.0f} "
        "steps/game)\n",
        mode, heuristic->games_per_second(), heuristic->games, heuristic->actions_per_game());
  }
  return 0;
}
#endif

}  // namespace

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
        o.apply(sample_outcome(o, rng));
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
  // 3. Random players.
  if (!random_games_per_second(*game, risk::kPracticalGameLength, seconds_budget,
                               "risk 3-player domination"))
    return 1;
#ifdef MEEPLE_HAVE_RISK_2008
  return bench_risk_2008(seconds_budget);
#else
  return 0;
#endif
}

}  // namespace meeple::cli
