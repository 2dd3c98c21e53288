#include "games/goa/auction.h"

#include <fmt/format.h>

namespace meeple::goa {

Status Auction::bid(int amount, int ducats) {
  if (!bidding()) return failed_precondition("the bidding is over; the auctioneer decides");
  if (amount <= high_bid_ || amount < 1)
    return illegal_action(fmt::format("a bid must exceed the highest bid {}", high_bid_));
  if (amount > ducats)
    return illegal_action(
        fmt::format("a bid of {} is more than the {} ducats held", amount, ducats));
  high_bid_ = amount;
  high_bidder_ = to_move();
  ++asked_;
  return Status::ok();
}

Status Auction::pass() {
  if (!bidding()) return failed_precondition("the bidding is over; the auctioneer decides");
  ++asked_;
  return Status::ok();
}

Result<Settlement> Auction::sell() {
  if (bidding()) return failed_precondition("the bidding is not over");
  if (high_bidder_ < 0) return free_to_auctioneer();
  return Settlement{high_bidder_, high_bidder_, auctioneer_, high_bid_};
}

Result<Settlement> Auction::buy(int auctioneer_ducats) {
  if (bidding()) return failed_precondition("the bidding is not over");
  if (high_bidder_ < 0) return free_to_auctioneer();
  if (auctioneer_ducats < buy_price())
    return illegal_action(fmt::format("buying costs {} ducats; the auctioneer has {}", buy_price(),
                                      auctioneer_ducats));
  if (buy_price() == 0) return free_to_auctioneer();
  return Settlement{auctioneer_, auctioneer_, -1, buy_price()};
}

}  // namespace meeple::goa
