// Helpers shared by the Reversi searcher tests: random positions reached by
// random play, a plain minimax reference, and board strings.
#pragma once

#include <algorithm>
#include <string>

#include "ai/reversi/search.h"
#include "core/rng.h"
#include "games/reversi/bitboard.h"
#include "games/reversi/notation.h"
#include "games/reversi/playout.h"

namespace meeple::reversi::testing {

struct Pos {
  Bitboard P = kStartBlack, O = kStartWhite;
};

// Plays uniformly random moves from the start until at most `empties`
// squares are empty or the game ends; P is the side to move then.
inline Pos random_position(Rng& rng, int empties) {
  Pos p;
  random_play_to(p.P, p.O, empties, rng);
  return p;
}

// Exact score by full minimax, no pruning, using only bitboard.h: the
// reference the solver must agree with.
inline int minimax(Bitboard P, Bitboard O) {
  Bitboard m = legal_moves(P, O);
  if (!m) {
    if (!legal_moves(O, P)) return final_score(P, O);
    return -minimax(O, P);
  }
  int best = -1000;
  for (; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const Bitboard f = flips(sq, P, O);
    best = std::max(best, -minimax(O ^ f, P ^ f ^ square_bit(sq)));
  }
  return best;
}

// A position from a 64-character board string; 'X' is the side to move.
inline Pos mover_is_x(const std::string& board) {
  const auto b = parse_board(board);
  return b ? Pos{b->first, b->second} : Pos{0, 0};
}

}  // namespace meeple::reversi::testing
