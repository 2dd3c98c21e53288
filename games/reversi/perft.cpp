#include "games/reversi/perft.h"

#include <cassert>

#include "games/reversi/notation.h"

namespace meeple::reversi {

namespace {

// depth >= 2 here; the recursion ends with bulk counting at depth 1.
uint64_t perft_node(Bitboard P, Bitboard O, int depth) {
  Bitboard moves = legal_moves(P, O);
  if (moves == 0) {
    const Bitboard theirs = legal_moves(O, P);
    if (theirs == 0) return 1;                // game over: a leaf
    if (depth == 2) return popcount(theirs);  // pass, then bulk count
    return perft_node(O, P, depth - 1);       // the pass is one ply
  }
  uint64_t total = 0;
  if (depth == 2) {
    // Bulk counting one ply down: each child counts its own moves, or 1 for
    // a forced pass or a finished game.
    for (; moves; moves &= moves - 1) {
      const int sq = lowest_square(moves);
      const Bitboard f = flips(sq, P, O);
      const Bitboard np = O ^ f, no = P | f | square_bit(sq);
      const Bitboard m = legal_moves(np, no);
      total += m ? static_cast<uint64_t>(popcount(m)) : 1;
    }
    return total;
  }
  for (; moves; moves &= moves - 1) {
    const int sq = lowest_square(moves);
    const Bitboard f = flips(sq, P, O);
    total += perft_node(O ^ f, P | f | square_bit(sq), depth - 1);
  }
  return total;
}

}  // namespace

uint64_t perft(Bitboard P, Bitboard O, int depth) {
  assert(depth >= 1 && (P & O) == 0);
  if (depth == 1) {
    const Bitboard moves = legal_moves(P, O);
    return moves ? static_cast<uint64_t>(popcount(moves)) : 1;  // a pass or the end: one leaf
  }
  return perft_node(P, O, depth);
}

std::vector<DivideEntry> perft_divide(Bitboard P, Bitboard O, int depth) {
  assert(depth >= 1 && (P & O) == 0);
  std::vector<DivideEntry> out;
  Bitboard moves = legal_moves(P, O);
  if (moves == 0) {
    if (legal_moves(O, P) == 0) return out;  // game over: no move to divide
    out.push_back({kPassAction, depth == 1 ? 1 : perft(O, P, depth - 1)});
    return out;
  }
  for (; moves; moves &= moves - 1) {
    const int sq = lowest_square(moves);
    const Bitboard f = flips(sq, P, O);
    out.push_back({sq, depth == 1 ? 1 : perft(O ^ f, P | f | square_bit(sq), depth - 1)});
  }
  return out;
}

}  // namespace meeple::reversi
