// reversi.md "Test scenarios" 1-7, one test per rule, plus the rules of
// "A move" that the scenarios only touch (no flips across own discs or
// empty squares, flips are not chained).
#include <gtest/gtest.h>

#include "games/reversi/reversi.h"
#include "tests/games/reversi/helpers.h"

namespace meeple::reversi::testing {
namespace {

// Scenario 1.
TEST(ReversiSetup, InitialPositionBlackMovesD3C4F5E6) {
  ReversiState s;
  EXPECT_EQ(s.current_player(), kBlack);
  EXPECT_EQ(s.black(), squares({"d5", "e4"}));
  EXPECT_EQ(s.white(), squares({"d4", "e5"}));
  EXPECT_EQ(s.moves(), squares({"d3", "c4", "f5", "e6"}));
  EXPECT_EQ(s.legal_actions(), (std::vector<Action>{sq("d3"), sq("c4"), sq("f5"), sq("e6")}));
}

// Scenario 2.
TEST(ReversiMove, BlackF5FlipsE5ThenWhiteHasD6F4F6) {
  ReversiState s;
  s.apply(sq("f5"));
  EXPECT_TRUE(s.black() & square_bit(sq("e5")));
  EXPECT_EQ(s.black(), squares({"d5", "e4", "e5", "f5"}));
  EXPECT_EQ(s.white(), squares({"d4"}));
  EXPECT_EQ(s.last_flips(), squares({"e5"}));
  EXPECT_EQ(s.current_player(), kWhite);
  EXPECT_EQ(s.moves(), squares({"d6", "f4", "f6"}));
}

// Scenario 3: one placement on d4 closes a row (c4, by b4), a column (d3,
// by d2) and a diagonal (e5, by f6); all three lines flip.
TEST(ReversiMove, PlacementFlipsEveryOutflankedLineAtOnce) {
  auto s = from_rows({"--------", "---X----", "---O----", "-XO-OO--", "----O---", "-----X--",
                      "--------", "--------"},
                     kBlack);
  ASSERT_TRUE(s.is_legal(sq("d4")));
  s.apply(sq("d4"));
  EXPECT_EQ(s.last_flips(), squares({"c4", "d3", "e5"}));
  EXPECT_EQ(s.black(), squares({"d2", "b4", "f6", "d4", "c4", "d3", "e5"}));
  // e4 f4 run into the empty g4: not outflanked, they stay white.
  EXPECT_EQ(s.white(), squares({"e4", "f4"}));
}

// Scenario 4: a line that ends in an empty square or at the edge does not flip.
TEST(ReversiMove, LineEndingInEmptySquareOrEdgeDoesNotFlip) {
  // a1: b1 c1 are white, then d1 is empty (a black disc beyond on e1 does
  // not help: no outflanking across an empty square). a3: b3..h3 all white
  // to the edge. Neither is a move, and nothing would flip.
  auto s = from_rows({"-OO-X---", "--------", "-OOOOOOO", "--------", "--------", "--------",
                      "--------", "--------"},
                     kBlack);
  EXPECT_EQ(flips(sq("a1"), s.mover(), s.opponent()), 0u);
  EXPECT_EQ(flips(sq("a3"), s.mover(), s.opponent()), 0u);
  EXPECT_FALSE(s.moves() & squares({"a1", "a3"}));
  // Nor is d1: westwards c1 b1 end at the empty a1, eastwards e1 is black
  // with no white disc in between.
  EXPECT_FALSE(s.is_legal(sq("d1")));
}

TEST(ReversiMove, NoOutflankingAcrossOwnDisc) {
  // Black on a1 closes b1 at c1; the white d1 beyond black's own c1 stays.
  auto s = from_rows({"-OXOX---", "--------", "--------", "--------", "--------", "--------",
                      "--------", "--------"},
                     kBlack);
  ASSERT_TRUE(s.is_legal(sq("a1")));
  s.apply(sq("a1"));
  EXPECT_EQ(s.last_flips(), squares({"b1"}));
  EXPECT_EQ(s.white(), squares({"d1"}));
}

TEST(ReversiMove, FlippedDiscsDoNotFlipInTurn) {
  // Black plays a1 and flips b1; b1 now black would outflank b2 with b3,
  // but flips are not chained: b2 stays white.
  auto s = from_rows({"-OX-----", "-O------", "-X------", "--------", "--------", "--------",
                      "--------", "--------"},
                     kBlack);
  s.apply(sq("a1"));
  EXPECT_EQ(s.last_flips(), squares({"b1"}));
  EXPECT_TRUE(s.white() & square_bit(sq("b2")));
}

// Scenario 5. White has no move, Black has two. After h8 White is still
// stuck, so after White's forced pass it is Black's turn again; after c8
// White can move.
constexpr const char* kWhiteStuck =
    "X-O------X------OXXOOOO--X-OOO--X-OOOOO---OOXO-----OXO-----OXOO-";

TEST(ReversiPass, PlayerWithoutMoveMustPassAndOnlyThen) {
  auto board = parse_board(kWhiteStuck);
  ASSERT_TRUE(board.is_ok());
  ReversiState s(board->first, board->second, kWhite);
  EXPECT_EQ(s.current_player(), kWhite);
  EXPECT_EQ(s.moves(), 0u);
  EXPECT_EQ(s.legal_actions(), std::vector<Action>{kPassAction});
  s.apply(kPassAction);
  EXPECT_EQ(s.current_player(), kBlack);
  EXPECT_EQ(s.last_action(), kPassAction);
  EXPECT_TRUE(s.is_legal(sq("h8")));
  EXPECT_TRUE(s.is_legal(sq("c8")));
  EXPECT_FALSE(s.is_legal(kPassAction));  // Black has a move: may not pass

  ReversiState still_stuck = s;
  still_stuck.apply(sq("h8"));
  EXPECT_EQ(still_stuck.current_player(), kWhite);
  EXPECT_EQ(still_stuck.legal_actions(), std::vector<Action>{kPassAction});
  still_stuck.apply(kPassAction);
  EXPECT_EQ(still_stuck.current_player(), kBlack);  // Black's turn again
  EXPECT_NE(still_stuck.moves(), 0u);

  ReversiState freed = s;
  freed.apply(sq("c8"));
  EXPECT_EQ(freed.current_player(), kWhite);
  EXPECT_NE(freed.moves(), 0u);
  EXPECT_FALSE(freed.is_legal(kPassAction));
}

// Scenario 6.
TEST(ReversiEnd, GameEndsWhenNeitherCanMoveBeforeBoardIsFull) {
  // Black a1 b1, White h8: nobody can outflank anything.
  auto s = from_rows({"XX------", "--------", "--------", "--------", "--------", "--------",
                      "--------", "-------O"},
                     kWhite);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.current_player(), kTerminal);
  EXPECT_TRUE(s.legal_actions().empty());
  EXPECT_EQ(s.empties(), 61);
  EXPECT_EQ(s.returns(), (std::vector<double>{1.0, -1.0}));  // the count decides: 2-1
  EXPECT_EQ(s.scores(), (json{{"black", 2}, {"white", 1}, {"margin", 1}}));
}

TEST(ReversiEnd, LastMoveThatLeavesNoMovesEndsTheGame) {
  // Black c1 flips b1 and wipes out White: neither side can move.
  auto s = from_rows({"XO------", "--------", "--------", "--------", "--------", "--------",
                      "--------", "--------"},
                     kBlack);
  EXPECT_EQ(s.legal_actions(), std::vector<Action>{sq("c1")});
  s.apply(sq("c1"));
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.returns(), (std::vector<double>{1.0, -1.0}));
}

