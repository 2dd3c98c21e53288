// The auction of a lot: goa.md §12 T6, T7, T8, T9 and the bidding limits of
// §7.2 (rulings 3, 4, 5).
#include "games/goa/auction.h"

#include <gtest/gtest.h>

#include <array>

namespace meeple::goa {
namespace {

// Applies a settlement to the players' ducats; returns the bank's change.
int pay(const Settlement& s, std::array<int, 4>& ducats) {
  if (s.payer < 0) return 0;
  ducats[s.payer] -= s.amount;
  if (s.payee >= 0) {
    ducats[s.payee] += s.amount;
    return 0;
  }
  return s.amount;
}

Auction t6_bids(std::array<int, 4>& ducats) {
  Auction a(4, 1);
  EXPECT_EQ(a.to_move(), 2);
  EXPECT_TRUE(a.bid(3, ducats[2]).is_ok());
  EXPECT_EQ(a.to_move(), 3);
  EXPECT_TRUE(a.bid(5, ducats[3]).is_ok());
  EXPECT_EQ(a.to_move(), 0);
  EXPECT_TRUE(a.pass().is_ok());
  EXPECT_FALSE(a.bidding());
  EXPECT_EQ(a.to_move(), 1);
  return a;
}

TEST(GoaAuction, T6AuctioneerSells) {
  std::array<int, 4> ducats = {10, 10, 10, 10};
  Auction a = t6_bids(ducats);
  auto s = a.sell();
  ASSERT_TRUE(s.is_ok());
  EXPECT_EQ(s->winner, 3);
  EXPECT_EQ(pay(*s, ducats), 0);
  EXPECT_EQ(ducats, (std::array<int, 4>{10, 15, 10, 5}));
}

TEST(GoaAuction, T7AuctioneerBuys) {
  std::array<int, 4> ducats = {10, 10, 10, 10};
  Auction a = t6_bids(ducats);
  EXPECT_EQ(a.buy_price(), 4);
  auto s = a.buy(ducats[1]);
  ASSERT_TRUE(s.is_ok());
  EXPECT_EQ(s->winner, 1);
  EXPECT_EQ(pay(*s, ducats), 4);
  EXPECT_EQ(ducats, (std::array<int, 4>{10, 6, 10, 10}));
}

TEST(GoaAuction, T8FlagNobodyBids) {
  Auction a(4, 0);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(a.pass().is_ok());
  for (bool buy : {false, true}) {
    auto s = buy ? a.buy(5) : a.sell();
    ASSERT_TRUE(s.is_ok());
    EXPECT_EQ(s->winner, 0);
    EXPECT_EQ(s->payer, -1);
    EXPECT_EQ(s->amount, 0);
  }
}

TEST(GoaAuction, T9FlagChangesHands) {
  std::array<int, 4> ducats = {5, 10, 10, 10};
  Auction a(4, 0);
  ASSERT_TRUE(a.bid(2, ducats[1]).is_ok());
  ASSERT_TRUE(a.pass().is_ok());
  ASSERT_TRUE(a.bid(4, ducats[3]).is_ok());
  auto s = a.sell();
  ASSERT_TRUE(s.is_ok());
  EXPECT_EQ(s->winner, 3);
  pay(*s, ducats);
  EXPECT_EQ(ducats[3], 6);
  EXPECT_EQ(ducats[0], 9);
  // Lots 2..5 are auctioneered by the owners of markers 2..5 (start P0).
  EXPECT_EQ(marker_owner(0, 2, 4), 1);
  EXPECT_EQ(marker_owner(0, 3, 4), 2);
  EXPECT_EQ(marker_owner(0, 4, 4), 3);
  EXPECT_EQ(marker_owner(0, 5, 4), 0);
  // The new start player P3 places the flag and marker 1 next round.
  EXPECT_EQ(marker_owner(3, 1, 4), 3);
  EXPECT_EQ(marker_owner(3, 2, 4), 0);
}

TEST(GoaAuction, BidLimits) {
  Auction a(3, 0);
  EXPECT_EQ(a.bid(0, 10).code(), StatusCode::kIllegalAction);
  EXPECT_EQ(a.bid(11, 10).code(), StatusCode::kIllegalAction);  // above own ducats
  ASSERT_TRUE(a.bid(10, 10).is_ok());
  EXPECT_EQ(a.bid(10, 20).code(), StatusCode::kIllegalAction);  // not above the highest
  EXPECT_EQ(a.sell().status().code(), StatusCode::kFailedPrecondition);
  ASSERT_TRUE(a.pass().is_ok());
  EXPECT_EQ(a.pass().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(a.buy(8).status().code(), StatusCode::kIllegalAction);  // needs 9
  ASSERT_TRUE(a.buy(9).is_ok());
}

TEST(GoaAuction, BuyingAtABidOfOneIsFree) {
  Auction a(2, 1);
  ASSERT_TRUE(a.bid(1, 1).is_ok());
  auto s = a.buy(0);
  ASSERT_TRUE(s.is_ok());
  EXPECT_EQ(s->winner, 1);
  EXPECT_EQ(s->amount, 0);
}

}  // namespace
}  // namespace meeple::goa
