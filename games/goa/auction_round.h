// Phases 1 and 2 of a round (goa.md §6, §7): the start player places the
// flag with his marker 1, the next players place markers 2..n+1 (each next
// to the previous one, anywhere when blocked), then the lots are auctioned
// in marker order: the flag (auctioneer: the start player), then the tile
// under each marker k, auctioned by its owner. The caller owns the players'
// ducats and the tiles: it applies each lot's Settlement (payments, the lot
// to its winner, the flag's extra action card, bonanza tiles) and then
// calls next_lot().
#pragma once

#include <optional>
#include <vector>

#include "core/status.h"
#include "games/goa/auction.h"
#include "games/goa/play_area.h"

namespace meeple::goa {

class AuctionRound {
 public:
  enum class Step { kPlaceFlag, kPlaceMarker, kAuction, kDone };

  AuctionRound(int num_players, int start, CellSet full);

  Step step() const { return step_; }
  int num_markers() const { return num_players_ + 1; }
  // The player to decide now (placing, bidding or deciding), -1 when done.
  int to_move() const;

  // Phase 1.
  PositionSet flag_choices() const { return flag_positions(full_); }
  CellSet marker_choices() const;  // for the next marker
  Status place_flag(int pos);
  Status place_marker(int cell_index);
  int flag_position() const { return flag_; }
  // The cell under marker k (2..n+1), or -1.
  int marker_cell(int k) const { return cells_[k]; }

  // Phase 2: lot 1 is the flag, lot k >= 2 the tile under marker k.
  int lot() const { return lot_; }
  bool lot_is_flag() const { return lot_ == 1; }
  int lot_cell() const { return lot_is_flag() ? -1 : cells_[lot_]; }
  const Auction& auction() const { return *auction_; }
  Auction& auction() { return *auction_; }
  // Records the settled lot's winner and moves on to the next lot (or ends).
  void next_lot(const Settlement& settled);
  // The flag lot's winner: the start player of phases 3-4 and next round.
  int flag_winner() const { return flag_winner_; }

 private:
  // Where the marker placed last stands (marker 1: with the flag).
  int previous_position() const { return placed_ == 1 ? flag_ : cells_[placed_]; }
  void open_lot(int k);

  int num_players_, start_;
  CellSet full_, marked_ = 0;
  Step step_ = Step::kPlaceFlag;
  int flag_ = -1;
  int placed_ = 1;  // markers placed so far (marker 1 goes with the flag)
  std::vector<int> cells_;
  int lot_ = 0;
  std::optional<Auction> auction_;
  int flag_winner_ = -1;
};

}  // namespace meeple::goa
