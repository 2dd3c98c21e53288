// Small helpers shared by the Reversi tests: positions drawn as 8 rows.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <string>

#include "games/reversi/reversi.h"

namespace meeple::reversi::testing {

// Rows rank 1..8 (top to bottom), files a..h: X black, O white, - empty.
inline ReversiState from_rows(const std::array<const char*, 8>& rows, int side) {
  std::string board;
  for (const char* r : rows) board += r;
  auto discs = parse_board(board);
  EXPECT_TRUE(discs.is_ok()) << discs.status().to_string();
  return ReversiState(discs->first, discs->second, side);
}

inline int sq(const char* name) {
  const int s = parse_square(name);
  EXPECT_GE(s, 0) << name;
  return s;
}

inline Bitboard squares(std::initializer_list<const char*> names) {
  Bitboard b = 0;
  for (const char* n : names) b |= square_bit(sq(n));
  return b;
}

}  // namespace meeple::reversi::testing
