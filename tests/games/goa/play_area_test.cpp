// Flag and marker placement on the auction grid: goa.md §12 T3, T4, T5.
#include "games/goa/play_area.h"

#include <gtest/gtest.h>

#include <bit>

namespace meeple::goa {
namespace {

bool has(PositionSet s, int pos) {
  return (s >> pos) & 1;
}
CellSet bit(int r, int c) {
  return CellSet{1} << cell(r, c);
}

TEST(GoaPlayArea, PositionNames) {
  EXPECT_EQ(position_name(cell(2, 3)), "(2,3)");
  EXPECT_EQ(position_name(left_slot(2)), "L2");
  EXPECT_EQ(position_name(right_slot(0)), "R0");
  EXPECT_EQ(position_name(top_slot(4)), "T4");
  EXPECT_EQ(position_name(bottom_slot(1)), "B1");
  EXPECT_TRUE(is_corner(cell(4, 0)));
  EXPECT_FALSE(is_corner(cell(0, 1)));
}

// T3: cells (0,0) and (0,1) were sold in round 1.
TEST(GoaPlayArea, T3FlagPositionLegality) {
  const CellSet full = kAllCells & ~bit(0, 0) & ~bit(0, 1);
  const PositionSet legal = flag_positions(full);
  EXPECT_FALSE(has(legal, top_slot(0)));
  EXPECT_FALSE(has(legal, left_slot(0)));
  EXPECT_FALSE(has(legal, top_slot(1)));
  EXPECT_TRUE(has(legal, cell(0, 0)));
  EXPECT_TRUE(has(legal, cell(0, 1)));
  EXPECT_TRUE(has(legal, top_slot(2)));
  EXPECT_FALSE(has(legal, cell(2, 2)));
  EXPECT_EQ(std::popcount(legal), 19);
}

TEST(GoaPlayArea, FullGridAllowsExactlyTheTwentyEdgeSlots) {
  const PositionSet legal = flag_positions(kAllCells);
  EXPECT_EQ(std::popcount(legal), 20);
  for (int pos = 0; pos < kNumCells; ++pos) EXPECT_FALSE(has(legal, pos));
}

// T4: full grid, flag at L(2).
TEST(GoaPlayArea, T4MarkerAdjacency) {
  EXPECT_EQ(marker_cells(kAllCells, 0, left_slot(2)), bit(1, 0) | bit(2, 0) | bit(3, 0));
  const CellSet marked = bit(1, 0);
  EXPECT_EQ(marker_cells(kAllCells, marked, cell(1, 0)),
            bit(0, 0) | bit(0, 1) | bit(1, 1) | bit(2, 0) | bit(2, 1));
}

// T5: round 3, 4 players, eight cells sold.
TEST(GoaPlayArea, T5BlockedPlacement) {
  CellSet full = kAllCells;
  for (auto [r, c] : {std::pair{0, 0}, {1, 1}, {1, 2}, {1, 3}, {2, 1}, {3, 1}, {3, 2}, {3, 3}})
    full &= ~bit(r, c);
  EXPECT_TRUE(has(flag_positions(full), cell(1, 3)));
  CellSet marked = 0;
  const CellSet m2 = marker_cells(full, marked, cell(1, 3));
  ASSERT_TRUE(m2 & bit(2, 3));
  marked |= bit(2, 3);
  ASSERT_TRUE(marker_cells(full, marked, cell(2, 3)) & bit(2, 2));
  marked |= bit(2, 2);
  const CellSet m4 = marker_cells(full, marked, cell(2, 2));
  EXPECT_EQ(m4, full & ~marked);  // blocked: any full unmarked cell
  EXPECT_TRUE(m4 & bit(4, 4));
  EXPECT_FALSE(m4 & bit(2, 3));
  EXPECT_FALSE(m4 & bit(1, 2));
  marked |= bit(4, 4);
  EXPECT_EQ(marker_cells(full, marked, cell(4, 4)), bit(3, 4) | bit(4, 3));
}

}  // namespace
}  // namespace meeple::goa
