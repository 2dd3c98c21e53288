// Final scoring and the tie-break: goa.md §12 T14, rulings 20, 23.
#include "games/goa/scoring.h"

#include <gtest/gtest.h>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;

Tally with_levels(std::array<int, 5> levels, int ducats) {
  Tally t;
  t.development.level = levels;
  t.ducats = ducats;
  return t;
}

TEST(GoaScoring, T14FinalScoringAndTieBreak) {
  Tally p0 = with_levels({5, 3, 2, 1, 4}, 12);
  p0.colonies = 3;
  p0.symbols_in_hand = {3, 2, 0, 0, 0, 0};
  p0.single_plantations = 2;
  p0.activated_duties = 1;
  Tally p1 = with_levels({5, 5, 5, 4, 3}, 10);  // 39
  p1.colonies = 3;                              // + 6 = 45
  Tally p2 = with_levels({5, 5, 5, 1, 1}, 7);   // 30
  const std::vector<Tally> players = {p0, p1, p2};
  const auto sheets = score(components(), players);
  EXPECT_EQ(sheets[0].development, 20);
  EXPECT_EQ(sheets[0].colonies, 6);
  EXPECT_EQ(sheets[0].expeditions, 9);
  EXPECT_EQ(sheets[0].plantations, 2);
  EXPECT_EQ(sheets[0].duty, 5);
  EXPECT_EQ(sheets[0].most_ducats, 3);
  EXPECT_EQ(sheets[0].total(), 45);
  EXPECT_EQ(sheets[1].most_ducats, 0);
  EXPECT_EQ(sheets[1].total(), 45);
  EXPECT_EQ(sheets[2].total(), 30);
  EXPECT_EQ(winners(sheets, players), std::vector<int>{0});
}

TEST(GoaScoring, TiesShareTheDucatBonusAndVictory) {
  Tally a = with_levels({2, 1, 1, 1, 1}, 8), b = with_levels({2, 1, 1, 1, 1}, 8);
  const std::vector<Tally> players = {a, b};
  const auto sheets = score(components(), players);
  EXPECT_EQ(sheets[0].most_ducats, 3);
  EXPECT_EQ(sheets[1].most_ducats, 3);
  EXPECT_EQ(winners(sheets, players), (std::vector<int>{0, 1}));
}

TEST(GoaScoring, ForemanPlantationsSymbolsAndPrintedVp) {
  Tally t = with_levels({1, 1, 1, 1, 1}, 0);
  t.single_plantations = 3;
  t.foreman = true;
  t.symbols_in_hand = {5, 1, 0, 0, 0, 0};
  t.colonies = 4;
  t.printed_vp = 2 + 3;  // two Missions
  Tally rich = with_levels({1, 1, 1, 1, 1}, 1);
  const auto sheets = score(components(), {t, rich});
  EXPECT_EQ(sheets[0].plantations, 9);
  EXPECT_EQ(sheets[0].expeditions, 16);
  EXPECT_EQ(sheets[0].colonies, 10);
  EXPECT_EQ(sheets[0].printed, 5);
  EXPECT_EQ(sheets[0].most_ducats, 0);
  EXPECT_EQ(sheets[0].total(), 40);
}

TEST(GoaScoring, ScoringIntoUsedStorageScoresAfresh) {
  Tally a = with_levels({3, 1, 1, 1, 1}, 9), b = with_levels({2, 2, 1, 1, 1}, 4);
  Tally c = with_levels({5, 5, 5, 5, 5}, 20);
  std::vector<ScoreSheet> out;
  score(components(), std::vector<Tally>{c, c, c}, out);  // three sheets to overwrite
  score(components(), std::vector<Tally>{a, b}, out);
  EXPECT_EQ(out, score(components(), {a, b}));
  EXPECT_EQ(out.size(), 2u);
}

}  // namespace
}  // namespace meeple::goa
