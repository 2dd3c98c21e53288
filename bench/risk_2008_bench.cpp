// Risk 2008 speed: a full game between heuristic (level 2) bots, chance
// sampled by the match RNG, in each mode with 3 and 5 players; "steps"
// counts every decision and chance outcome of a game. One thread.
//   build/<dir>/bench/risk_2008_bench --benchmark_min_time=2
#include <benchmark/benchmark.h>

#include "ai/risk_2008/risk_2008_bot.h"
#include "bench/bench_step.h"
#include "core/decision.h"
#include "core/match.h"
#include "games/risk_2008/risk_2008_game.h"

namespace {

using namespace meeple;

void BM_Risk2008HeuristicGame(benchmark::State& st, const char* mode, int players) {
  auto game = *risk::make_risk_2008_game({{"mode", mode}, {"players", players}});
  uint64_t seed = 1;
  int64_t steps = 0;
  for (auto _ : st) {
    const uint64_t s = seed++;
    // The bots' seeds follow the match's, as they always have.
    steps += bench::play_game(
        game, s,
        [&](int p) {
          return risk2008::make_risk_2008_bot(*game, 2, (s + 1) * 5 + static_cast<uint64_t>(p));
        },
        risk::kRisk2008PracticalLength);
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["steps_per_game"] = static_cast<double>(steps) / static_cast<double>(st.iterations());
}
BENCHMARK_CAPTURE(BM_Risk2008HeuristicGame, command_room_3, "command-room", 3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Risk2008HeuristicGame, command_room_5, "command-room", 5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Risk2008HeuristicGame, basic_training_3, "basic-training", 3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Risk2008HeuristicGame, basic_training_5, "basic-training", 5)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
