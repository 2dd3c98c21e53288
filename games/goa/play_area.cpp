#include "games/goa/play_area.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

namespace meeple::goa {
namespace {

bool on_grid(int r, int c) {
  return r >= 0 && r < kGridSide && c >= 0 && c < kGridSide;
}

}  // namespace

Coord coord(int pos) {
  if (is_cell(pos)) return {pos / kGridSide, pos % kGridSide};
  if (pos < 30) return {pos - 25, -1};
  if (pos < 35) return {pos - 30, kGridSide};
  if (pos < 40) return {-1, pos - 35};
  return {kGridSide, pos - 40};
}

std::string position_name(int pos) {
  const Coord p = coord(pos);
  if (is_cell(pos)) return fmt::format("({},{})", p.r, p.c);
  if (pos < 30) return fmt::format("L{}", p.r);
  if (pos < 35) return fmt::format("R{}", p.r);
  if (pos < 40) return fmt::format("T{}", p.c);
  return fmt::format("B{}", p.c);
}

PositionSet flag_positions(CellSet full) {
  PositionSet legal = 0;
  for (int pos = 0; pos < kNumPositions; ++pos) {
    const Coord p = coord(pos);
    if (is_cell(pos) && ((full >> pos) & 1)) continue;  // never on a tile
    static constexpr int kDr[4] = {-1, 1, 0, 0}, kDc[4] = {0, 0, -1, 1};
    bool touches = false;
    for (int d = 0; d < 4; ++d) {
      const int r = p.r + kDr[d], c = p.c + kDc[d];
      touches = touches || (on_grid(r, c) && ((full >> cell(r, c)) & 1));
    }
    if (touches) legal |= PositionSet{1} << pos;
  }
  return legal;
}

CellSet marker_cells(CellSet full, CellSet marked, int from) {
  const CellSet open = full & ~marked & kAllCells;
  const Coord f = coord(from);
  CellSet near = 0;
  for (int pos = 0; pos < kNumCells; ++pos) {
    const Coord p = coord(pos);
    const int d = std::max(std::abs(p.r - f.r), std::abs(p.c - f.c));
    if (d == 1) near |= CellSet{1} << pos;
  }
  return (open & near) ? (open & near) : open;
}

}  // namespace meeple::goa
