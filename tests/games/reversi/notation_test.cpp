// Square names, board strings and the OBF files of shared/data/reversi.
#include "games/reversi/notation.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "games/reversi/reversi.h"

namespace meeple::reversi::testing {
namespace {

TEST(ReversiNotation, SquareNamesFollowA1TopLeft) {
  EXPECT_EQ(square_name(0), "a1");
  EXPECT_EQ(square_name(7), "h1");
  EXPECT_EQ(square_name(56), "a8");
  EXPECT_EQ(square_name(63), "h8");
  EXPECT_EQ(square_name(kPassAction), "pass");
  for (int sq = 0; sq < 64; ++sq) EXPECT_EQ(parse_square(square_name(sq)), sq);
  EXPECT_EQ(parse_square("D3"), 19);
  EXPECT_EQ(parse_square("i1"), -1);
  EXPECT_EQ(parse_square("a0"), -1);
  EXPECT_EQ(parse_square("a9"), -1);
  EXPECT_EQ(parse_square("a"), -1);
  EXPECT_EQ(parse_square("a10"), -1);
}

TEST(ReversiNotation, BoardStringsRoundTrip) {
  const std::string s = board_string(kStartBlack, kStartWhite);
  EXPECT_EQ(s, "---------------------------OX------XO---------------------------");
  auto b = parse_board(s);
  ASSERT_TRUE(b.is_ok());
  EXPECT_EQ(b->first, kStartBlack);
  EXPECT_EQ(b->second, kStartWhite);
  std::string lower = s;
  lower[27] = 'o';  // lower case is not a disc
  EXPECT_FALSE(parse_board(lower).is_ok());
  auto side = parse_side("W");
  ASSERT_TRUE(side.is_ok());
  EXPECT_EQ(*side, kWhite);
  EXPECT_FALSE(parse_side("green").is_ok());
}

TEST(ReversiNotation, ObfLinesParseWithScores) {
  const std::string line =
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;";
  auto p = parse_obf(line);
  ASSERT_TRUE(p.is_ok()) << p.status().to_string();
  EXPECT_EQ(p->side_to_move, kBlack);
  auto scores = obf_scores(line);
  ASSERT_TRUE(scores.is_ok());
  ASSERT_EQ(scores->size(), 3u);
  EXPECT_EQ((*scores)[0], (std::pair<int, int>{62, 18}));
  EXPECT_EQ((*scores)[2], (std::pair<int, int>{24, -22}));
  EXPECT_FALSE(parse_obf(line.substr(0, 64)).is_ok());
  EXPECT_FALSE(parse_obf(line.substr(0, 65) + "Z;").is_ok());
}

// Every FFO position parses, and every annotated best move is legal there
// (a check of both the files and our move generator).
TEST(ReversiNotation, FfoSuitePositionsLoadAndTheirMovesAreLegal) {
  int positions = 0;
  for (const char* name : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf"}) {
    std::ifstream f(std::string(MEEPLE_SHARED_DIR) + "/data/reversi/" + name);
    ASSERT_TRUE(f) << name;
    std::string line;
    while (std::getline(f, line)) {
      if (line.empty() || line[0] == '%' || line[0] == '#') continue;
      auto p = parse_obf(line);
      ASSERT_TRUE(p.is_ok()) << name << ": " << p.status().to_string();
      ReversiState s(*p);
      auto scores = obf_scores(line);
      ASSERT_TRUE(scores.is_ok()) << scores.status().to_string();
      ASSERT_FALSE(scores->empty()) << line;
      for (auto [sq, score] : *scores)
        EXPECT_TRUE(s.is_legal(sq)) << line << ": " << square_name(sq);
      ++positions;
    }
  }
  EXPECT_EQ(positions, 59);  // #1..#59
}

}  // namespace
}  // namespace meeple::reversi::testing
