// What tiles, bonanza tiles and bonus cards give (goa.md §2.3, §2.4, §2.7,
// §2.8): the sourced amounts, read through the data files.
#include "games/goa/gains.h"

#include <gtest/gtest.h>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;
using testing::tile;

const TileInfo& info(const char* id) {
  return components().tiles[tile(id)];
}

TEST(GoaGains, InstantTiles) {
  EXPECT_EQ(instant_gain(info("A23")), (Gain{.ships = 4}));
  EXPECT_EQ(instant_gain(info("A24")), (Gain{.colonists = 4}));
  EXPECT_EQ(instant_gain(info("A25")), (Gain{.ships = 1, .colonists = 1, .extra_action_cards = 1}));
  EXPECT_EQ(instant_gain(info("A26"), false), (Gain{.ships = 3}));
  EXPECT_EQ(instant_gain(info("A26"), true), (Gain{.colonists = 3}));
  EXPECT_EQ(instant_gain(info("A21")), (Gain{.extra_action_cards = 2}));
  EXPECT_EQ(instant_gain(info("A22")), (Gain{.expedition_cards = 2}));
  EXPECT_EQ(instant_gain(info("B13")), Gain{});  // Favor: a tile, not resources
  EXPECT_EQ(tile_timing(info("B13").kind), TileTiming::kInstant);
}

TEST(GoaGains, TileTimings) {
  EXPECT_EQ(tile_timing(info("A01").kind), TileTiming::kPlantation);
  EXPECT_EQ(tile_timing(info("A29").kind), TileTiming::kPlantation);
  EXPECT_EQ(tile_timing(info("A20").kind), TileTiming::kOncePerGame);
  EXPECT_EQ(tile_timing(info("B17").kind), TileTiming::kOncePerGame);
  EXPECT_EQ(tile_timing(info("B12").kind), TileTiming::kSwap);
  EXPECT_EQ(tile_timing(info("A28").kind), TileTiming::kVictoryPoints);
  EXPECT_EQ(tile_timing(info("B26").kind), TileTiming::kVictoryPoints);
  int recurring = 0;
  for (const TileInfo& t : components().tiles)
    recurring += tile_timing(t.kind) == TileTiming::kRecurring;
  EXPECT_EQ(recurring, 5);  // the five red tiles
}

TEST(GoaGains, RecurringTiles) {
  EXPECT_EQ(recurring_gain(info("A16")), (Gain{.ships = 1}));
  EXPECT_EQ(recurring_gain(info("A17")), (Gain{.ducats = 3}));  // revised value
  EXPECT_EQ(recurring_gain(info("A18")), (Gain{.colonists = 1}));
  EXPECT_EQ(recurring_gain(info("A19")), (Gain{.spices = 1}));
  EXPECT_EQ(recurring_gain(info("B14")), (Gain{.expedition_cards = 1}));
  EXPECT_EQ(recurring_gain(info("A23")), Gain{});
}

TEST(GoaGains, BonanzaAndCards) {
  const Components& c = components();
  // Sums over the (provisional) file, so a corrected file keeps this valid
  // as long as each tile gives something.
  for (const BonanzaTile& b : c.bonanza) EXPECT_NE(bonanza_gain(b), Gain{}) << b.id;
  EXPECT_EQ(card_gain(c, Effect::kShips), (Gain{.ships = 2}));
  EXPECT_EQ(card_gain(c, Effect::kColonists), (Gain{.colonists = 2}));
  EXPECT_EQ(card_gain(c, Effect::kDucats), (Gain{.ducats = 5}));
  EXPECT_EQ(card_gain(c, Effect::kSpices), (Gain{.spices = 2}));
  EXPECT_EQ(card_gain(c, Effect::kSell), Gain{});
}

}  // namespace
}  // namespace meeple::goa
