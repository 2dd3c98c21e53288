// The tiles on the auction grid of an era and the bonanza tiles under its
// corners (goa.md §4, §7.4, §7.6), with the Swap and Favor tile moves
// (§2.4 B12, B13).
#pragma once

#include <array>
#include <vector>

#include "core/status.h"
#include "games/goa/play_area.h"
#include "games/goa/setup.h"

namespace meeple::goa {

struct Grid {
  std::array<int, kNumCells> tile{};  // tile index, or -1 once sold
  std::array<int, 4> bonanza{};       // under corners (0,0), (0,4), (4,0), (4,4); -1: none
  CellSet full() const;
};

// The era's 25 tiles row-major, and the bonanza tiles dealt (§4, §10).
Grid lay_out(const EraStack& stack, const std::array<int, 4>& bonanza);
// Index 0..3 of a corner cell in Grid::bonanza, or -1.
int corner_index(int cell_index);

struct Taken {
  int tile = -1;
  int bonanza = -1;  // the bonanza tile won with a corner tile, or -1
};
// A sold lot leaves the grid (with its corner's bonanza tile).
Result<Taken> take_lot(Grid& g, int cell_index);
// Swap: the owner takes the tile of `cell_index` (and its corner's bonanza
// tile) and leaves the Swap tile there, to be auctioned again.
Result<Taken> swap_tile(Grid& g, int cell_index, int swap);
// Favor: one of the tiles removed at the set-up of the eras leaves the pool.
Status take_from_pool(std::vector<int>& pool, int tile);

}  // namespace meeple::goa
