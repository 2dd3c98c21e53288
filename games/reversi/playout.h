// Random playouts: uniformly random legal moves to the end of the game,
// passing when forced (reversi.md "Passing and the end"). Used by Monte
// Carlo bots and as a benchmark of move generation and flipping.
//
// Allocation-free and branch-light. The k-th legal move is found with BMI2's
// PDEP (deposit bit k of the mask) where the CPU has it, else by clearing
// the lowest bit k times.
#pragma once

#include <cstdint>
#include <utility>

#include "core/rng.h"
#include "games/reversi/bitboard.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace meeple::reversi {

// The square of the k-th (0-based) set bit of b; k < popcount(b).
inline int nth_square(Bitboard b, int k) {
#ifdef __BMI2__
  return lowest_square(_pdep_u64(Bitboard{1} << k, b));
#else
  for (; k > 0; --k) b &= b - 1;
  return lowest_square(b);
#endif
}

// Plays uniformly random legal moves from (P, O), P to move, until at most
// `empties` squares are empty or neither side can move; P is then the side
// to move. The searcher's tests and the ProbCut calibration
// (ai/reversi/training.h) draw their positions with it.
inline void random_play_to(Bitboard& P, Bitboard& O, int empties, Rng& rng) {
  while (popcount(~(P | O)) > empties) {
    const Bitboard m = legal_moves(P, O);
    if (!m) {
      if (!legal_moves(O, P)) return;
      std::swap(P, O);
      continue;
    }
    const int sq = nth_square(m, static_cast<int>(rng.below(static_cast<uint64_t>(popcount(m)))));
    const Bitboard f = flips(sq, P, O);
    const Bitboard np = O ^ f;
    O = P ^ f ^ square_bit(sq);
    P = np;
  }
}

// Plays random legal moves from the position with P to move until neither
// side can move; returns the final disc count of the side that was to move
// minus the opponent's.
inline int random_playout(Bitboard P, Bitboard O, Rng& rng) {
  int sign = 1;  // +1 while P belongs to the side that was to move
  bool passed = false;
  for (;;) {
    const Bitboard moves = legal_moves(P, O);
    if (moves == 0) {
      if (passed) break;  // neither side can move: the game is over
      passed = true;
    } else {
      passed = false;
      const int sq =
          nth_square(moves, static_cast<int>(rng.below(static_cast<uint64_t>(popcount(moves)))));
      const Bitboard f = flips(sq, P, O);
      P |= f | square_bit(sq);
      O ^= f;
    }
    const Bitboard t = P;
    P = O;
    O = t;
    sign = -sign;
  }
  return sign * (popcount(P) - popcount(O));
}

}  // namespace meeple::reversi
