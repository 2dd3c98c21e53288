// Stable discs: discs that no sequence of moves can ever flip.
//
// A disc can only flip along one of its four lines (row, column, two
// diagonals), and only when an opponent disc is placed at one end of a run
// that includes it. So a disc is stable if, on each of its four lines,
//   * the line is full (no empty square left to play on), or
//   * it sits on the board edge across that line (nothing beyond it), or
//   * a neighbour on that line is a stable disc of its own colour (a run
//     through it would have to include that neighbour, which cannot flip).
// Starting from nothing and applying the rule until it stops growing gives a
// conservative (never wrong, sometimes incomplete) set: corners first, then
// edge runs anchored on them, then full lines and whatever rests on those.
// Used by the evaluation (stable discs count) and by the exact solver
// (opponent's stable discs bound the best reachable score).
#pragma once

#include "games/reversi/bitboard.h"

namespace meeple::reversi {

// Every square whose line in the given direction is completely occupied.
struct FullLines {
  Bitboard row = 0, column = 0, diag_a1h8 = 0, diag_h1a8 = 0;
};
FullLines full_lines(Bitboard occupied);

// The stable discs of `own` (the other colour is `other`).
Bitboard stable_discs(Bitboard own, Bitboard other);
// As above with the full lines already computed for own | other.
Bitboard stable_discs(Bitboard own, const FullLines& full);

}  // namespace meeple::reversi
