// Fast flips for the searcher: one ray scan per direction.
//
// games/reversi/bitboard.h computes flips with shift-and-fill loops, which is
// simple and right for the rules. The searcher calls flips hundreds of
// millions of times, so here each of the 8 directions is a lookup of the ray
// from the square to the board edge plus a bit scan: in the ray, the first
// square that is not an opponent disc must be the mover's disc, and every
// ray square before it flips. Towards higher bits "first" is the lowest set
// bit; towards lower bits it is the highest (count leading zeros). The
// result is identical to reversi::flips (pinned by tests/ai/reversi).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "games/reversi/bitboard.h"

namespace meeple::reversi::fast {

namespace detail {

// kRays[sq][d]: squares strictly beyond sq in direction d, up to the edge.
// d 0..3 go towards higher bits (E, S, SE, SW); d 4..7 towards lower bits
// (W, N, NW, NE).
struct RayTable {
  std::array<std::array<Bitboard, 8>, 64> rays{};
  constexpr RayTable() {
    constexpr int kDf[8] = {1, 0, 1, -1, -1, 0, -1, 1};
    constexpr int kDr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    for (int sq = 0; sq < 64; ++sq) {
      for (int d = 0; d < 8; ++d) {
        Bitboard ray = 0;
        int f = sq % 8 + kDf[d], r = sq / 8 + kDr[d];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
          ray |= Bitboard{1} << (r * 8 + f);
          f += kDf[d];
          r += kDr[d];
        }
        rays[sq][d] = ray;
      }
    }
  }
};

inline constexpr RayTable kRayTable{};

// Flips along a ray towards higher bits.
inline Bitboard flips_up(Bitboard ray, Bitboard P, Bitboard O) {
  const Bitboard blockers = ray & ~O;
  const Bitboard first = blockers & (0 - blockers);
  const Bitboard run = (first - 1) & ray;
  return (first & P) ? run : 0;
}

// Flips along a ray towards lower bits. `blockers | 1` keeps the scan
// defined when the whole ray is O; bit 0 then is either outside the ray or
// an O disc, so the P test below rejects it.
inline Bitboard flips_down(Bitboard ray, Bitboard P, Bitboard O) {
  const Bitboard blockers = ray & ~O;
  const Bitboard first = Bitboard{0x8000000000000000ull} >> std::countl_zero(blockers | 1);
  const Bitboard run = ray & (0 - (first << 1));
  return (first & P & ray) ? run : 0;
}

}  // namespace detail

// The O discs that flip when the mover places on the empty square `sq`.
inline Bitboard flips(int sq, Bitboard P, Bitboard O) {
  const auto& r = detail::kRayTable.rays[sq];
  using detail::flips_down;
  using detail::flips_up;
  return flips_up(r[0], P, O) | flips_up(r[1], P, O) | flips_up(r[2], P, O) | flips_up(r[3], P, O) |
         flips_down(r[4], P, O) | flips_down(r[5], P, O) | flips_down(r[6], P, O) |
         flips_down(r[7], P, O);
}

// Squares adjacent (8 directions) to any disc of `b`.
inline constexpr Bitboard neighbours(Bitboard b) {
  const Bitboard h = shift_e(b) | shift_w(b) | b;
  return (h | shift_n(h) | shift_s(h)) & ~b;
}

// kNeighbours[sq]: the squares adjacent to sq.
inline constexpr auto kNeighbours = [] {
  std::array<Bitboard, 64> n{};
  for (int sq = 0; sq < 64; ++sq) n[sq] = neighbours(square_bit(sq));
  return n;
}();

// The disc on `sq` can only flip something next to it: a square with no
// opponent neighbour is no move, found without scanning eight rays. The
// last empties test most squares this way.
inline Bitboard flips_if_adjacent(int sq, Bitboard P, Bitboard O) {
  return (kNeighbours[sq] & O) ? flips(sq, P, O) : 0;
}

}  // namespace meeple::reversi::fast
