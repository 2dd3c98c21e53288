// Goa speed: a full game between heuristic bots (level 3), chance sampled by
// the match RNG, with 2, 3 and 4 players (the Bonanza variant, the default);
// then one decision of the top level's search in a four-player position 150
// steps into a game. "steps" counts every decision and chance outcome of a
// game. One thread. The heuristic's worth of a position is what all of
// Goa's bots spend their time on (docs/bots.md, "The heuristic's worth").
//   build/<dir>/bench/goa_bench --benchmark_min_time=2
#include <benchmark/benchmark.h>

#include "ai/goa/goa_bot.h"
#include "bench/bench_step.h"
#include "core/decision.h"
#include "core/match.h"
#include "games/goa/goa_game.h"

namespace {

using namespace meeple;

std::shared_ptr<const Game> goa_game(int players) {
  return *goa::make_game({{"players", players}, {"bonanza", true}});
}

void BM_GoaHeuristicGame(benchmark::State& st, int players) {
  auto game = goa_game(players);
  uint64_t seed = 1;
  int64_t steps = 0;
  for (auto _ : st) {
    const uint64_t s = seed++;
    steps += bench::play_game(game, s, [&](int p) {
      return goa::make_goa_bot(*game, goa::kHeuristicLevel, s * 5 + static_cast<uint64_t>(p))
          .value();
    });
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["steps_per_game"] = static_cast<double>(steps) / static_cast<double>(st.iterations());
}
BENCHMARK_CAPTURE(BM_GoaHeuristicGame, players_2, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GoaHeuristicGame, players_3, 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GoaHeuristicGame, players_4, 4)->Unit(benchmark::kMillisecond);

// The top level's decision after `kPlies` steps of a four-player game of
// heuristics (seed 42: the same position every run), searched afresh each
// time with the same seed.
void BM_GoaTopLevelDecision(benchmark::State& st) {
  constexpr int kPlies = 150;
  auto game = goa_game(4);
  Match m = Match::start(game, 42);
  std::vector<std::unique_ptr<Bot>> bots;
  for (uint64_t p = 0; p < 4; ++p)
    bots.push_back(goa::make_goa_bot(*game, goa::kHeuristicLevel, 42 + p).value());
  for (int n = 0;
       n < kPlies || m.state().is_chance() || Decision(*game, m.state()).legal_actions().size() < 2;
       ++n)
    bench::step(m, *game, bots);
  const Decision d(*game, m.state());
  for (auto _ : st) {
    auto top = goa::make_goa_bot(*game, goa::kTopLevel, 7).value();
    benchmark::DoNotOptimize(top->choose(d));
  }
}
BENCHMARK(BM_GoaTopLevelDecision)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
