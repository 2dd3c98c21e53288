#include "games/goa/grid.h"

#include <algorithm>
#include <cassert>

namespace meeple::goa {

CellSet Grid::full() const {
  CellSet s = 0;
  for (int i = 0; i < kNumCells; ++i)
    if (tile[i] >= 0) s |= CellSet{1} << i;
  return s;
}

Grid lay_out(const EraStack& stack, const std::array<int, 4>& bonanza) {
  assert(stack.grid.size() == kNumCells);
  Grid g;
  std::copy(stack.grid.begin(), stack.grid.end(), g.tile.begin());
  g.bonanza = bonanza;
  return g;
}

int corner_index(int cell_index) {
  switch (cell_index) {
    case 0:
      return 0;
    case 4:
      return 1;
    case 20:
      return 2;
    case 24:
      return 3;
    default:
      return -1;
  }
}

namespace {

Result<Taken> take(Grid& g, int cell_index, int replacement) {
  if (!is_cell(cell_index)) return invalid_argument("no such cell");
  if (g.tile[cell_index] < 0) return illegal_action("that cell is empty");
  Taken t{g.tile[cell_index], -1};
  g.tile[cell_index] = replacement;
  if (const int k = corner_index(cell_index); k >= 0) {
    t.bonanza = g.bonanza[k];
    g.bonanza[k] = -1;  // each is won at most once per era
  }
  return t;
}

}  // namespace

Result<Taken> take_lot(Grid& g, int cell_index) {
  return take(g, cell_index, -1);
}

Result<Taken> swap_tile(Grid& g, int cell_index, int swap) {
  return take(g, cell_index, swap);
}

Status take_from_pool(std::vector<int>& pool, int tile) {
  auto it = std::find(pool.begin(), pool.end(), tile);
  if (it == pool.end()) return illegal_action("that tile is not among the removed tiles");
  pool.erase(it);
  return Status::ok();
}

}  // namespace meeple::goa
