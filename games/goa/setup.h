// Set-up of an era's stack and of the start player (goa.md §4, §10).
//
// Every random step is a chance outcome a referee can type in: `pick(n)`
// returns the index (0..n-1) of the outcome chosen among n equally likely
// ones, e.g. the tile revealed from the remaining stack in the order given.
#pragma once

#include <functional>
#include <vector>

#include "games/goa/components.h"

namespace meeple::goa {

using Pick = std::function<int(int n)>;

// True when `removed` (tile indices) is a legal final removal set of its
// era: the era's size of removal, distinct tiles of that era, at most the
// allowed number of plantations (Crop rotation is no plantation).
bool valid_removal(const Components& c, int era, const std::vector<int>& removed);

struct EraStack {
  std::vector<int> removed;  // set aside, visible (the Favor pool)
  std::vector<int> grid;     // the 25 tiles in grid order, row-major
  int layout_picks = 0;      // the last picks, one a tile, lay out the grid
};

// The removal procedure of §4 step 1 for one era, from the first tiles
// revealed (`revealed`, as many as are removed; drawn by the caller's chance
// nodes): while more plantations than allowed are among them, one revealed
// plantation chosen by pick(#plantations) goes back and a non-plantation is
// drawn by pick(#non-plantations left in the stack, in stack order). The
// remaining tiles are then laid out in the order pick chooses them.
EraStack prepare_era(const Components& c, int era, std::vector<int> revealed, const Pick& pick);
// The same from scratch: the first tiles revealed are picked too.
EraStack prepare_era(const Components& c, int era, const Pick& pick);

// The start player (§4 step 6): beginning at `first_seat`, each player in
// turn reveals the top card of `deck` (card indices, top first) until one
// shows the start-player symbol; going round as often as needed.
struct StartPlayer {
  int seat = -1;     // -1: no such card in the deck
  int revealed = 0;  // the top cards revealed, all to the discard pile
};
StartPlayer find_start_player(const Components& c, const std::vector<int>& deck, int first_seat,
                              int num_players);

}  // namespace meeple::goa
