// The expedition deck: draws as chance outcomes, the reshuffle of the
// discard pile, revealed cards kept out of a reshuffle during the reveal
// (§8.7 step 3), nothing left counts 0 (ruling 31); cards are conserved
// over random play.
#include "games/goa/expedition_deck.h"

#include <gtest/gtest.h>

#include <random>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;

TEST(GoaExpeditionDeck, DrawsChooseAmongTheCardsLeft) {
  ExpeditionDeck d(30);
  EXPECT_EQ(d.choices(), 30);
  EXPECT_EQ(d.draw([](int n) { return n - 1; }), 29);
  EXPECT_EQ(d.draw([](int) { return 0; }), 0);
  EXPECT_EQ(d.choices(), 28);
}

TEST(GoaExpeditionDeck, RestoreKeepsEachPlaceAndSortsTheDeck) {
  ExpeditionDeck d = ExpeditionDeck::restore({5, 2, 9}, {7, 1}, {3});
  EXPECT_EQ(d.deck(), (std::vector<int>{2, 5, 9}));
  EXPECT_EQ(d.discard(), (std::vector<int>{7, 1}));
  EXPECT_EQ(d.revealed(), (std::vector<int>{3}));
  EXPECT_EQ(d.draw([](int) { return 1; }), 5);
}

TEST(GoaExpeditionDeck, ReshuffleAndSetAside) {
  const Components& c = components();
  ExpeditionDeck d(30);
  std::vector<int> hand;
  for (int i = 0; i < 29; ++i) hand.push_back(d.draw([](int) { return 0; }));
  d.to_discard(hand[0]);  // card index 0 (#1: 1 colonist)
  d.to_discard(hand[1]);  // card index 1 (#2: 1 colonist)
  hand.erase(hand.begin(), hand.begin() + 2);
  // Foundation: the last deck card (index 29, #30: 3 colonists), then the
  // discard pile becomes the deck; the first revealed card is not in it.
  EXPECT_EQ(d.reveal(c, [](int) { return 0; }), 3);
  EXPECT_EQ(d.choices(), 2);
  EXPECT_EQ(d.reveal(c,
                     [](int n) {
                       EXPECT_EQ(n, 2);
                       return 1;
                     }),
            1);
  EXPECT_EQ(d.revealed(), (std::vector<int>{29, 1}));
  EXPECT_TRUE(d.discard().empty());
  EXPECT_EQ(d.reveal(c, [](int) { return 0; }), 1);  // card 0
  EXPECT_EQ(d.choices(), 0);
  EXPECT_EQ(d.reveal(c, [](int) { return 0; }), 0);  // nothing left: 0 colonists
  EXPECT_EQ(d.draw([](int) { return 0; }), -1);
  EXPECT_TRUE(d.conserved(30, {hand}));
  d.end_reveal();
  EXPECT_EQ(d.discard().size(), 3u);
  EXPECT_TRUE(d.revealed().empty());
  EXPECT_TRUE(d.conserved(30, {hand}));
}

TEST(GoaExpeditionDeck, CardsAreConservedOverRandomPlay) {
  const Components& c = components();
  std::mt19937 rng(7);
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  for (int game = 0; game < 50; ++game) {
    ExpeditionDeck d(30);
    std::vector<std::vector<int>> hands(4);
    for (int step = 0; step < 400; ++step) {
      const int p = step % 4;
      switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
        case 0:
          if (const int card = d.draw(pick); card >= 0) hands[p].push_back(card);
          break;
        case 1:
          if (!hands[p].empty()) {
            const int i = pick(static_cast<int>(hands[p].size()));
            d.to_discard(hands[p][i]);
            hands[p].erase(hands[p].begin() + i);
          }
          break;
        default:
          for (int k = 0; k < 3; ++k) {
            const int col = d.reveal(c, pick);
            ASSERT_GE(col, 0);
            ASSERT_LE(col, 3);
          }
          ASSERT_TRUE(d.conserved(30, hands));
          d.end_reveal();
      }
      ASSERT_TRUE(d.conserved(30, hands));
    }
  }
}

}  // namespace
}  // namespace meeple::goa
