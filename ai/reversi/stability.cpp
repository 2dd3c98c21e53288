#include "ai/reversi/stability.h"

#include <array>

namespace meeple::reversi {

namespace {

constexpr Bitboard kFileA = 0x0101010101010101ull;
constexpr Bitboard kFileH = 0x8080808080808080ull;
constexpr Bitboard kRank1 = 0x00000000000000FFull;
constexpr Bitboard kRank8 = 0xFF00000000000000ull;
constexpr Bitboard kBorder = kFileA | kFileH | kRank1 | kRank8;

// The 15 diagonals of each direction, as masks.
struct Diagonals {
  std::array<Bitboard, 15> a1h8{};  // squares with equal file - rank
  std::array<Bitboard, 15> h1a8{};  // squares with equal file + rank
  constexpr Diagonals() {
    for (int sq = 0; sq < 64; ++sq) {
      const int f = sq % 8, r = sq / 8;
      a1h8[f - r + 7] |= Bitboard{1} << sq;
      h1a8[f + r] |= Bitboard{1} << sq;
    }
  }
};
constexpr Diagonals kDiagonals{};

}  // namespace

FullLines full_lines(Bitboard occ) {
  FullLines full;
  // Rows: AND each row's bits together by folding within the byte.
  Bitboard h = occ & (occ >> 1) & 0x7F7F7F7F7F7F7F7Full;
  h &= h >> 2;
  h &= h >> 4;
  h &= 0x0101010101010101ull;  // bit 0 of each row: that row is full
  full.row = h * 0xFF;
  // Columns: fold the 8 ranks onto rank 1.
  Bitboard v = occ & (occ >> 32);
  v &= v >> 16;
  v &= v >> 8;
  full.column = (v & 0xFF) * 0x0101010101010101ull;
  for (int i = 0; i < 15; ++i) {
    if ((occ & kDiagonals.a1h8[i]) == kDiagonals.a1h8[i]) full.diag_a1h8 |= kDiagonals.a1h8[i];
    if ((occ & kDiagonals.h1a8[i]) == kDiagonals.h1a8[i]) full.diag_h1a8 |= kDiagonals.h1a8[i];
  }
  return full;
}

Bitboard stable_discs(Bitboard own, const FullLines& full) {
  // Lines on which a disc is safe regardless of its neighbours.
  const Bitboard safe_row = full.row | kFileA | kFileH;
  const Bitboard safe_col = full.column | kRank1 | kRank8;
  const Bitboard safe_d1 = full.diag_a1h8 | kBorder;
  const Bitboard safe_d2 = full.diag_h1a8 | kBorder;
  Bitboard stable = 0;
  for (;;) {
    const Bitboard grown = own & (safe_row | shift_e(stable) | shift_w(stable)) &
                           (safe_col | shift_n(stable) | shift_s(stable)) &
                           (safe_d1 | shift_se(stable) | shift_nw(stable)) &
                           (safe_d2 | shift_sw(stable) | shift_ne(stable));
    if (grown == stable) return stable;
    stable = grown;
  }
}

Bitboard stable_discs(Bitboard own, Bitboard other) {
  return stable_discs(own, full_lines(own | other));
}

}  // namespace meeple::reversi
