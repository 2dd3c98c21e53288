// Risk speed (issue 3): one battle roll (declare, auto-defend, 5 dice), the
// exact odds of a 20 v 20 fight, and a full 3-player World Domination game
// between heuristic bots, chance sampled by the match RNG, and the cost of a
// bot's determinize per decision. One thread.
//   build/<dir>/bench/risk_bench --benchmark_min_time=2
#include <benchmark/benchmark.h>

#include "ai/risk/risk_bot.h"
#include "bench/bench_step.h"
#include "core/match.h"
#include "games/risk/odds.h"
#include "games/risk/risk_game.h"

namespace {

using namespace meeple;

std::shared_ptr<const Game> domination3() {
  static auto game = *risk::make_game({{"mode", "domination"}, {"players", 3}});
  return game;
}

void BM_RiskBattle(benchmark::State& st) {
  auto base = std::unique_ptr<risk::RiskState>(
      static_cast<risk::RiskState*>(domination3()->new_initial_state().release()));
  const risk::Map& map = **risk::shared_world_map();  // loaded by domination3()
  for (risk::Territory t = 0; t < risk::kNumTerritories; ++t) base->set_territory(t, 2, 1);
  base->set_deck(risk::kAllCards, 0);
  base->set_territory(map.find("ukraine"), 0, 1 << 30);
  base->set_territory(map.find("middle_east"), 1, 1 << 30);
  base->begin_attack_for_test(0);
  const Action attack =
      risk::kAttackBase + map.edge_index(map.find("ukraine"), map.find("middle_east")) * 3 + 2;
  Rng rng(1);
  risk::RiskState s(*base);
  for (auto _ : st) {
    s.apply(attack);
    s.apply(s.auto_action());
    for (int d = 0; d < 5; ++d) s.apply(risk::kDieBase + static_cast<int>(rng.below(6)));
    benchmark::DoNotOptimize(s.armies(0));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_RiskBattle);

void BM_RiskOdds20v20(benchmark::State& st) {
  for (auto _ : st) benchmark::DoNotOptimize(risk::battle_odds(20, 20).conquest);
}
BENCHMARK(BM_RiskOdds20v20);

void BM_RiskHeuristicGameDomination3(benchmark::State& st) {
  uint64_t seed = 1;
  for (auto _ : st) {
    Match m = Match::start(domination3(), seed++);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < 3; ++p)
      bots.push_back(risk::make_risk_bot(*domination3(), 1, seed * 3 + p));
    while (!m.state().is_terminal()) bench::step(m, *domination3(), bots);
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_RiskHeuristicGameDomination3)->Unit(benchmark::kMillisecond);

// What a bot pays per decision for seeing only its seat's information
// (core/decision.h): one determinize of a 3-player domination state some
// 400 decisions in, with cards in every hand.
void BM_RiskDeterminize(benchmark::State& st) {
  Match m = Match::start(domination3(), 5);
  auto bot = risk::make_risk_bot(*domination3(), 1, 1);
  for (int decisions = 0; decisions < 400 || m.state().is_chance();) {
    if (m.state().is_chance()) {
      m.sample_chance();
    } else {
      (void)m.act(bot->choose(Decision(*domination3(), m.state())));
      ++decisions;
    }
  }
  const Decision d(*domination3(), m.state());
  Rng rng(1);
  for (auto _ : st) benchmark::DoNotOptimize(d.determinize(rng));
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_RiskDeterminize);

}  // namespace

BENCHMARK_MAIN();
