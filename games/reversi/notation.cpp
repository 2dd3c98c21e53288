#include "games/reversi/notation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/text.h"

namespace meeple::reversi {

std::string square_name(int sq) {
  if (sq == kPassAction) return "pass";
  assert(sq >= 0 && sq < 64);
  return {static_cast<char>('a' + sq % 8), static_cast<char>('1' + sq / 8)};
}

int parse_square(std::string_view text) {
  text = trim(text);
  if (text.size() != 2) return -1;
  const char f = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  const char r = text[1];
  if (f < 'a' || f > 'h' || r < '1' || r > '8') return -1;
  return (r - '1') * 8 + (f - 'a');
}

std::string square_list(Bitboard b) {
  std::string out;
  for (; b; b &= b - 1) {
    if (!out.empty()) out += ' ';
    out += square_name(lowest_square(b));
  }
  return out;
}

std::string square_list_by_name(Bitboard b) {
  std::vector<std::string> names;
  for (; b; b &= b - 1) names.push_back(square_name(lowest_square(b)));
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

const char* side_title(int side) {
  return side == kBlack ? "Black" : "White";
}
const char* side_key(int side) {
  return side == kBlack ? "black" : "white";
}

Result<int> parse_side(std::string_view text) {
  const std::string s = ascii_lower(trim(text));
  if (s == "black" || s == "b" || s == "x") return kBlack;
  if (s == "white" || s == "w" || s == "o") return kWhite;
  return invalid_argument(
      fmt::format("'{}' is not a side (expected black or white, or X or O)", std::string(text)));
}

std::string board_string(Bitboard black, Bitboard white) {
  assert((black & white) == 0);
  std::string s(64, '-');
  for (int sq = 0; sq < 64; ++sq) {
    if (black & square_bit(sq)) s[static_cast<size_t>(sq)] = 'X';
    if (white & square_bit(sq)) s[static_cast<size_t>(sq)] = 'O';
  }
  return s;
}

Result<std::pair<Bitboard, Bitboard>> parse_board(std::string_view text) {
  if (text.size() != 64)
    return invalid_argument(fmt::format(
        "a board has 64 squares (a1..h8 row by row: X black, O white, - or . empty), got {} "
        "characters",
        text.size()));
  Bitboard black = 0, white = 0;
  for (int sq = 0; sq < 64; ++sq) {
    switch (text[static_cast<size_t>(sq)]) {
      case 'X':
        black |= square_bit(sq);
        break;
      case 'O':
        white |= square_bit(sq);
        break;
      case '-':
      case '.':
        break;
      default: {
        const char c = text[static_cast<size_t>(sq)];
        const std::string shown = std::isprint(static_cast<unsigned char>(c))
                                      ? std::string(1, c)
                                      : fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        return invalid_argument(
            fmt::format("board character {} ('{}', square {}) is not X, O, - or .", sq + 1, shown,
                        square_name(sq)));
      }
    }
  }
  return std::pair{black, white};
}

Result<Position> parse_position(std::string_view board, std::string_view side) {
  auto discs = parse_board(board);
  if (!discs) return discs.status();
  auto s = parse_side(side);
  if (!s) return s.status();
  return Position{discs->first, discs->second, *s};
}

Result<Position> parse_obf(std::string_view line) {
  line = trim(line);
  if (line.size() < 66 || line[64] != ' ')
    return invalid_argument(
        "an OBF line is 64 board characters, a space and the side to move (X or O)");
  const size_t end = line.find(';', 65);
  std::string_view side = line.substr(65, end == std::string_view::npos ? end : end - 65);
  side = trim(side);
  if (side != "X" && side != "O")
    return invalid_argument(fmt::format("OBF side to move is '{}', expected X or O", side));
  return parse_position(line.substr(0, 64), side);
}

Result<std::vector<std::pair<int, int>>> obf_scores(std::string_view line) {
  std::vector<std::pair<int, int>> out;
  size_t pos = line.find(';');
  while (pos != std::string_view::npos) {
    const size_t next = line.find(';', pos + 1);
    std::string_view item =
        trim(line.substr(pos + 1, next == std::string_view::npos ? next : next - pos - 1));
    pos = next;
    if (item.empty()) continue;
    const size_t colon = item.find(':');
    if (colon == std::string_view::npos)
      return invalid_argument(fmt::format("OBF annotation '{}' is not <move>:<score>", item));
    const int sq = parse_square(item.substr(0, colon));
    if (sq < 0) return invalid_argument(fmt::format("OBF annotation '{}' names no square", item));
    const std::string score(trim(item.substr(colon + 1)));
    try {
      size_t used = 0;
      const int v = std::stoi(score, &used);
      if (used != score.size()) throw std::invalid_argument(score);
      out.emplace_back(sq, v);
    } catch (const std::exception&) {
      return invalid_argument(fmt::format("OBF annotation '{}' has no integer score", item));
    }
  }
  return out;
}

}  // namespace meeple::reversi
