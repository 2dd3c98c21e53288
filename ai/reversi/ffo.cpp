#include "ai/reversi/ffo.h"

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <sstream>

#include "core/text.h"

namespace meeple::reversi {

namespace {

// "G8" or "g8" -> square; -1 if not a square name.
int parse_square(std::string_view s) {
  if (s.size() != 2) return -1;
  const int f = std::tolower(static_cast<unsigned char>(s[0])) - 'a';
  const int r = s[1] - '1';
  if (f < 0 || f > 7 || r < 0 || r > 7) return -1;
  return r * 8 + f;
}

// "+18", "-4", "0" -> margin in [-64, 64]; false if malformed.
bool parse_margin(std::string_view s, int& out) {
  if (s.empty()) return false;
  size_t i = (s[0] == '+' || s[0] == '-') ? 1 : 0;
  if (i == s.size() || s.size() - i > 2) return false;
  int v = 0;
  for (; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    v = v * 10 + (s[i] - '0');
  }
  if (v > 64) return false;
  out = s[0] == '-' ? -v : v;
  return true;
}

}  // namespace

Result<std::vector<FfoPosition>> parse_obf(const std::string& text, const std::string& name,
                                           int first_number) {
  std::vector<FfoPosition> out;
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (trim(line).empty()) continue;
    auto err = [&](const std::string& what) {
      return invalid_argument(fmt::format("{}:{}: {}", name, line_no, what));
    };
    // Step 1: the board, 64 characters a1..h8.
    if (line.size() < 66 || line[64] != ' ')
      return err("expected 64 squares (X, O or -), a space and the side to move");
    FfoPosition pos;
    pos.number = first_number + static_cast<int>(out.size());
    Bitboard black = 0, white = 0;
    for (int sq = 0; sq < 64; ++sq) {
      const char c = line[sq];
      if (c == 'X' || c == 'x' || c == '*') {
        black |= square_bit(sq);
      } else if (c == 'O' || c == 'o') {
        white |= square_bit(sq);
      } else if (c != '-' && c != '.') {
        return err(fmt::format("square {} is '{}' (expected X, O or -)", sq + 1, c));
      }
    }
    // Step 2: the side to move.
    const char side = line[65];
    if (side != 'X' && side != 'O')
      return err(fmt::format("side to move is '{}' (expected X or O)", side));
    pos.black_to_move = side == 'X';
    pos.P = pos.black_to_move ? black : white;
    pos.O = pos.black_to_move ? white : black;
    // Step 3: "; move:margin" entries.
    std::string rest(trim(line.substr(66)));
    if (rest.empty() || rest[0] != ';') return err("expected ';' and scored moves after the side");
    std::istringstream entries(rest.substr(1));
    std::string entry;
    while (std::getline(entries, entry, ';')) {
      entry = trim(entry);
      if (entry.empty()) continue;
      const size_t colon = entry.find(':');
      if (colon == std::string::npos)
        return err(fmt::format("move entry '{}' has no ':' (expected e.g. G8:+18)", entry));
      const int sq = parse_square(trim(entry.substr(0, colon)));
      int margin = 0;
      if (sq < 0) return err(fmt::format("'{}' is not a square (expected a1..h8)", entry));
      if (!parse_margin(trim(entry.substr(colon + 1)), margin))
        return err(fmt::format("'{}' has no valid margin (expected -64..+64)", entry));
      if ((pos.P | pos.O) & square_bit(sq))
        return err(fmt::format("move '{}' is on an occupied square", entry));
      pos.moves.emplace_back(sq, margin);
    }
    if (pos.moves.empty()) return err("no scored moves listed");
    pos.best_score = pos.moves.front().second;
    for (const auto& [sq, margin] : pos.moves)
      if (margin > pos.best_score) return err("moves are not listed best first");
    out.push_back(std::move(pos));
  }
  if (out.empty()) return invalid_argument(fmt::format("{}: no positions", name));
  return out;
}

Result<std::vector<FfoPosition>> load_obf(const std::string& path, int first_number) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return not_found(fmt::format("cannot open OBF file {}", path));
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_obf(ss.str(), path, first_number);
}

}  // namespace meeple::reversi
