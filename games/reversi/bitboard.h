// Reversi bitboards: the board as two 64-bit masks, relative to the mover.
//
// Square numbering (reversi.md "Board and pieces"): bit = rank * 8 + file,
// file a..h = 0..7 left to right, rank 1..8 = 0..7 top to bottom, so a1 (the
// top-left corner) is bit 0, h1 bit 7, a8 bit 56 and h8 bit 63.
//
// `P` is the mover's discs, `O` the opponent's. Moves are generated for all
// squares at once with shift-and-mask fills along the 8 directions; a move's
// flips are computed the same way from the single placed disc. Everything is
// branch-light, allocation-free and inline: perft, random playouts and the
// searcher all run through these few functions.
#pragma once

#include <bit>
#include <cstdint>

namespace meeple::reversi {

using Bitboard = uint64_t;

inline constexpr Bitboard kNotFileA = 0xFEFEFEFEFEFEFEFEull;  // all but file a
inline constexpr Bitboard kNotFileH = 0x7F7F7F7F7F7F7F7Full;  // all but file h

inline constexpr Bitboard square_bit(int sq) { return Bitboard{1} << sq; }

// One step in each direction, dropping discs that would wrap around an edge.
inline constexpr Bitboard shift_e(Bitboard b) { return (b << 1) & kNotFileA; }
inline constexpr Bitboard shift_w(Bitboard b) { return (b >> 1) & kNotFileH; }
inline constexpr Bitboard shift_s(Bitboard b) { return b << 8; }
inline constexpr Bitboard shift_n(Bitboard b) { return b >> 8; }
inline constexpr Bitboard shift_se(Bitboard b) { return (b << 9) & kNotFileA; }
inline constexpr Bitboard shift_sw(Bitboard b) { return (b << 7) & kNotFileH; }
inline constexpr Bitboard shift_ne(Bitboard b) { return (b >> 7) & kNotFileA; }
inline constexpr Bitboard shift_nw(Bitboard b) { return (b >> 9) & kNotFileH; }

namespace detail {

// Squares from which a run of `O` discs (within `mask`) in direction
// (shift by `d`, left when d > 0) ends on a `P` disc — i.e. the empties that
// outflank in that direction, before filtering by emptiness. Doubling the
// step halves the number of fill rounds (Kogge–Stone style).
template <int D>
inline constexpr Bitboard moves_dir(Bitboard P, Bitboard mask) {
  constexpr int d = D > 0 ? D : -D;
  auto sh = [](Bitboard b, int n) { return D > 0 ? b << n : b >> n; };
  Bitboard flip = mask & sh(P, d);
  flip |= mask & sh(flip, d);
  const Bitboard pair = mask & sh(mask, d);
  flip |= pair & sh(flip, 2 * d);
  flip |= pair & sh(flip, 2 * d);
  return sh(flip, d);
}

// Discs flipped in one direction by placing at `x`.
template <Bitboard (*Shift)(Bitboard)>
inline constexpr Bitboard flips_dir(Bitboard x, Bitboard P, Bitboard O) {
  Bitboard run = Shift(x) & O;
  run |= Shift(run) & O;
  run |= Shift(run) & O;
  run |= Shift(run) & O;
  run |= Shift(run) & O;
  run |= Shift(run) & O;
  // The square just past the run must hold the mover's disc.
  const Bitboard end = Shift(run | x) & ~run;
  return (end & P) ? run : 0;
}

}  // namespace detail

// Every empty square where the mover (P) outflanks at least one O disc.
inline constexpr Bitboard legal_moves(Bitboard P, Bitboard O) {
  const Bitboard inner = O & 0x7E7E7E7E7E7E7E7Eull;  // horizontal runs cannot wrap
  const Bitboard m = detail::moves_dir<1>(P, inner) | detail::moves_dir<-1>(P, inner) |
                     detail::moves_dir<8>(P, O) | detail::moves_dir<-8>(P, O) |
                     detail::moves_dir<7>(P, inner) | detail::moves_dir<-7>(P, inner) |
                     detail::moves_dir<9>(P, inner) | detail::moves_dir<-9>(P, inner);
  return m & ~(P | O);
}

// The O discs that flip when the mover places on `sq` (0 if not a move).
inline constexpr Bitboard flips(int sq, Bitboard P, Bitboard O) {
  const Bitboard x = square_bit(sq);
  using namespace detail;
  return flips_dir<shift_e>(x, P, O) | flips_dir<shift_w>(x, P, O) |
         flips_dir<shift_s>(x, P, O) | flips_dir<shift_n>(x, P, O) |
         flips_dir<shift_se>(x, P, O) | flips_dir<shift_sw>(x, P, O) |
         flips_dir<shift_ne>(x, P, O) | flips_dir<shift_nw>(x, P, O);
}

inline constexpr int popcount(Bitboard b) { return std::popcount(b); }
inline constexpr int lowest_square(Bitboard b) { return std::countr_zero(b); }

// Standard start: White d4 e5, Black d5 e4 (reversi.md "Setup").
inline constexpr int kD4 = 3 * 8 + 3, kE4 = 3 * 8 + 4, kD5 = 4 * 8 + 3, kE5 = 4 * 8 + 4;
inline constexpr Bitboard kStartBlack = square_bit(kD5) | square_bit(kE4);
inline constexpr Bitboard kStartWhite = square_bit(kD4) | square_bit(kE5);

}  // namespace meeple::reversi
