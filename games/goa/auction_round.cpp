#include "games/goa/auction_round.h"

#include <fmt/format.h>

namespace meeple::goa {

AuctionRound::AuctionRound(int num_players, int start, CellSet full)
    : num_players_(num_players), start_(start), full_(full), cells_(num_players + 2, -1) {}

int AuctionRound::to_move() const {
  switch (step_) {
    case Step::kPlaceFlag:
      return start_;
    case Step::kPlaceMarker:
      return marker_owner(start_, placed_ + 1, num_players_);
    case Step::kAuction:
      return auction_->to_move();
    case Step::kDone:
      break;
  }
  return -1;
}

CellSet AuctionRound::marker_choices() const {
  if (step_ != Step::kPlaceMarker) return 0;
  return marker_cells(full_, marked_, previous_position());
}

Status AuctionRound::place_flag(int pos) {
  if (step_ != Step::kPlaceFlag) return failed_precondition("the flag is already placed");
  if (pos < 0 || pos >= kNumPositions) return invalid_argument("no such position");
  if (!((flag_choices() >> pos) & 1))
    return illegal_action("the flag cannot stand at " + position_name(pos));
  flag_ = pos;
  step_ = Step::kPlaceMarker;
  return Status::ok();
}

Status AuctionRound::place_marker(int cell_index) {
  if (step_ != Step::kPlaceMarker) return failed_precondition("no marker to place now");
  if (!is_cell(cell_index)) return invalid_argument("no such cell");
  if (!((marker_choices() >> cell_index) & 1))
    return illegal_action(
        fmt::format("marker {} cannot go on {}", placed_ + 1, position_name(cell_index)));
  ++placed_;
  cells_[placed_] = cell_index;
  marked_ |= CellSet{1} << cell_index;
  if (placed_ == num_markers()) open_lot(1);
  return Status::ok();
}

void AuctionRound::open_lot(int k) {
  lot_ = k;
  step_ = Step::kAuction;
  auction_.emplace(num_players_, marker_owner(start_, k, num_players_));
}

void AuctionRound::next_lot(const Settlement& settled) {
  if (lot_is_flag()) flag_winner_ = settled.winner;
  if (lot_ < num_markers()) {
    open_lot(lot_ + 1);
  } else {
    step_ = Step::kDone;
    auction_.reset();
  }
}

}  // namespace meeple::goa
