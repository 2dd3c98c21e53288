// A slow, obviously-correct Reversi referee for tests: an 8x8 array and a
// plain walk in each of the 8 directions, written straight from reversi.md
// "A move" with no bit tricks, so the fast bitboard code can be checked
// against it on every position a test visits (edax keeps flip_slow.c for
// the same reason).
#pragma once

#include <array>
#include <string>

#include "games/reversi/bitboard.h"

namespace meeple::reversi::testing {

// cell: 0 empty, 1 the mover's disc, 2 the opponent's.
struct SlowBoard {
  std::array<std::array<int, 8>, 8> cell{};  // [rank][file]

  static SlowBoard from(Bitboard P, Bitboard O) {
    SlowBoard b;
    for (int sq = 0; sq < 64; ++sq)
      b.cell[sq / 8][sq % 8] = (P >> sq & 1) ? 1 : (O >> sq & 1) ? 2 : 0;
    return b;
  }

  // The opponent discs that flip when the mover places at (rank, file):
  // in each direction, a run of one or more opponent discs closed by one of
  // the mover's discs, with no empty square in between.
  Bitboard flips(int rank, int file) const {
    if (cell[rank][file] != 0) return 0;
    Bitboard all = 0;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int df = -1; df <= 1; ++df) {
        if (dr == 0 && df == 0) continue;
        Bitboard line = 0;
        int r = rank + dr, f = file + df;
        while (r >= 0 && r < 8 && f >= 0 && f < 8 && cell[r][f] == 2) {
          line |= square_bit(r * 8 + f);
          r += dr;
          f += df;
        }
        const bool closed = r >= 0 && r < 8 && f >= 0 && f < 8 && cell[r][f] == 1;
        if (closed) all |= line;  // an empty line (no run) adds nothing
      }
    }
    return all;
  }

  Bitboard legal() const {
    Bitboard m = 0;
    for (int sq = 0; sq < 64; ++sq)
      if (flips(sq / 8, sq % 8)) m |= square_bit(sq);
    return m;
  }
};

inline Bitboard slow_flips(int sq, Bitboard P, Bitboard O) {
  return SlowBoard::from(P, O).flips(sq / 8, sq % 8);
}
inline Bitboard slow_legal(Bitboard P, Bitboard O) {
  return SlowBoard::from(P, O).legal();
}

}  // namespace meeple::reversi::testing
