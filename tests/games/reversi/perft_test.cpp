// Perft from the start (reversi.md "Reference figures for tests": a forced
// pass is one move, a finished game is a leaf) and the fast bitboard code
// against the slow reference on tricky edge positions.
#include "games/reversi/perft.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "games/reversi/reversi.h"
#include "tests/games/reversi/reference.h"

namespace meeple::reversi::testing {
namespace {

// Depths 1..9 of the table; 10 and 11 (24.6M and 212M leaves) are left to
// `meeple perft` and bench/ so the suite stays fast under sanitizers.
constexpr uint64_t kPerft[] = {0, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};

TEST(ReversiPerft, StartPositionDepths1To9MatchTheReferenceTable) {
  for (int depth = 1; depth <= 9; ++depth)
    EXPECT_EQ(perft(kStartBlack, kStartWhite, depth), kPerft[depth]) << "depth " << depth;
}

TEST(ReversiPerft, DivideSumsToPerftAndListsRootMovesAscending) {
  const auto entries = perft_divide(kStartBlack, kStartWhite, 6);
  ASSERT_EQ(entries.size(), 4u);
  uint64_t total = 0;
  int previous = -1;
  for (const auto& e : entries) {
    EXPECT_GT(e.action, previous);
    previous = e.action;
    total += e.leaves;
    // The start is symmetric: every first move leads to the same tree.
    EXPECT_EQ(e.leaves, kPerft[6] / 4);
  }
  EXPECT_EQ(total, kPerft[6]);
}

TEST(ReversiPerft, ForcedPassCountsAsOneMoveAndFinishedGameIsALeaf) {
  // White to move has no move, Black has: the pass is the one root move.
  auto board = parse_board("X-O------X------OXXOOOO--X-OOO--X-OOOOO---OOXO-----OXO-----OXOO-");
  ASSERT_TRUE(board.is_ok());
  const Bitboard P = board->second, O = board->first;
  EXPECT_EQ(perft(P, O, 1), 1u);
  EXPECT_EQ(perft(P, O, 2), static_cast<uint64_t>(popcount(legal_moves(O, P))));
  const auto d = perft_divide(P, O, 3);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].action, kPassAction);
  EXPECT_EQ(d[0].leaves, perft(P, O, 3));
  // A finished game is one leaf at any depth.
  const Bitboard a1 = square_bit(0), h8 = square_bit(63);
  for (int depth = 1; depth <= 5; ++depth) EXPECT_EQ(perft(a1, h8, depth), 1u);
  EXPECT_TRUE(perft_divide(a1, h8, 3).empty());
}

// Both the AVX2 (when compiled in) and the portable scalar paths.
TEST(ReversiBitboard, MovesAndFlipsMatchSlowReferenceOnEdgePatterns) {
  // Hand-made patterns where shifts could wrap around the board's edges:
  // full files and ranks, the rim, diagonals, a checkerboard.
  const Bitboard patterns[] = {0x0101010101010101ull, 0x8080808080808080ull, 0x00000000000000FFull,
                               0xFF00000000000000ull, 0xFF818181818181FFull, 0x8040201008040201ull,
                               0x0102040810204080ull, 0x55AA55AA55AA55AAull, 0x7E7E7E7E7E7E7E7Eull,
                               0x003C3C3C3C3C3C00ull, 0x00FF00FF00FF00FFull, 0xF0F0F0F00F0F0F0Full};
  for (Bitboard o : patterns) {
    for (Bitboard p : patterns) {
      const Bitboard P = p & ~o, O = o;
      for (const Bitboard holes : {0ull, 0x0000001818000000ull, 0x8100000000000081ull}) {
        const Bitboard Ph = P & ~holes, Oh = O & ~holes;
        EXPECT_EQ(legal_moves(Ph, Oh), slow_legal(Ph, Oh));
        EXPECT_EQ(legal_moves_scalar(Ph, Oh), slow_legal(Ph, Oh));
        for (int s = 0; s < 64; ++s) {
          if ((Ph | Oh) >> s & 1) continue;
          EXPECT_EQ(flips(s, Ph, Oh), slow_flips(s, Ph, Oh)) << s;
          EXPECT_EQ(flips_scalar(s, Ph, Oh), slow_flips(s, Ph, Oh)) << s;
        }
      }
    }
  }
}

TEST(ReversiBitboard, ConstexprEvaluationUsesTheScalarPath) {
  static_assert(legal_moves(kStartBlack, kStartWhite) == 0x0000102004080000ull);
  static_assert(flips(37, kStartBlack, kStartWhite) == square_bit(36));  // f5 flips e5
  SUCCEED();
}

}  // namespace
}  // namespace meeple::reversi::testing
