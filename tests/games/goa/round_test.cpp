// Phase 3 order, phase 4 and the hand limit (goa.md §12 T13), the
// Expedition action's limit (§8.6), and the era change (T15).
#include "games/goa/round.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;

TEST(GoaRound, PhaseThreeOrder) {
  EXPECT_EQ(action_turn_order(3, 4, 3),
            (std::vector<int>{3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2}));  // T9: P3 acts first
}

TEST(GoaRound, T13PhaseFourAndHandLimit) {
  AdditionalActions p4(0, {3, 1, 0});
  EXPECT_EQ(p4.to_move(), 0);
  ASSERT_TRUE(p4.play().is_ok());  // P0 -> 2, takes TAXES
  EXPECT_EQ(p4.to_move(), 1);
  ASSERT_TRUE(p4.pass().is_ok());  // P1 passes; P2 holds no card
  EXPECT_EQ(p4.to_move(), 0);
  ASSERT_TRUE(p4.play().is_ok());  // P0 -> 1, takes SHIPS
  EXPECT_EQ(p4.to_move(), 0);
  ASSERT_TRUE(p4.pass().is_ok());
  EXPECT_EQ(p4.to_move(), -1);
  EXPECT_EQ(p4.pass().code(), StatusCode::kFailedPrecondition);
  p4.apply_hand_limit(components().setup.extra_action_hand_limit);
  EXPECT_EQ(p4.cards(), (std::vector<int>{1, 1, 0}));
  // Variant: P0 passes at once with 3 cards and ends with 1.
  AdditionalActions v(0, {3, 1, 0});
  ASSERT_TRUE(v.pass().is_ok());
  ASSERT_TRUE(v.pass().is_ok());
  EXPECT_EQ(v.to_move(), -1);
  v.apply_hand_limit(1);
  EXPECT_EQ(v.cards(), (std::vector<int>{1, 1, 0}));
}

TEST(GoaRound, EveryoneWithoutCardsSkipsPhaseFour) {
  AdditionalActions p4(2, {0, 0, 0, 0});
  EXPECT_EQ(p4.to_move(), -1);
  AdditionalActions q(2, {1, 0, 0, 1});
  EXPECT_EQ(q.to_move(), 3);
  ASSERT_TRUE(q.play().is_ok());
  EXPECT_EQ(q.to_move(), 0);
  ASSERT_TRUE(q.play().is_ok());
  EXPECT_EQ(q.to_move(), -1);
}

TEST(GoaRound, ExpeditionLimit) {
  // Level 4 of the sourced example: take 2, limit 4.
  EXPECT_EQ(expedition_max_draws(2, 4, 0), 2);
  EXPECT_EQ(expedition_max_draws(2, 4, 3), 1);
  EXPECT_EQ(expedition_max_draws(2, 4, 4), 0);
  EXPECT_EQ(expedition_discards_needed(4, 6), 2);  // over the limit: shed first
  EXPECT_EQ(expedition_discards_needed(4, 3), 0);
  // Level 1: 1 / 1.
  EXPECT_EQ(expedition_max_draws(1, 1, 0), 1);
  EXPECT_EQ(expedition_max_draws(1, 1, 1), 0);
}

// T15: after round 4 with 4 players, 9 A tiles remain and leave the game;
// the B stack is prepared like the A stack; the bonanza tiles not kept are
// reshuffled and 4 dealt.
TEST(GoaRound, T15EraChange) {
  const Components& c = components();
  std::mt19937 rng(15);
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  const EraStack a = prepare_era(c, 0, pick);
  const int sold = 4 * 4;
  EXPECT_EQ(static_cast<int>(a.grid.size()) - sold, 9);
  const EraStack b = prepare_era(c, 1, pick);
  ASSERT_EQ(b.grid.size(), 25u);
  EXPECT_TRUE(valid_removal(c, 1, b.removed));
  std::vector<int> favor_pool = a.removed;
  favor_pool.insert(favor_pool.end(), b.removed.begin(), b.removed.end());
  EXPECT_EQ(favor_pool.size(), 8u);
  for (int t : b.grid) EXPECT_EQ(c.tiles[t].era, 1);
  for (unsigned kept : {0u, 1u << 6}) {  // nobody keeps one; BZ7 kept
    const auto corners = deal_bonanza(c, kept, pick);
    std::vector<int> sorted(corners.begin(), corners.end());
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end());
    for (int z : corners) {
      EXPECT_GE(z, 0);
      EXPECT_LT(z, 8);
      EXPECT_FALSE((kept >> z) & 1);
    }
  }
  // Dealing with BZ7 kept picks among 7.
  int asked = 0;
  deal_bonanza(c, 1u << 6, [&](int n) {
    if (asked++ == 0) {
      EXPECT_EQ(n, 7);
    }
    return 0;
  });
}

}  // namespace
}  // namespace meeple::goa
