// Random playouts of phases 1-2 over whole eras (2-4 players): a legal
// flag position and marker cell always exist (goa.md §6, last paragraph),
// every round sells exactly n tiles, an era ends with 25 - 4n tiles in the
// grid, no bid exceeds the bidder's ducats, and ducats are conserved up to
// the payments to the bank.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "games/goa/auction_round.h"

namespace meeple::goa {
namespace {

int random_member(uint64_t set, std::mt19937& rng) {
  const int k = std::uniform_int_distribution<int>(0, std::popcount(set) - 1)(rng);
  for (int i = 0; i < k; ++i) set &= set - 1;
  return std::countr_zero(set);
}

TEST(GoaAuctionProperty, RandomErasKeepTheInvariants) {
  std::mt19937 rng(2026);
  for (int n = 2; n <= 4; ++n) {
    for (int game = 0; game < 100; ++game) {
      std::vector<int> ducats(n, 10);
      int start = std::uniform_int_distribution<int>(0, n - 1)(rng);
      ducats[start] = 5;
      for (int era = 0; era < 2; ++era) {
        CellSet full = kAllCells;
        for (int round = 0; round < 4; ++round) {
          AuctionRound a(n, start, full);
          const PositionSet flags = a.flag_choices();
          ASSERT_NE(flags, 0u);
          ASSERT_TRUE(a.place_flag(random_member(flags, rng)).is_ok());
          while (a.step() == AuctionRound::Step::kPlaceMarker) {
            const CellSet cells = a.marker_choices();
            ASSERT_NE(cells, 0u);
            ASSERT_TRUE(a.place_marker(random_member(cells, rng)).is_ok());
          }
          int total_before = 0;
          for (int d : ducats) total_before += d;
          int to_bank = 0;
          while (a.step() == AuctionRound::Step::kAuction) {
            Auction& au = a.auction();
            while (au.bidding()) {
              const int p = au.to_move();
              const int lo = au.high_bid() + 1;
              if (ducats[p] >= lo && std::uniform_int_distribution<int>(0, 1)(rng)) {
                const int bid = std::uniform_int_distribution<int>(lo, ducats[p])(rng);
                ASSERT_TRUE(au.bid(bid, ducats[p]).is_ok());
              } else {
                ASSERT_TRUE(au.pass().is_ok());
              }
            }
            const int me = au.auctioneer();
            const bool buy =
                ducats[me] >= au.buy_price() && std::uniform_int_distribution<int>(0, 1)(rng);
            auto s = buy ? au.buy(ducats[me]) : au.sell();
            ASSERT_TRUE(s.is_ok());
            if (s->payer >= 0) {
              ducats[s->payer] -= s->amount;
              ASSERT_GE(ducats[s->payer], 0);
              if (s->payee >= 0)
                ducats[s->payee] += s->amount;
              else
                to_bank += s->amount;
            }
            if (!a.lot_is_flag()) full &= ~(CellSet{1} << a.lot_cell());
            a.next_lot(*s);
          }
          int total_after = 0;
          for (int d : ducats) total_after += d;
          ASSERT_EQ(total_before - to_bank, total_after);
          ASSERT_GE(a.flag_winner(), 0);
          start = a.flag_winner();
          ASSERT_EQ(std::popcount(full), 25 - n * (round + 1));
        }
        ASSERT_EQ(std::popcount(full), 25 - 4 * n);
      }
    }
  }
}

}  // namespace
}  // namespace meeple::goa
