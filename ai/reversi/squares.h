// The square classes the searcher's move ordering and the hand-tuned
// evaluation weigh: corners, the squares next to them (X diagonally, C
// along an edge) and the rest of the edges (A next to C, B the middle two).
#pragma once

#include <initializer_list>

#include "games/reversi/bitboard.h"

namespace meeple::reversi {

constexpr Bitboard mask_of_squares(std::initializer_list<int> list) {
  Bitboard b = 0;
  for (int s : list) b |= square_bit(s);
  return b;
}

inline constexpr Bitboard kCorners = mask_of_squares({0, 7, 56, 63});    // a1 h1 a8 h8
inline constexpr Bitboard kXSquares = mask_of_squares({9, 14, 49, 54});  // b2 g2 b7 g7
inline constexpr Bitboard kCSquares =
    mask_of_squares({1, 6, 8, 15, 48, 55, 57, 62});  // b1 g1 a2 h2 ...
inline constexpr Bitboard kASquares = mask_of_squares({2, 5, 16, 23, 40, 47, 58, 61});
inline constexpr Bitboard kBSquares = mask_of_squares({3, 4, 24, 31, 32, 39, 59, 60});
// Edge squares that are not corners.
inline constexpr Bitboard kEdges = kCSquares | kASquares | kBSquares;

static_assert(kCorners == 0x8100000000000081ull && kXSquares == 0x0042000000004200ull);
static_assert(kEdges == (0xFF818181818181FFull & ~kCorners));

}  // namespace meeple::reversi
