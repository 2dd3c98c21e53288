// A player's own actions and payments: SHIPS, TAXES, HARVEST placement,
// DEVELOP with its spice and ship payment (T12 through the supply board),
// the Duty tile, SELL and the 8-ducat card (goa.md §8.2-§8.5, §8.10).
#include "games/goa/player.h"

#include <gtest/gtest.h>

#include "games/goa/expedition_deck.h"
#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;
using testing::tile;

TEST(GoaPlayer, ShipsAndTaxesFollowTheTracks) {
  const Components& c = components();
  Player p;
  take_ships(c, p);
  take_taxes(c, p);
  EXPECT_EQ(p.ships, 1);   // level 1
  EXPECT_EQ(p.ducats, 4);  // level 1 (the rulebook's round example)
  p.development.level[kShipsTrack] = 4;
  take_ships(c, p);
  EXPECT_EQ(p.ships, 1 + 5);
}

// T12 with the plantation: Clove x2 holding 1 clove, 1 ship.
TEST(GoaPlayer, T12DevelopPaysFromTheSupplyBoard) {
  const Components& c = components();
  Player p;
  p.development.level = {2, 2, 2, 2, 1};
  p.ships = 1;
  ASSERT_TRUE(place_plantation(c, p.board, tile("A02"), -1).is_ok());
  ASSERT_TRUE(remove_spice(p.board, 0, kClove).is_ok());
  FirstToReach first{};
  // Wrong spice, or none: refused, nothing changes.
  EXPECT_FALSE(develop(c, p, kColonistsTrack, Waiver::kNone, {}, first).is_ok());
  EXPECT_FALSE(develop(c, p, kColonistsTrack, Waiver::kNone, {{0, kGinger}}, first).is_ok());
  EXPECT_EQ(p.ships, 1);
  auto g = develop(c, p, kColonistsTrack, Waiver::kNone, {{0, kClove}}, first);
  ASSERT_TRUE(g.is_ok()) << g.status().to_string();
  EXPECT_EQ(p.ships, 0);
  EXPECT_EQ(p.board.spices()[kClove], 0);
  EXPECT_EQ(p.development.level, (std::array<int, 5>{2, 2, 2, 2, 2}));
  EXPECT_EQ(p.extra_action_cards, 1);
  EXPECT_EQ(development_vp(c.board, p.development), 5);
  // Ships 2 -> 3 costs GI + CI and 2 ships; none held.
  EXPECT_EQ(develop(c, p, kShipsTrack, Waiver::kSpices, {}, first).status().code(),
            StatusCode::kIllegalAction);
  p.ships = 2;
  auto free_spices = develop(c, p, kShipsTrack, Waiver::kSpices, {}, first);  // PROGRESS_SHIPS
  ASSERT_TRUE(free_spices.is_ok());
  EXPECT_EQ(free_spices->extra_action_cards, 0);
  EXPECT_EQ(p.ships, 0);
}

TEST(GoaPlayer, HarvestPlacesOnlyWhatFits) {
  const Components& c = components();
  Player p;
  EXPECT_EQ(placeable_spices(p, 4), 0);                                // nothing to put spices on
  ASSERT_TRUE(place_plantation(c, p.board, tile("A05"), -1).is_ok());  // Cinnamon x2
  ASSERT_TRUE(remove_spice(p.board, 0, kCinnamon).is_ok());
  ASSERT_TRUE(place_colony(c, p.board, 1, 0, {kPepper}).is_ok());  // Cochin
  ASSERT_TRUE(remove_spice(p.board, 1, kPepper).is_ok());
  EXPECT_EQ(placeable_spices(p, 4), 2);
  EXPECT_EQ(placeable_spices(p, 1), 1);
  EXPECT_FALSE(place_spices(p, 1, {{0, kCinnamon}, {1, kNutmeg}}).is_ok());  // too many
  EXPECT_FALSE(place_spices(p, 2, {{0, kClove}}).is_ok());  // not that plantation's spice
  ASSERT_TRUE(place_spices(p, 2, {{0, kCinnamon}, {1, kNutmeg}}).is_ok());
  EXPECT_EQ(p.board.spices()[kNutmeg], 1);
  EXPECT_EQ(placeable_spices(p, 3), 0);
}

TEST(GoaPlayer, DutySellAndTheExtraActionCard) {
  const Components& c = components();
  Player p;
  for (const char* id : {"A02", "A05", "A08"})  // 2 CL, 2 CI, 2 GI
    ASSERT_TRUE(place_plantation(c, p.board, tile(id), -1).is_ok());
  const std::vector<SpiceMove> six = {{0, kClove},    {0, kClove},  {1, kCinnamon},
                                      {1, kCinnamon}, {2, kGinger}, {2, kGinger}};
  EXPECT_FALSE(return_spices(p, 6, {six.begin(), six.begin() + 5}).is_ok());
  Player q = p;
  ASSERT_TRUE(return_spices(q, 6, six).is_ok());
  EXPECT_EQ(q.board.spices(), (std::array<int, kNumSpices>{}));
  EXPECT_FALSE(sell_spices(c, p, six).is_ok());  // at most 4
  EXPECT_FALSE(sell_spices(c, p, {{0, kPepper}}).is_ok());
  ASSERT_TRUE(sell_spices(c, p, {six.begin(), six.begin() + 4}).is_ok());
  EXPECT_EQ(p.ducats, 12);
  ASSERT_TRUE(buy_extra_action_card(c, p).is_ok());
  EXPECT_EQ(p.ducats, 4);
  EXPECT_EQ(p.extra_action_cards, 1);
  EXPECT_EQ(buy_extra_action_card(c, p).code(), StatusCode::kIllegalAction);
}

