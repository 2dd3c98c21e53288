// Plantations, colonies and spices on a supply board: goa.md §7.4
// (overflow), §2.2 (plantations arrive full, discarded singles keep their
// VP), §8.4 (spices only onto matching empty spaces), rulings 16, 26.
#include "games/goa/supply_board.h"

#include <gtest/gtest.h>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;
using testing::tile;

TEST(GoaSupplyBoard, PlantationsArriveFull) {
  SupplyBoard b;
  ASSERT_TRUE(place_plantation(components(), b, tile("A02"), -1).is_ok());  // Clove x2
  EXPECT_EQ(b.spices()[kClove], 2);
  EXPECT_EQ(b.room_for(kClove), 0);
  ASSERT_TRUE(remove_spice(b, 0, kClove).is_ok());
  EXPECT_EQ(b.room_for(kClove), 1);
  EXPECT_EQ(b.room_for(kGinger), 0);
  EXPECT_EQ(add_spice(b, 0, kGinger).code(), StatusCode::kIllegalAction);
  ASSERT_TRUE(add_spice(b, 0, kClove).is_ok());
  EXPECT_EQ(add_spice(b, 0, kClove).code(), StatusCode::kIllegalAction);  // full
  EXPECT_EQ(remove_spice(b, 0, kPepper).code(), StatusCode::kIllegalAction);
  EXPECT_EQ(place_plantation(components(), b, tile("A16"), -1).code(),
            StatusCode::kIllegalAction);  // not a plantation
}

TEST(GoaSupplyBoard, OverflowDiscardsOneOfTheFour) {
  SupplyBoard b;
  for (const char* id : {"A01", "A04", "A05", "A07"})
    ASSERT_TRUE(place_plantation(components(), b, tile(id), -1).is_ok());
  EXPECT_TRUE(b.plantations_full(components()));
  EXPECT_EQ(b.single_plantations(), 3);
  EXPECT_EQ(place_plantation(components(), b, tile("A10"), -1).code(), StatusCode::kIllegalAction);
  ASSERT_TRUE(place_plantation(components(), b, tile("A10"), 0).is_ok());  // A01 goes
  EXPECT_EQ(b.plantations.size(), 4u);
  EXPECT_EQ(b.discarded_single_plantations, 1);  // still scores
  EXPECT_EQ(b.spices()[kClove], 0);              // its spice went with it
  EXPECT_EQ(b.single_plantations(), 3);
  ASSERT_TRUE(place_plantation(components(), b, tile("A06"), 1).is_ok());  // A05, a double, goes
  EXPECT_EQ(b.discarded_single_plantations, 1);
}

TEST(GoaSupplyBoard, CropRotationTakesAnySpiceAndIsNoSinglePlantation) {
  SupplyBoard b;
  EXPECT_FALSE(place_plantation(components(), b, tile("A29"), -1).is_ok());
  ASSERT_TRUE(place_plantation(components(), b, tile("A29"), -1, kNutmeg).is_ok());
  EXPECT_EQ(b.spices()[kNutmeg], 1);
  EXPECT_EQ(b.single_plantations(), 0);
  ASSERT_TRUE(remove_spice(b, 0, kNutmeg).is_ok());
  EXPECT_EQ(b.room_for(kPepper), 1);
  ASSERT_TRUE(add_spice(b, 0, kPepper).is_ok());
}

TEST(GoaSupplyBoard, ColoniesOnePerNameWithPermittedSpices) {
  const Components& c = components();
  SupplyBoard b;
  // Quilon tile 0 takes GI or CI (sourced pair).
  EXPECT_EQ(place_colony(c, b, 0, 0, {kPepper}).code(), StatusCode::kIllegalAction);
  EXPECT_EQ(place_colony(c, b, 0, 0, {}).code(), StatusCode::kIllegalAction);
  ASSERT_TRUE(place_colony(c, b, 0, 0, {kCinnamon}).is_ok());
  EXPECT_EQ(place_colony(c, b, 0, 1, {kPepper}).code(), StatusCode::kIllegalAction);
  ASSERT_TRUE(place_colony(c, b, 3, 0, {kClove, kGinger}).is_ok());  // Calicut: any, 2 spaces
  EXPECT_EQ(b.spices()[kClove], 1);
  EXPECT_EQ(b.num_holdings(), 2);
  ASSERT_TRUE(remove_spice(b, 1, kClove).is_ok());
  EXPECT_EQ(b.room_for(kPepper), 1);
  EXPECT_EQ(b.room_for(kGinger), 1);
}

}  // namespace
}  // namespace meeple::goa
