// Phase 2: the auction of one lot (goa.md §7). The auctioneer opens at 0;
// starting at his left every other player makes exactly one decision, pass or
// a bid above the current highest (at most his ducats); then the auctioneer
// takes the lot free (nobody bid), sells it to the highest bidder (who pays
// him), or buys it himself for the highest bid minus one, paid to the bank.
#pragma once

#include "core/status.h"

namespace meeple::goa {

// The owner of auction marker k (1..n+1) in a round whose start player is
// `start`: marker k is placed, and its lot auctioned, by seat start + k - 1.
constexpr int marker_owner(int start, int k, int num_players) {
  return (start + k - 1) % num_players;
}

// Who pays whom when a lot is settled.
struct Settlement {
  int winner = -1;  // takes the lot
  int payer = -1;   // -1: nobody pays
  int payee = -1;   // -1: the bank
  int amount = 0;
};

class Auction {
 public:
  Auction(int num_players, int auctioneer) : n_(num_players), auctioneer_(auctioneer) {}

  int auctioneer() const { return auctioneer_; }
  int high_bid() const { return high_bid_; }
  int high_bidder() const { return high_bidder_; }
  // True while a non-auctioneer still has his one decision to make.
  bool bidding() const { return asked_ < n_ - 1; }
  // Whose decision it is: the next bidder, then the auctioneer.
  int to_move() const { return bidding() ? (auctioneer_ + 1 + asked_) % n_ : auctioneer_; }

  // The bidder on move bids `amount`, holding `ducats`.
  Status bid(int amount, int ducats);
  Status pass();
  // The auctioneer's decision once bidding is over. With no bid he takes the
  // lot free whatever he says; buying needs `auctioneer_ducats` >= bid - 1.
  Result<Settlement> sell();
  Result<Settlement> buy(int auctioneer_ducats);
  // The price the auctioneer pays to keep the lot: highest bid - 1 (0 if 1).
  int buy_price() const { return high_bid_ > 0 ? high_bid_ - 1 : 0; }

 private:
  Settlement free_to_auctioneer() const { return {auctioneer_, -1, -1, 0}; }

  int n_;
  int auctioneer_;
  int asked_ = 0;
  int high_bid_ = 0;
  int high_bidder_ = -1;
};

}  // namespace meeple::goa
