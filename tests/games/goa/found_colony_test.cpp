// FOUND A COLONY end to end on a player and the deck: goa.md §12 T10, T11,
// T16 with the revealed cards typed in, the COLONY_EXTRA third card, and the
// revealed cards' way to the discard pile.
#include "games/goa/found_colony.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;

// A pick that reveals the first card in the deck with `colonists`.
Pick card_with(const ExpeditionDeck& deck, int colonists) {
  return [&deck, colonists](int) {
    const auto& d = deck.deck();
    for (size_t i = 0; i < d.size(); ++i)
      if (components().cards[d[i]].colonists == colonists) return static_cast<int>(i);
    ADD_FAILURE() << "no card with " << colonists;
    return 0;
  };
}

TEST(GoaFoundColony, T10CochinWithColonistCards) {
  const Components& c = components();
  Player p;
  p.development.level[kColonistsTrack] = 3;  // value 4
  p.colonists = 2;
  ExpeditionDeck deck(30);
  ColonySupply supply = full_colony_supply(c);
  int k = 0;  // the first card shows 1 colonist, the second 2
  auto f = ColonyFoundation::begin(c, p, 1, supply, deck,
                                   [&](int n) { return card_with(deck, k++ == 0 ? 1 : 2)(n); });
  ASSERT_TRUE(f.is_ok());
  EXPECT_EQ(f->tally().total(), 7);
  EXPECT_EQ(deck.revealed().size(), 2u);
  auto o = f->finish(c, p, true, 0, {kNutmeg}, supply, deck);
  ASSERT_TRUE(o.is_ok());
  EXPECT_TRUE(o->success);
  EXPECT_EQ(p.colonists, 1);
  ASSERT_EQ(p.board.colonies.size(), 1u);
  EXPECT_EQ(p.board.spices()[kNutmeg], 1);
  EXPECT_EQ(supply[1], 3);
  EXPECT_EQ(deck.discard().size(), 2u);
  EXPECT_TRUE(deck.revealed().empty());
  EXPECT_TRUE(p.hand.empty());
  EXPECT_EQ(f->finish(c, p, true, 0, {kNutmeg}, supply, deck).status().code(),
            StatusCode::kFailedPrecondition);  // settled once only
  // One colony per name.
  EXPECT_EQ(ColonyFoundation::begin(c, p, 1, supply, deck, card_with(deck, 1)).status().code(),
            StatusCode::kIllegalAction);
}

TEST(GoaFoundColony, T11CalicutFails) {
  const Components& c = components();
  Player p;
  p.development.level[kColonistsTrack] = 2;  // value 2
  p.colonists = 3;
  ExpeditionDeck deck(30);
  ColonySupply supply = full_colony_supply(c);
  auto f = ColonyFoundation::begin(c, p, 3, supply, deck, card_with(deck, 1));
  ASSERT_TRUE(f.is_ok());
  EXPECT_EQ(f->tally().shortfall(), 8);
  EXPECT_FALSE(f->finish(c, p, true, 0, {kClove, kClove}, supply, deck).is_ok());
  EXPECT_EQ(p.colonists, 3);  // a refused payment changes nothing
  auto o = f->finish(c, p, false, -1, {}, supply, deck);
  ASSERT_TRUE(o.is_ok());
  EXPECT_FALSE(o->success);
  EXPECT_EQ(p.colonists, 4);
  EXPECT_TRUE(p.board.colonies.empty());
  EXPECT_EQ(supply[3], 4);
  EXPECT_EQ(deck.discard().size(), 2u);
}

TEST(GoaFoundColony, T16ColonistsCardInTheWindow) {
  const Components& c = components();
  Player p;
  p.development.level[kColonistsTrack] = 2;
  const int colonists_card = 1;  // #2 of the file: COLONISTS
  ASSERT_EQ(c.cards[colonists_card].effect, Effect::kColonists);
  p.hand = {colonists_card};
  ExpeditionDeck deck(30);
  deck.draw([](int) { return 1; });  // the card is in P0's hand, not the deck
  ColonySupply supply = full_colony_supply(c);
  auto f = ColonyFoundation::begin(c, p, 0, supply, deck, card_with(deck, 1));
  ASSERT_TRUE(f.is_ok());
  EXPECT_EQ(f->tally().shortfall(), 2);
  // The window: the COLONISTS card (+2), discarded.
  p.colonists += c.effects[static_cast<int>(Effect::kColonists)].amount;
  p.hand.clear();
  deck.to_discard(colonists_card);
  EXPECT_FALSE(f->finish(c, p, true, 0, {kPepper}, supply, deck).is_ok());  // Quilon GI/CI
  auto o = f->finish(c, p, true, 0, {kGinger}, supply, deck);
  ASSERT_TRUE(o.is_ok());
  EXPECT_TRUE(o->success);
  EXPECT_EQ(p.colonists, 0);
  EXPECT_EQ(deck.discard().size(), 3u);
  EXPECT_TRUE(p.hand.empty());
}

TEST(GoaFoundColony, ColonyExtraRevealsAThirdCard) {
  const Components& c = components();
  Player p;
  int extra = -1;
  for (int i = 0; i < 30 && extra < 0; ++i)
    if (c.cards[i].effect == Effect::kColonyExtra) extra = i;
  ASSERT_GE(extra, 0);
  ExpeditionDeck deck(30);
  const int drawn = deck.draw([&](int) { return extra; });
  ASSERT_EQ(drawn, extra);
  p.hand = {extra};
  ColonySupply supply = full_colony_supply(c);
  auto f = ColonyFoundation::begin(c, p, 0, supply, deck, card_with(deck, 3));
  ASSERT_TRUE(f.is_ok());
  EXPECT_EQ(f->tally().total(), 6);  // 0 + 3 + 3: Quilon succeeds
  EXPECT_FALSE(f->colony_extra(c, p, extra + 1, deck, card_with(deck, 3)).is_ok());
  ASSERT_TRUE(f->colony_extra(c, p, extra, deck, card_with(deck, 3)).is_ok());
  EXPECT_EQ(f->tally().revealed, 9);
  EXPECT_EQ(deck.revealed().size(), 3u);
  EXPECT_FALSE(f->colony_extra(c, p, extra, deck, card_with(deck, 3)).is_ok());
  auto o = f->finish(c, p, false, 1, {kNutmeg}, supply, deck);  // automatic success
  ASSERT_TRUE(o.is_ok());
  EXPECT_TRUE(o->success);
  EXPECT_EQ(deck.discard().size(), 4u);  // 3 revealed + the played card
  EXPECT_TRUE(deck.conserved(30, {p.hand}));
}

}  // namespace
}  // namespace meeple::goa
