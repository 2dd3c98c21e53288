// The era's grid, bonanza tiles under the corners, Swap and Favor (goa.md
// §7.4, §7.6, §2.4 B12, B13).
#include "games/goa/grid.h"

#include <gtest/gtest.h>

#include <bit>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;
using testing::tile;

Grid era_a() {
  const EraStack s = prepare_era(
      components(), 0, {tile("A01"), tile("A05"), tile("A16"), tile("A21")}, [](int) { return 0; });
  return lay_out(s, {3, 0, 7, 5});
}

TEST(GoaGrid, LotsLeaveTheGridWithTheirBonanza) {
  Grid g = era_a();
  EXPECT_EQ(g.full(), kAllCells);
  auto inner = take_lot(g, cell(2, 2));
  ASSERT_TRUE(inner.is_ok());
  EXPECT_EQ(inner->bonanza, -1);
  auto corner = take_lot(g, cell(4, 0));
  ASSERT_TRUE(corner.is_ok());
  EXPECT_EQ(corner->bonanza, 7);
  EXPECT_EQ(g.bonanza[2], -1);
  EXPECT_EQ(std::popcount(g.full()), 23);
  EXPECT_EQ(take_lot(g, cell(4, 0)).status().code(), StatusCode::kIllegalAction);
  EXPECT_EQ(take_lot(g, 25).status().code(), StatusCode::kInvalidArgument);
}

TEST(GoaGrid, SwapTakesATileAndStaysForAuction) {
  Grid g = era_a();
  const int swap = tile("B12");
  const int under = g.tile[cell(0, 4)];
  auto t = swap_tile(g, cell(0, 4), swap);
  ASSERT_TRUE(t.is_ok());
  EXPECT_EQ(t->tile, under);
  EXPECT_EQ(t->bonanza, 0);  // a Swap on a corner takes its bonanza tile too
  EXPECT_EQ(g.tile[cell(0, 4)], swap);
  EXPECT_EQ(g.full(), kAllCells);  // the Swap tile can be auctioned again
  auto again = take_lot(g, cell(0, 4));
  ASSERT_TRUE(again.is_ok());
  EXPECT_EQ(again->tile, swap);
  EXPECT_EQ(again->bonanza, -1);  // won only once
}

TEST(GoaGrid, FavorTakesFromTheRemovedPool) {
  std::vector<int> pool = {tile("A01"), tile("A16"), tile("B19")};
  EXPECT_FALSE(take_from_pool(pool, tile("A02")).is_ok());
  ASSERT_TRUE(take_from_pool(pool, tile("A16")).is_ok());
  EXPECT_EQ(pool.size(), 2u);
  EXPECT_FALSE(take_from_pool(pool, tile("A16")).is_ok());
}

}  // namespace
}  // namespace meeple::goa