TEST(ReversiEnd, MoreDiscsWinsForWhiteToo) {
  auto s = from_rows({"OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "XXXXXXXX",
                      "XXXXXXXX", "XXXXXXXX"},
                     kBlack);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.returns(), (std::vector<double>{-1.0, 1.0}));
  EXPECT_EQ(s.scores()["margin"], -16);
}

// Scenario 7.
TEST(ReversiEnd, EqualCountIsADrawOnAFullBoard) {
  auto s = from_rows({"XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "OOOOOOOO", "OOOOOOOO",
                      "OOOOOOOO", "OOOOOOOO"},
                     kBlack);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(s.view(kSpectator)["result"], "draw");
  EXPECT_TRUE(s.view(kSpectator)["winner"].is_null());
}

TEST(ReversiEnd, EqualCountWithEmptiesIsADrawEmptiesGoToNobody) {
  auto s = from_rows({"X-------", "--------", "--------", "--------", "--------", "--------",
                      "--------", "-------O"},
                     kBlack);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(s.scores(), (json{{"black", 1}, {"white", 1}, {"margin", 0}}));
}

TEST(ReversiEnd, ReturnsAreZeroBeforeTheEnd) {
  ReversiState s;
  EXPECT_EQ(s.returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_FALSE(s.view(kSpectator).contains("result"));
}

}  // namespace
}  // namespace meeple::reversi::testing
