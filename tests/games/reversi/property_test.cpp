// Properties over thousands of random games: the fast rules never reach an
// inconsistent state and agree with the slow reference referee (reference.h)
// on every position visited.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "games/reversi/playout.h"
#include "games/reversi/reversi.h"
#include "tests/games/reversi/reference.h"

namespace meeple::reversi::testing {
namespace {

constexpr int kGames = 2000;

// Checks one position against the reference referee.
void expect_matches_reference(const ReversiState& s) {
  const Bitboard P = s.mover(), O = s.opponent();
  const Bitboard mine = slow_legal(P, O), theirs = slow_legal(O, P);
  // The game ends only when neither side can move.
  EXPECT_EQ(s.is_terminal(), mine == 0 && theirs == 0);
  EXPECT_EQ(s.moves(), mine);
  EXPECT_EQ(legal_moves(P, O), mine);
  EXPECT_EQ(legal_moves_scalar(P, O), mine);  // the portable path, too
  std::vector<Action> expected;
  for (int sq = 0; sq < 64; ++sq)
    if (mine >> sq & 1) expected.push_back(sq);
  // A pass is legal exactly when forced: no move of one's own, one for the opponent.
  if (mine == 0 && theirs != 0) expected.push_back(kPassAction);
  EXPECT_EQ(s.legal_actions(), expected);
  for (int sq = 0; sq < 64; ++sq) {
    if ((P | O) >> sq & 1) continue;
    const Bitboard want = slow_flips(sq, P, O);
    ASSERT_EQ(flips(sq, P, O), want) << "square " << square_name(sq);
    ASSERT_EQ(flips_scalar(sq, P, O), want) << "square " << square_name(sq);
  }
}

TEST(ReversiProperties, RandomGamesStayConsistentAndMatchSlowReference) {
  Rng rng(20261121);
  int passes = 0, early_ends = 0;
  for (int g = 0; g < kGames; ++g) {
    ReversiState s;
    int placements = 0;
    while (!s.is_terminal()) {
      expect_matches_reference(s);
      ASSERT_EQ(s.black() & s.white(), 0u);
      ASSERT_EQ(popcount(s.black() | s.white()), 4 + placements);
      ASSERT_EQ(s.empties(), 60 - placements);
      ASSERT_EQ(s.current_player(), s.side_to_move());
      const auto legal = s.legal_actions();
      ASSERT_FALSE(legal.empty());
      const Action a = legal[rng.below(legal.size())];
      const Bitboard P = s.mover(), O = s.opponent();
      const int mover = s.side_to_move();
      s.apply(a);
      if (a == kPassAction) {
        ++passes;
        ASSERT_EQ(slow_legal(P, O), 0u);  // only when forced
        ASSERT_EQ(s.mover(), O);
        ASSERT_EQ(s.opponent(), P);
      } else {
        ++placements;
        const Bitboard expected = slow_flips(a, P, O);
        ASSERT_NE(expected, 0u);
        ASSERT_EQ(s.last_flips(), expected);
        // Only the placed disc and the flipped discs change.
        ASSERT_EQ(s.opponent(), P | expected | square_bit(a));
        ASSERT_EQ(s.mover(), O & ~expected);
      }
      ASSERT_EQ(s.side_to_move(), mover ^ 1);
      ASSERT_EQ(s.last_action(), a);
    }
    expect_matches_reference(s);
    ASSERT_EQ(popcount(s.black() | s.white()), 4 + placements);
    if (s.empties() > 0) ++early_ends;
    const int m = s.margin();
    const auto r = s.returns();
    EXPECT_EQ(r[0], m > 0 ? 1.0 : m < 0 ? -1.0 : 0.0);
    EXPECT_EQ(r[1], -r[0]);
  }
  // The sample must exercise passes and early ends, or the checks above
  // prove little about them.
  EXPECT_GT(passes, 100);
  EXPECT_GT(early_ends, 10);
}

// random_playout() makes the same choices as a game played through the
// state with the same RNG (k-th legal square, passes draw nothing), so its
// fast loop is checked against the contract path.
TEST(ReversiProperties, RandomPlayoutAgreesWithStateDrivenGame) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Rng a(seed), b(seed);
    ReversiState s;
    while (!s.is_terminal()) {
      if (s.moves() == 0) {
        s.apply(kPassAction);
        continue;
      }
      const auto legal = s.legal_actions();
      s.apply(legal[b.below(legal.size())]);
    }
    EXPECT_EQ(random_playout(kStartBlack, kStartWhite, a), s.margin()) << "seed " << seed;
    EXPECT_EQ(a.state(), b.state());
  }
}

TEST(ReversiProperties, RandomPlayoutMarginIsFromTheMoversView) {
  // White to move in a position where White already has more discs and
  // nobody can move: the margin is White's count minus Black's.
  Rng rng(1);
  EXPECT_EQ(random_playout(square_bit(63) | square_bit(62), square_bit(0), rng), 1);
  EXPECT_EQ(random_playout(square_bit(0), square_bit(63) | square_bit(62), rng), -1);
}

TEST(ReversiProperties, NthSquarePicksTheKthLowestBit) {
  const Bitboard b = 0x8000100000000201ull;  // a1 b2 e6 h8
  EXPECT_EQ(nth_square(b, 0), 0);
  EXPECT_EQ(nth_square(b, 1), 9);
  EXPECT_EQ(nth_square(b, 2), 44);
  EXPECT_EQ(nth_square(b, 3), 63);
}

}  // namespace
}  // namespace meeple::reversi::testing