TEST(GoaPlayer, ViceKingAndBuyProgress) {
  const Components& c = components();
  Player p;
  p.development.level = {3, 2, 4, 2, 5};
  p.development.rows_rewarded = 1 << 2;  // all five reached row 2 earlier
  FirstToReach first{};
  EXPECT_EQ(vice_king(c, p, kShipsTrack, first).status().code(), StatusCode::kIllegalAction);
  auto tied = vice_king(c, p, kExpeditionTrack, first);  // tied with Harvest: his pick
  ASSERT_TRUE(tied.is_ok());
  EXPECT_EQ(tied->extra_action_cards, 0);
  EXPECT_EQ(p.development.level[kExpeditionTrack], 3);
  auto g = vice_king(c, p, kHarvestTrack, first);  // now all five >= 3
  ASSERT_TRUE(g.is_ok());
  EXPECT_EQ(g->extra_action_cards, 1);  // the row-3 bonus (ruling 26: Vice-king moves count)
  EXPECT_EQ(p.extra_action_cards, 1);
  Player top;
  top.development.level = {5, 5, 5, 5, 5};
  EXPECT_EQ(vice_king(c, top, kShipsTrack, first).status().code(), StatusCode::kIllegalAction);
  // BUY_PROGRESS: card #6 of the file (its price read from the file).
  int card = -1;
  for (int i = 0; i < 30 && card < 0; ++i)
    if (c.cards[i].effect == Effect::kBuyProgress) card = i;
  ASSERT_GE(card, 0);
  const int price = c.cards[card].price;
  Player b;
  b.hand = {card};
  b.ducats = price - 1;
  EXPECT_EQ(buy_progress(c, b, card, kTaxesTrack, first).status().code(),
            StatusCode::kIllegalAction);
  b.ducats = price;
  EXPECT_FALSE(buy_progress(c, b, card + 1, kTaxesTrack, first).is_ok());  // not in hand
  ASSERT_TRUE(buy_progress(c, b, card, kTaxesTrack, first).is_ok());
  EXPECT_EQ(b.ducats, 0);
  EXPECT_TRUE(b.hand.empty());
  EXPECT_EQ(b.development.level[kTaxesTrack], 2);
}

TEST(GoaPlayer, HarvestMixTotalsTheHarvestValue) {
  const Components& c = components();
  Player p;
  p.development.level[kHarvestTrack] = 5;  // value 8 (sourced)
  ASSERT_TRUE(place_plantation(c, p.board, tile("A05"), -1).is_ok());
  ASSERT_TRUE(remove_spice(p.board, 0, kCinnamon).is_ok());
  EXPECT_FALSE(harvest_mix(c, p, 3, 3, {{0, kCinnamon}}).is_ok());  // 7, not 8
  EXPECT_FALSE(harvest_mix(c, p, -1, 8, {{0, kCinnamon}}).is_ok());
  ASSERT_TRUE(harvest_mix(c, p, 4, 3, {{0, kCinnamon}}).is_ok());
  EXPECT_EQ(p.ships, 4);
  EXPECT_EQ(p.colonists, 3);
  EXPECT_EQ(p.board.spices()[kCinnamon], 2);
}

// The rulebook's example level 4: take 2, limit 4.
TEST(GoaPlayer, ExpeditionActionNeverExceedsTheLimit) {
  const Components& c = components();
  Player p;
  p.development.level[kExpeditionTrack] = 4;
  ExpeditionDeck deck(30);
  const Pick first = [](int) { return 0; };
  for (int i = 0; i < 5; ++i) p.hand.push_back(deck.draw(first));      // 5 > 4 (from tiles)
  EXPECT_FALSE(expedition_action(c, p, {}, 0, deck, first).is_ok());   // shed first
  EXPECT_FALSE(expedition_action(c, p, {0}, 1, deck, first).is_ok());  // 4 + 1 > 4
  EXPECT_EQ(p.hand.size(), 5u);                                        // nothing changed
  ASSERT_TRUE(expedition_action(c, p, {0, 1, 2}, 2, deck, first).is_ok());
  EXPECT_EQ(p.hand.size(), 4u);
  EXPECT_EQ(deck.discard().size(), 3u);
  EXPECT_FALSE(expedition_action(c, p, {}, 1, deck, first).is_ok());    // at the limit
  ASSERT_TRUE(expedition_action(c, p, {}, 0, deck, first).is_ok());     // fewer is allowed
  EXPECT_FALSE(expedition_action(c, p, {29}, 0, deck, first).is_ok());  // not in hand
  EXPECT_TRUE(deck.conserved(30, {p.hand}));
}

}  // namespace
}  // namespace meeple::goa
