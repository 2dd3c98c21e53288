// Loader for the FFO endgame test positions in OBF format.
//
// Format (shared/data/reversi/README.md): one position a line — 64 squares
// a1..h8 row by row ('X' black, 'O' white, '-' empty), a space, the side to
// move ('X' or 'O'), then ';'-separated entries "<move>:<margin>" (best
// first), e.g. "G8:+18". Margins are exact final disc margins for the side
// to move with empties given to the winner (search.h's convention). Blank
// lines are skipped. Strict: any other deviation is an error naming the
// file, the line number and what was expected, and nothing is returned.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/status.h"
#include "games/reversi/bitboard.h"

namespace meeple::reversi {

struct FfoPosition {
  int number = 0;         // FFO number (first_number + line index)
  Bitboard P = 0, O = 0;  // relative to the side to move
  bool black_to_move = true;
  int best_score = 0;                      // margin of the first (best) listed move
  std::vector<std::pair<int, int>> moves;  // (square 0..63, margin), file order
};

// Parses one OBF text; `name` is used in error messages.
Result<std::vector<FfoPosition>> parse_obf(const std::string& text, const std::string& name,
                                           int first_number);
// Reads and parses an OBF file; positions are numbered from first_number.
Result<std::vector<FfoPosition>> load_obf(const std::string& path, int first_number);

}  // namespace meeple::reversi
