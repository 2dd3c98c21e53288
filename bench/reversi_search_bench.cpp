// Reversi searcher benchmarks (ai/reversi/search.h).
//
//   FfoExact/N   — solve FFO #N (40..44, 20..23 empties) exactly from a
//                  cleared table, through Searcher::search with the exact
//                  threshold at 64 (so the root pre-search is included),
//                  with the learned tables the bots have (the pre-search
//                  evaluates with them and prunes by ProbCut).
//                  The score must equal the file's best score and the move
//                  must be one listed with it: otherwise the benchmark is
//                  marked failed and the program exits with status 1.
//   FfoTotal     — #40..#44 in one go (the figure to compare with Edax:
//                  docs/reversi_solver.md).
//   MidgameDepth — fixed-depth midgame search (depth 9, exact solving off)
//                  from three positions reached by seeded random play:
//                  nodes/s, and a node count that changes only when the
//                  search's behaviour does.
//
// Run (Release):  build/<dir>/bench/reversi_search_bench
//
// Measured 2026-11-28 (Intel Xeon, 2 cores shared with other builds, load
// average 4-5, so wall time was about 1.5 times CPU time; CPU time shown):
//   #40 13.4 M nodes 0.72 s, #41 37.4 M 2.26 s, #42 67.8 M 3.36 s,
//   #43 65.5 M 4.50 s, #44 30.6 M 1.98 s: 214.7 M nodes, 12.8 s CPU
//   (FfoTotal: 15.0 s), every score and move matching the file (before
//   solver-35, 2026-11-28, same machine: 287.6 M nodes, 14.3 s CPU).
//   MidgameDepth/9: 504,304 nodes. These figures are from before the
//   learned tables ordered the pre-search; docs/reversi_solver.md has the
//   current ones and the comparison with Edax.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "ai/reversi/ffo.h"
#include "ai/reversi/patterns.h"
#include "ai/reversi/search.h"
#include "core/rng.h"

namespace meeple::reversi {
namespace {

bool g_failed = false;

// A shipped data file (read once by its loader), or the program stops
// with the loader's reason: no benchmark runs on missing data.
template <typename T>
const T* shipped_or_exit(const Result<const T*>& r) {
  if (!r) {
    std::fprintf(stderr, "reversi_search_bench: %s\n", r.status().to_string().c_str());
    std::exit(1);
  }
  return *r;
}

// The shipped pattern tables (the solver's pre-search evaluates with them).
const PatternWeights* learned_weights() {
  return shipped_or_exit(shipped_weights());
}

// The shipped ProbCut spreads (the pre-search prunes with them, as the
// bots' does).
const ProbCutTable* learned_probcut() {
  return shipped_or_exit(shipped_probcut());
}

const std::vector<FfoPosition>& ffo_40_59() {
  static const std::vector<FfoPosition> positions = [] {
    auto r = load_obf(std::string(MEEPLE_SHARED_DIR) + "/data/reversi/fforum-40-59.obf", 40);
    if (!r) {
      std::fprintf(stderr, "reversi_search_bench: %s\n", r.status().to_string().c_str());
      std::exit(1);
    }
    return *r;
  }();
  return positions;
}

// Solves one position; returns false (and says why) if the result is wrong.
bool solve_and_check(Searcher& searcher, const FfoPosition& p, uint64_t& nodes) {
  SearchLimits limits;
  limits.exact_empties = 64;
  const SearchResult r = searcher.search(p.P, p.O, limits);
  nodes += r.nodes;
  bool listed = false;
  for (const auto& [sq, margin] : p.moves) listed |= sq == r.move && margin == p.best_score;
  if (!r.exact || r.score != p.best_score || !listed) {
    std::fprintf(stderr, "FFO #%d WRONG: score %+d move %d (file: %+d)\n", p.number, r.score,
                 r.move, p.best_score);
    g_failed = true;
    return false;
  }
  return true;
}

void FfoExact(benchmark::State& state) {
  const FfoPosition& p = ffo_40_59()[static_cast<size_t>(state.range(0) - 40)];
  Searcher searcher(256, learned_weights(), learned_probcut());
  uint64_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    searcher.clear();
    state.ResumeTiming();
    if (!solve_and_check(searcher, p, nodes)) state.SkipWithError("score differs from the file");
  }
  state.counters["empties"] = popcount(~(p.P | p.O));
  state.counters["nodes"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kAvgIterations);
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(FfoExact)
    ->DenseRange(40, 44)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void FfoTotal(benchmark::State& state) {
  Searcher searcher(256, learned_weights(), learned_probcut());
  uint64_t nodes = 0;
  for (auto _ : state) {
    for (int n = 40; n <= 44; ++n) {
      searcher.clear();
      if (!solve_and_check(searcher, ffo_40_59()[static_cast<size_t>(n - 40)], nodes))
        state.SkipWithError("a score differs from the file");
    }
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(FfoTotal)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void MidgameDepth(benchmark::State& state) {
  // Three positions at 44, 36 and 28 empties from seeded random play.
  struct Pos {
    Bitboard P, O;
  };
  std::vector<Pos> positions;
  Rng rng(2026);
  for (int empties : {44, 36, 28}) {
    Bitboard P = kStartBlack, O = kStartWhite;
    while (popcount(~(P | O)) > empties) {
      Bitboard m = legal_moves(P, O);
      if (!m) {
        std::swap(P, O);
        continue;
      }
      for (uint64_t k = rng.below(popcount(m)); k > 0; --k) m &= m - 1;
      const int sq = lowest_square(m);
      const Bitboard f = flips(sq, P, O);
      const Bitboard np = O ^ f;
      O = P ^ f ^ square_bit(sq);
      P = np;
    }
    positions.push_back({P, O});
  }
  Searcher searcher(64);
  uint64_t nodes = 0;
  for (auto _ : state) {
    for (const Pos& p : positions) {
      state.PauseTiming();
      searcher.clear();
      state.ResumeTiming();
      SearchLimits limits;
      limits.max_depth = static_cast<int>(state.range(0));
      limits.exact_empties = 0;
      nodes += searcher.search(p.P, p.O, limits).nodes;
    }
  }
  state.counters["nodes"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kAvgIterations);
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(MidgameDepth)->Arg(9)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace meeple::reversi

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (meeple::reversi::g_failed) {
    std::fprintf(stderr, "reversi_search_bench: FAILED — a solved score differs from the file\n");
    return 1;
  }
  return 0;
}
