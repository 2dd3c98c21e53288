// The auction grid ("play area") of the main board and where the flag and
// the auction markers may go (goa.md §3, §6).
//
// Positions 0..24 are the grid cells (r, c) at r * 5 + c, rows top to bottom;
// 25..44 are the 20 edge slots beside the grid: L(r) = 25 + r left of (r, 0),
// R(r) = 30 + r right of (r, 4), T(c) = 35 + c above (0, c), Bo(c) = 40 + c
// below (4, c). Sets of cells are 25-bit masks; sets of positions 45-bit masks.
#pragma once

#include <cstdint>
#include <string>

namespace meeple::goa {

inline constexpr int kGridSide = 5;
inline constexpr int kNumCells = 25;
inline constexpr int kNumPositions = 45;
using CellSet = uint32_t;
using PositionSet = uint64_t;
inline constexpr CellSet kAllCells = (CellSet{1} << kNumCells) - 1;

constexpr int cell(int r, int c) {
  return r * kGridSide + c;
}
constexpr int left_slot(int r) {
  return 25 + r;
}
constexpr int right_slot(int r) {
  return 30 + r;
}
constexpr int top_slot(int c) {
  return 35 + c;
}
constexpr int bottom_slot(int c) {
  return 40 + c;
}
constexpr bool is_cell(int pos) {
  return pos >= 0 && pos < kNumCells;
}
// The four corner cells, under whose tiles the bonanza tiles lie.
constexpr bool is_corner(int pos) {
  return pos == 0 || pos == 4 || pos == 20 || pos == 24;
}

// Row and column of a position, edge slots outside the grid: L(r) is (r, -1),
// R(r) (r, 5), T(c) (-1, c), Bo(c) (5, c).
struct Coord {
  int r = 0, c = 0;
};
Coord coord(int pos);
// "(2,3)", "L2", "R0", "T4", "B1".
std::string position_name(int pos);

// Where the flag (with marker 1) may stand: an edge slot whose orthogonal
// neighbour cell is full, or an empty cell with an orthogonally adjacent
// full cell (§6 step 1).
PositionSet flag_positions(CellSet full);
// Where marker k >= 2 may go, the previous marker (or the flag) being at
// `from`: a full unmarked cell in from's 8-neighbourhood; if there is none,
// any full unmarked cell (§6 steps 2-4).
CellSet marker_cells(CellSet full, CellSet marked, int from);

}  // namespace meeple::goa
