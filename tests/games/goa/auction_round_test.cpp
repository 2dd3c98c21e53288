// Phases 1-2 of a round as one sequence: goa.md §12 T4, T5 and T9 played
// through the placement and the lots.
#include "games/goa/auction_round.h"

#include <gtest/gtest.h>

#include <array>

namespace meeple::goa {
namespace {

CellSet bit(int r, int c) {
  return CellSet{1} << cell(r, c);
}

TEST(GoaAuctionRound, T4PlacementSequence) {
  AuctionRound a(4, 0, kAllCells);
  EXPECT_EQ(a.to_move(), 0);
  EXPECT_EQ(a.place_flag(cell(2, 2)).code(), StatusCode::kIllegalAction);  // on a tile
  EXPECT_EQ(a.place_marker(cell(1, 0)).code(), StatusCode::kFailedPrecondition);
  ASSERT_TRUE(a.place_flag(left_slot(2)).is_ok());
  EXPECT_EQ(a.to_move(), 1);
  EXPECT_EQ(a.marker_choices(), bit(1, 0) | bit(2, 0) | bit(3, 0));
  EXPECT_EQ(a.place_marker(cell(0, 0)).code(), StatusCode::kIllegalAction);
  ASSERT_TRUE(a.place_marker(cell(1, 0)).is_ok());
  EXPECT_EQ(a.to_move(), 2);
  EXPECT_EQ(a.marker_choices(), bit(0, 0) | bit(0, 1) | bit(1, 1) | bit(2, 0) | bit(2, 1));
  EXPECT_EQ(a.place_marker(cell(1, 0)).code(), StatusCode::kIllegalAction);  // marked
}

TEST(GoaAuctionRound, T5BlockedPlacementSequence) {
  CellSet full = kAllCells;
  for (auto [r, c] : {std::pair{0, 0}, {1, 1}, {1, 2}, {1, 3}, {2, 1}, {3, 1}, {3, 2}, {3, 3}})
    full &= ~bit(r, c);
  AuctionRound a(4, 0, full);
  ASSERT_TRUE(a.place_flag(cell(1, 3)).is_ok());
  ASSERT_TRUE(a.place_marker(cell(2, 3)).is_ok());
  ASSERT_TRUE(a.place_marker(cell(2, 2)).is_ok());
  EXPECT_EQ(a.to_move(), 3);
  EXPECT_EQ(a.place_marker(cell(1, 2)).code(), StatusCode::kIllegalAction);  // empty
  ASSERT_TRUE(a.place_marker(cell(4, 4)).is_ok());                           // blocked: anywhere
  EXPECT_EQ(a.to_move(), 0);  // marker 5: the start player again
  EXPECT_EQ(a.marker_choices(), bit(3, 4) | bit(4, 3));
  ASSERT_TRUE(a.place_marker(cell(4, 3)).is_ok());
  EXPECT_EQ(a.step(), AuctionRound::Step::kAuction);
}

TEST(GoaAuctionRound, T9FlagChangesHandsAndLotsFollowTheMarkers) {
  std::array<int, 4> ducats = {5, 10, 10, 10};
  AuctionRound a(4, 0, kAllCells);
  ASSERT_TRUE(a.place_flag(top_slot(0)).is_ok());
  for (int c : {cell(0, 0), cell(0, 1), cell(0, 2), cell(0, 3)})
    ASSERT_TRUE(a.place_marker(c).is_ok());
  ASSERT_TRUE(a.lot_is_flag());
  EXPECT_EQ(a.auction().auctioneer(), 0);
  EXPECT_EQ(a.to_move(), 1);
  ASSERT_TRUE(a.auction().bid(2, ducats[1]).is_ok());
  ASSERT_TRUE(a.auction().pass().is_ok());
  ASSERT_TRUE(a.auction().bid(4, ducats[3]).is_ok());
  EXPECT_EQ(a.to_move(), 0);
  auto s = a.auction().sell();
  ASSERT_TRUE(s.is_ok());
  ducats[s->payer] -= s->amount;
  ducats[s->payee] += s->amount;
  a.next_lot(*s);
  EXPECT_EQ(a.flag_winner(), 3);
  EXPECT_EQ(ducats[3], 6);
  EXPECT_EQ(ducats[0], 9);
  // Lots 2..5: auctioneers P1, P2, P3, P0, on the marked cells in order.
  const int auctioneers[4] = {1, 2, 3, 0};
  const int cells[4] = {cell(0, 0), cell(0, 1), cell(0, 2), cell(0, 3)};
  for (int k = 0; k < 4; ++k) {
    ASSERT_EQ(a.step(), AuctionRound::Step::kAuction);
    EXPECT_EQ(a.auction().auctioneer(), auctioneers[k]);
    EXPECT_EQ(a.lot_cell(), cells[k]);
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(a.auction().pass().is_ok());
    auto free = a.auction().sell();
    ASSERT_TRUE(free.is_ok());
    EXPECT_EQ(free->winner, auctioneers[k]);  // nobody bid: the auctioneer takes it
    a.next_lot(*free);
  }
  EXPECT_EQ(a.step(), AuctionRound::Step::kDone);
  EXPECT_EQ(a.to_move(), -1);
}

}  // namespace
}  // namespace meeple::goa
