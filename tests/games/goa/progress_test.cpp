// Development: goa.md §12 T12, the row bonus (ruling 9) and the
// first-to-reach bonus (§2.6).
#include "games/goa/progress.h"

#include <gtest/gtest.h>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;

TEST(GoaProgress, T12DevelopAndRowBonus) {
  const ProgressBoard& b = components().board;
  Development d;
  d.level = {2, 2, 2, 2, 1};
  d.rows_rewarded = 0;  // (2,2,2,2,1): row 2 not yet reached by all five
  FirstToReach first{};
  const DevelopCost cost = develop_cost(b, kColonistsTrack, 2, Waiver::kNone);
  EXPECT_EQ(cost.ships, 1);
  EXPECT_EQ(cost.spices, (std::array<int, kNumSpices>{0, 0, 0, 0, 1}));  // 1 clove
  std::array<int, kNumSpices> held{};
  held[kClove] = 1;
  EXPECT_TRUE(can_pay(cost, held, 1));
  EXPECT_FALSE(can_pay(cost, held, 0));
  EXPECT_FALSE(can_pay(cost, {}, 1));
  const ProgressGains g = advance(b, d, kColonistsTrack, first);
  EXPECT_EQ(d.level, (std::array<int, 5>{2, 2, 2, 2, 2}));
  EXPECT_EQ(track_value(b, d, kColonistsTrack), 2);
  EXPECT_EQ(g.extra_action_cards, 1);
  EXPECT_EQ(g.expedition_cards, 0);
  EXPECT_EQ(development_vp(b, d), 5);
  const ProgressGains later = advance(b, d, kShipsTrack, first);
  EXPECT_EQ(later.extra_action_cards, 0);  // not all five at >= 3
  EXPECT_EQ(track_value(b, d, kShipsTrack), 3);
}

TEST(GoaProgress, RowBonusOncePerRow) {
  const ProgressBoard& b = components().board;
  Development d;
  FirstToReach first{};
  int cards = 0;
  for (int level = 2; level <= 5; ++level)
    for (int t = 0; t < kNumTracks; ++t) cards += advance(b, d, t, first).extra_action_cards;
  EXPECT_EQ(cards, 4);
  EXPECT_EQ(development_vp(b, d), 50);
}

TEST(GoaProgress, FirstToReachRowsFourAndFive) {
  const ProgressBoard& b = components().board;
  Development p0, p1;
  FirstToReach first{};
  int p0_cards = 0, p1_cards = 0;
  for (int i = 0; i < 4; ++i) p0_cards += advance(b, p0, kTaxesTrack, first).expedition_cards;
  for (int i = 0; i < 4; ++i) p1_cards += advance(b, p1, kTaxesTrack, first).expedition_cards;
  EXPECT_EQ(p0_cards, 2);  // rows 4 and 5 of the Taxes column
  EXPECT_EQ(p1_cards, 0);  // not repeated for later players
  EXPECT_EQ(advance(b, p1, kShipsTrack, first).expedition_cards, 0);
}

TEST(GoaProgress, Waivers) {
  const ProgressBoard& b = components().board;
  const DevelopCost ships_only = develop_cost(b, kTaxesTrack, 5, Waiver::kSpices);
  EXPECT_EQ(ships_only.ships, 4);
  EXPECT_EQ(ships_only.spices, (std::array<int, kNumSpices>{}));
  const DevelopCost spices_only = develop_cost(b, kTaxesTrack, 5, Waiver::kShips);
  EXPECT_EQ(spices_only.ships, 0);
  int n = 0;
  for (int s : spices_only.spices) n += s;
  EXPECT_EQ(n, 4);
  const DevelopCost free = develop_cost(b, kTaxesTrack, 3, Waiver::kAll);
  EXPECT_TRUE(can_pay(free, {}, 0));
  EXPECT_EQ(expedition_limit(b, Development{}), 1);
}

}  // namespace
}  // namespace meeple::goa
