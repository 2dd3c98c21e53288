// Reversi rules benchmarks: perft (leaves/s), random playouts (games/s),
// legal-move generation and flips, each with the AVX2 and the portable
// scalar implementation side by side (games/reversi/bitboard.h explains the
// choice).
//
// Run (Release, -march=native is on by default; one thread):
//   build/<dir>/bench/reversi_bench --benchmark_filter=Perft
//   build/<dir>/bench/reversi_bench --benchmark_filter=Playout
// Targets from the assignment: perft >= 330 M leaves/s (Edax's rate with
// bulk counting), >= 300,000 random games/s.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/rng.h"
#include "games/reversi/bitboard.h"
#include "games/reversi/perft.h"
#include "games/reversi/playout.h"
#include "games/reversi/reversi.h"

namespace {

using namespace meeple::reversi;

void BM_Perft(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  uint64_t leaves = 0;
  for (auto _ : state) {
    leaves = perft(kStartBlack, kStartWhite, depth);
    benchmark::DoNotOptimize(leaves);
  }
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
  state.counters["leaves"] = static_cast<double>(leaves);
}
BENCHMARK(BM_Perft)->Arg(8)->Arg(9)->Arg(10)->Unit(benchmark::kMillisecond);

void BM_RandomPlayout(benchmark::State& state) {
  meeple::Rng rng(12345);
  int64_t sum = 0;
  for (auto _ : state) sum += random_playout(kStartBlack, kStartWhite, rng);
  benchmark::DoNotOptimize(sum);
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomPlayout);

// Random game positions to feed the move-generation benchmarks.
struct Positions {
  std::vector<Bitboard> P, O;
  Positions() {
    meeple::Rng rng(7);
    while (P.size() < 4096) {
      Bitboard p = kStartBlack, o = kStartWhite;
      for (;;) {
        const Bitboard m = legal_moves_scalar(p, o);
        if (m == 0) break;
        P.push_back(p);
        O.push_back(o);
        const int sq =
            nth_square(m, static_cast<int>(rng.below(static_cast<uint64_t>(popcount(m)))));
        const Bitboard f = flips_scalar(sq, p, o);
        const Bitboard np = o ^ f;
        o = p | f | square_bit(sq);
        p = np;
      }
    }
  }
};
const Positions& positions() {
  static const Positions p;
  return p;
}

template <Bitboard (*Moves)(Bitboard, Bitboard)>
void BM_LegalMoves(benchmark::State& state) {
  const auto& pos = positions();
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(Moves(pos.P[i], pos.O[i]));
    i = (i + 1) & 4095;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
Bitboard moves_fast(Bitboard p, Bitboard o) {
  return legal_moves(p, o);
}
Bitboard moves_scalar(Bitboard p, Bitboard o) {
  return legal_moves_scalar(p, o);
}
BENCHMARK(BM_LegalMoves<moves_fast>)->Name("BM_LegalMoves/fast");
BENCHMARK(BM_LegalMoves<moves_scalar>)->Name("BM_LegalMoves/scalar");

template <Bitboard (*Flips)(int, Bitboard, Bitboard)>
void BM_Flips(benchmark::State& state) {
  const auto& pos = positions();
  size_t i = 0;
  for (auto _ : state) {
    const Bitboard m = legal_moves(pos.P[i], pos.O[i]);
    benchmark::DoNotOptimize(Flips(lowest_square(m), pos.P[i], pos.O[i]));
    i = (i + 1) & 4095;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
Bitboard flips_fast(int sq, Bitboard p, Bitboard o) {
  return flips(sq, p, o);
}
Bitboard flips_portable(int sq, Bitboard p, Bitboard o) {
  return flips_scalar(sq, p, o);
}
BENCHMARK(BM_Flips<flips_fast>)->Name("BM_MoveAndFlips/fast");
BENCHMARK(BM_Flips<flips_portable>)->Name("BM_MoveAndFlips/scalar");

// The contract path (what generic bots pay): legal_actions() + apply().
void BM_StateRandomGame(benchmark::State& state) {
  meeple::Rng rng(3);
  for (auto _ : state) {
    ReversiState s;
    while (!s.is_terminal()) {
      const auto legal = s.legal_actions();
      s.apply(legal[rng.below(legal.size())]);
    }
    benchmark::DoNotOptimize(s.margin());
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StateRandomGame);

}  // namespace

BENCHMARK_MAIN();
