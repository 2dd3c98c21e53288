// Reversi notation: square names, board strings and OBF lines.
//
// Squares are named a1..h8 (reversi.md "Board and pieces": file a..h left to
// right, rank 1..8 top to bottom, a1 top-left), bit = rank * 8 + file.
//
// A board string has 64 characters, a1..h8 row by row (a1 b1 .. h1, a2 ..):
// 'X' a black disc, 'O' a white disc, '-' or '.' an empty square. This is the
// board part of OBF, the format of the FFO test suite
// (shared/data/reversi/*.obf): "<64 chars> <X|O>; <move>:<score>; ...".
// Parsers here are for input from outside: they return a Status naming what
// was wrong, never assert.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "games/reversi/bitboard.h"

namespace meeple::reversi {

inline constexpr int kBlack = 0;  // seat 0, moves first
inline constexpr int kWhite = 1;  // seat 1
inline constexpr int kPassAction = 64;

// "a1".."h8" for 0..63, "pass" for 64.
std::string square_name(int sq);
// 0..63 for "a1".."h8" (either case, surrounding spaces allowed), -1 otherwise.
int parse_square(std::string_view text);
// Names of the squares of `b` in ascending bit order, space-separated ("d3 c4 f5 e6").
std::string square_list(Bitboard b);
// Same squares sorted by name ("c4 d3 e6 f5"), the order people read.
std::string square_list_by_name(Bitboard b);

// "Black" / "White" (for messages), "black" / "white" (for JSON).
const char* side_title(int side);
const char* side_key(int side);
// "black"/"white"/"b"/"w"/"X"/"O" (any case) to kBlack/kWhite.
Result<int> parse_side(std::string_view text);

// The 64-character board string with 'X', 'O' and '-'.
std::string board_string(Bitboard black, Bitboard white);
// Inverse of board_string, also accepting '.' for empty: {black, white}.
Result<std::pair<Bitboard, Bitboard>> parse_board(std::string_view text);

// A position read from a board string, an OBF line or JSON.
struct Position {
  Bitboard black = kStartBlack;
  Bitboard white = kStartWhite;
  int side_to_move = kBlack;
};

// A board string plus side ("black"/"white"/"X"/"O").
Result<Position> parse_position(std::string_view board, std::string_view side);
// One OBF line: board, side letter, then optional "; move:score" annotations
// (ignored here; obf_scores reads them).
Result<Position> parse_obf(std::string_view line);
// The annotated moves of an OBF line with their scores, in file order.
Result<std::vector<std::pair<int, int>>> obf_scores(std::string_view line);

}  // namespace meeple::reversi
