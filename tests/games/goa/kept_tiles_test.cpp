// Winning tiles and keeping them: instant tiles resolve, plantations are
// placed, red tiles work once per round, Duty flips and scores, and a
// player's tally feeds the final scoring (goa.md §2.2, §7.4, §8.9, §11).
#include "games/goa/kept_tiles.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;
using testing::tile;

const Pick kFirst = [](int) { return 0; };

TEST(GoaKeptTiles, WonTilesResolveByKind) {
  const Components& c = components();
  Player p;
  Holdings h;
  ExpeditionDeck deck(30);
  ASSERT_TRUE(take_won_tile(c, tile("A25"), p, h, deck, kFirst).is_ok());  // Settlement
  EXPECT_EQ(p.ships, 1);
  EXPECT_EQ(p.colonists, 1);
  EXPECT_EQ(p.extra_action_cards, 1);
  ASSERT_TRUE(take_won_tile(c, tile("A26"), p, h, deck, kFirst, -1, -1, true).is_ok());
  EXPECT_EQ(p.colonists, 4);
  ASSERT_TRUE(take_won_tile(c, tile("A22"), p, h, deck, kFirst).is_ok());  // 2 cards, no limit
  EXPECT_EQ(p.hand.size(), 2u);
  ASSERT_TRUE(take_won_tile(c, tile("A13"), p, h, deck, kFirst).is_ok());  // Pepper x1
  EXPECT_EQ(p.board.spices()[kPepper], 1);
  ASSERT_TRUE(take_won_tile(c, tile("A17"), p, h, deck, kFirst).is_ok());  // kept
  ASSERT_TRUE(take_won_tile(c, tile("A28"), p, h, deck, kFirst).is_ok());
  EXPECT_EQ(h.tiles.size(), 2u);
}

TEST(GoaKeptTiles, RedTilesOncePerRound) {
  const Components& c = components();
  Player p;
  Holdings h;
  ExpeditionDeck deck(30);
  ASSERT_TRUE(take_won_tile(c, tile("A17"), p, h, deck, kFirst).is_ok());  // Ducats (red)
  ASSERT_TRUE(take_won_tile(c, tile("A19"), p, h, deck, kFirst).is_ok());  // Spice (red)
  ASSERT_TRUE(use_recurring(c, 0, p, h, deck, kFirst, {}).is_ok());
  EXPECT_EQ(p.ducats, 3);
  EXPECT_EQ(use_recurring(c, 0, p, h, deck, kFirst, {}).code(), StatusCode::kIllegalAction);
  // The Spice tile with nowhere to put the spice gives nothing, and is used.
  ASSERT_TRUE(use_recurring(c, 1, p, h, deck, kFirst, {}).is_ok());
  refresh_recurring(c, h);
  ASSERT_TRUE(use_recurring(c, 0, p, h, deck, kFirst, {}).is_ok());
  EXPECT_EQ(p.ducats, 6);
  // With an empty matching space the spice must be placed.
  ASSERT_TRUE(take_won_tile(c, tile("A02"), p, h, deck, kFirst).is_ok());
  ASSERT_TRUE(remove_spice(p.board, 0, kClove).is_ok());
  EXPECT_FALSE(use_recurring(c, 1, p, h, deck, kFirst, {}).is_ok());
  ASSERT_TRUE(use_recurring(c, 1, p, h, deck, kFirst, {{0, kClove}}).is_ok());
  EXPECT_EQ(p.board.spices()[kClove], 2);
}

TEST(GoaKeptTiles, DutyAndTheTally) {
  const Components& c = components();
  Player p;
  Holdings h;
  ExpeditionDeck deck(30);
  for (const char* id : {"A01", "A04", "A05", "A08", "A07", "A20", "A28", "B28"}) {
    const int discard = std::string(id) == "A07" ? 0 : -1;  // the fifth plantation
    ASSERT_TRUE(take_won_tile(c, tile(id), p, h, deck, kFirst, discard).is_ok()) << id;
  }
  // Plantations: A01 went when A07 arrived (4 spaces), still a single.
  EXPECT_EQ(p.board.discarded_single_plantations, 1);
  const int duty = 0;  // the first kept tile
  ASSERT_EQ(c.tiles[h.tiles[duty].tile].kind, TileKind::kDuty);
  EXPECT_FALSE(activate_duty(c, duty, p, h, {{0, kCinnamon}}).is_ok());  // 6 needed
  ASSERT_TRUE(activate_duty(c, duty, p, h,
                            {{0, kCinnamon},
                             {1, kCinnamon},
                             {1, kCinnamon},
                             {2, kGinger},
                             {2, kGinger},
                             {3, kGinger}})
                  .is_ok());
  EXPECT_FALSE(activate_duty(c, duty, p, h, {}).is_ok());  // once
  p.hand = {0, 6, 12};  // elephant, elephant, elephant (the provisional deck)
  p.ducats = 3;
  const Tally t = tally_of(c, p, h);
  EXPECT_EQ(t.single_plantations, 3);  // A04 and A07 on the board, A01 discarded
  EXPECT_TRUE(t.foreman);
  EXPECT_EQ(t.activated_duties, 1);
  EXPECT_EQ(t.printed_vp, 3);
  EXPECT_EQ(t.symbols_in_hand[c.start_player_symbol], 3);
  const auto sheets = score(c, {t});
  EXPECT_EQ(sheets[0].plantations, 9);
  EXPECT_EQ(sheets[0].duty, 5);
  EXPECT_EQ(sheets[0].expeditions, 6);
  EXPECT_EQ(sheets[0].total(), 0 + 9 + 5 + 6 + 3 + 3);
}

}  // namespace
}  // namespace meeple::goa
