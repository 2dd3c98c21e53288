// Perft: the number of leaves of the Reversi move tree to a given depth,
// the standard check that move generation and flipping are exact.
//
// Convention (reversi.md "Reference figures for tests", the one Edax and
// Egaroucid use): a forced pass counts as one move (one ply), and a finished
// game (neither side can move) is a leaf wherever it happens. Bulk counting:
// at the last ply the leaves are counted with one popcount of the legal-move
// mask instead of being made.
#pragma once

#include <cstdint>
#include <vector>

#include "games/reversi/bitboard.h"

namespace meeple::reversi {

// Leaves at `depth` (>= 1) plies below the position where P is to move.
uint64_t perft(Bitboard P, Bitboard O, int depth);

// Per-move counts at the root (action id 0..63, or 64 for a forced pass),
// ascending; the counts sum to perft(P, O, depth). Empty when the game is
// over at the root.
struct DivideEntry {
  int action;
  uint64_t leaves;
};
std::vector<DivideEntry> perft_divide(Bitboard P, Bitboard O, int depth);

}  // namespace meeple::reversi
