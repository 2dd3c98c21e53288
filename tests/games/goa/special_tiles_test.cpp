// Resupply, Extra harvest and Espionage (goa.md §2.4, rulings 28, 29).
#include "games/goa/special_tiles.h"

#include <gtest/gtest.h>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;
using testing::tile;

TEST(GoaSpecialTiles, ResupplyOneKindAfterTheReveal) {
  const Components& c = components();
  ExpeditionDeck deck(30);
  Player p;
  const int cards = c.tiles[tile("B16")].amount;
  ASSERT_EQ(cards, 2);
  const int n =
      reveal_resupply(c, cards, deck, [](int k) { return k - 1; });  // cards #30, #29: 3 + 3
  EXPECT_EQ(n, 6);
  EXPECT_EQ(deck.revealed().size(), 2u);
  Player ships = p;
  ASSERT_TRUE(take_resupply(ships, n, ResupplyKind::kShips, {}, deck).is_ok());
  EXPECT_EQ(ships.ships, 6);
  EXPECT_TRUE(deck.revealed().empty());
  EXPECT_EQ(deck.discard().size(), 2u);
  // Spices: only as many as fit (a Clove x2 plantation with 1 empty space).
  ExpeditionDeck d2(30);
  ASSERT_TRUE(place_plantation(c, p.board, tile("A02"), -1).is_ok());
  ASSERT_TRUE(remove_spice(p.board, 0, kClove).is_ok());
  const int m = reveal_resupply(c, cards, d2, [](int) { return 0; });  // #1, #2: 1 + 1
  EXPECT_EQ(m, 2);
  EXPECT_FALSE(take_resupply(p, m, ResupplyKind::kSpices, {}, d2).is_ok());
  EXPECT_FALSE(take_resupply(p, m, ResupplyKind::kColonists, {{0, kClove}}, d2).is_ok());
  ASSERT_TRUE(take_resupply(p, m, ResupplyKind::kSpices, {{0, kClove}}, d2).is_ok());
  EXPECT_EQ(p.board.spices()[kClove], 2);
}

TEST(GoaSpecialTiles, ExtraHarvestFillsUpToThreeCompletely) {
  const Components& c = components();
  Player p;
  for (const char* id : {"A02", "A05", "A08", "A11"})
    ASSERT_TRUE(place_plantation(c, p.board, tile(id), -1).is_ok());
  const int spice[4] = {kClove, kCinnamon, kGinger, kNutmeg};
  for (int h = 0; h < 4; ++h)
    for (int i = 0; i < 2; ++i) ASSERT_TRUE(remove_spice(p.board, h, spice[h]).is_ok());
  EXPECT_FALSE(extra_harvest(p, 3, {{0, kClove}}).is_ok());  // not filled completely
  EXPECT_EQ(p.board.spices()[kClove], 0);                    // and nothing changed
  EXPECT_FALSE(extra_harvest(p, 3,
                             {{0, kClove},
                              {0, kClove},
                              {1, kCinnamon},
                              {1, kCinnamon},
                              {2, kGinger},
                              {2, kGinger},
                              {3, kNutmeg},
                              {3, kNutmeg}})
                   .is_ok());  // four holdings
  ASSERT_TRUE(
      extra_harvest(
          p, 3,
          {{0, kClove}, {0, kClove}, {1, kCinnamon}, {1, kCinnamon}, {3, kNutmeg}, {3, kNutmeg}})
          .is_ok());
  EXPECT_EQ(p.board.spices(), (std::array<int, kNumSpices>{0, 0, 2, 2, 2}));
}

TEST(GoaSpecialTiles, EspionageBorrowsOneLevel) {
  const Components& c = components();
  EXPECT_TRUE(check_espionage_track(kShipsTrack).is_ok());
  EXPECT_TRUE(check_espionage_track(kColonistsTrack).is_ok());
  EXPECT_FALSE(check_espionage_track(kExpeditionTrack).is_ok());  // never for expedition cards
  Development own, spy;
  spy.level = {5, 4, 3, 2, 5};
  const Development d = borrowed_development(own, spy, kTaxesTrack);
  EXPECT_EQ(track_value(c.board, d, kTaxesTrack), c.board.tracks[kTaxesTrack].value[2]);
  EXPECT_EQ(d.level[kShipsTrack], 1);  // only the copied column
  Player p;
  p.development = borrowed_development(own, spy, kShipsTrack);
  take_ships(c, p);
  EXPECT_EQ(p.ships, 6);  // the opponent's level 5
}

}  // namespace
}  // namespace meeple::goa
