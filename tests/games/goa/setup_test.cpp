// Era stacks and the start player: goa.md §12 T1, T2 and the removal
// property over many random draws (eras A and B).
#include "games/goa/setup.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;
using testing::tile;

int plantations(const std::vector<int>& tiles) {
  int n = 0;
  for (int t : tiles) n += components().tiles[t].is_plantation();
  return n;
}

TEST(GoaSetup, T1aValidRemoval) {
  const std::vector<int> removed = {tile("A01"), tile("A05"), tile("A16"), tile("A21")};
  EXPECT_TRUE(valid_removal(components(), 0, removed));
  EraStack s = prepare_era(components(), 0, removed, [](int) { return 0; });
  EXPECT_EQ(s.removed, removed);
  ASSERT_EQ(s.grid.size(), 25u);
  EXPECT_EQ(plantations(s.grid), 13);
}

TEST(GoaSetup, T1bThreePlantationsAreNeverAFinalRemoval) {
  const std::vector<int> revealed = {tile("A01"), tile("A05"), tile("A08"), tile("A16")};
  EXPECT_FALSE(valid_removal(components(), 0, revealed));
  for (int choice = 0; choice < 3; ++choice) {
    int calls = 0;
    EraStack s = prepare_era(components(), 0, revealed, [&](int n) {
      ++calls;
      if (calls == 1) {
        EXPECT_EQ(n, 3);  // which of the three plantations goes back
        return choice;
      }
      if (calls == 2) {
        EXPECT_EQ(n, 29 - 15 - 1);  // non-plantations left: all but A16
      }
      return 0;
    });
    EXPECT_TRUE(valid_removal(components(), 0, s.removed));
    EXPECT_EQ(plantations(s.removed), 2);
    EXPECT_NE(std::find(s.removed.begin(), s.removed.end(), tile("A16")), s.removed.end());
    EXPECT_NE(std::find(s.grid.begin(), s.grid.end(), revealed[choice]), s.grid.end());
    EXPECT_EQ(plantations(s.grid), 13);
    EXPECT_EQ(s.grid.size(), 25u);
  }
}

TEST(GoaSetup, RemovalPropertyOverRandomDraws) {
  std::mt19937 rng(12);
  for (int game = 0; game < 300; ++game) {
    for (int era = 0; era < 2; ++era) {
      EraStack s = prepare_era(components(), era, [&](int n) {
        return std::uniform_int_distribution<int>(0, n - 1)(rng);
      });
      ASSERT_TRUE(valid_removal(components(), era, s.removed));
      ASSERT_EQ(s.grid.size(), 25u);
      std::vector<int> all = s.removed;
      all.insert(all.end(), s.grid.begin(), s.grid.end());
      std::sort(all.begin(), all.end());
      ASSERT_EQ(all, components().era_tiles[era]);  // every tile exactly once
      const int p = plantations(s.grid);
      if (era == 0) {
        EXPECT_GE(p, 13);
        EXPECT_LE(p, 15);
      } else {
        EXPECT_GE(p, 8);
        EXPECT_LE(p, 10);
      }
    }
  }
}

// T2: 3 players, first revealer P0, the elephant is the fourth card.
TEST(GoaSetup, T2StartPlayer) {
  const Components& c = components();
  std::vector<int> deck;
  for (int i = 0; i < 30 && deck.size() < 3; ++i)
    if (c.cards[i].symbol != c.start_player_symbol) deck.push_back(i);
  for (int i = 0; i < 30; ++i)
    if (c.cards[i].symbol == c.start_player_symbol && deck.size() == 3) deck.push_back(i);
  for (int i = 0; i < 30; ++i)
    if (std::find(deck.begin(), deck.end(), i) == deck.end()) deck.push_back(i);
  ASSERT_EQ(deck.size(), 30u);
  const StartPlayer s = find_start_player(c, deck, 0, 3);
  EXPECT_EQ(s.seat, 0);
  EXPECT_EQ(s.revealed, 4);
  EXPECT_EQ(30 - s.revealed, 26);  // the deck left
  EXPECT_EQ(find_start_player(c, deck, 1, 3).seat, 1);
  EXPECT_EQ(find_start_player(c, deck, 2, 2).seat, 1);
  EXPECT_EQ(find_start_player(c, {deck[0], deck[1]}, 0, 3).seat, -1);
  // Starting resources (§4 steps 5, 7).
  EXPECT_EQ(c.setup.start_player_ducats, 5);
  EXPECT_EQ(c.setup.other_ducats, 10);
  EXPECT_EQ(c.setup.markers.at(3), 4);
}

}  // namespace
}  // namespace meeple::goa
