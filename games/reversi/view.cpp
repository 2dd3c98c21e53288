// What players see: the view JSON (for the web UI and engines) and the
// terminal board. Reversi has perfect information, so every seat and every
// spectator gets the same view.
#include <fmt/format.h>

#include "games/reversi/reversi.h"
#include "games/reversi/text.h"

namespace meeple::reversi {

namespace {

json squares_json(Bitboard b) {
  json out = json::array();
  for (; b; b &= b - 1) out.push_back(square_name(lowest_square(b)));
  return out;
}

}  // namespace

json ReversiState::view(Seat /*seat*/) const {
  json rows = json::array();
  const std::string board = board_string(black_, white_);
  for (int r = 0; r < 8; ++r) rows.push_back(board.substr(static_cast<size_t>(r) * 8, 8));
  json v = {
      {"board", std::move(rows)},
      {"board_string", board},
      {"to_move", terminal_ ? json(nullptr) : json(side_key(side_))},
      {"current_player", current_player()},
      {"terminal", terminal_},
      {"legal_moves", squares_json(moves_)},
      {"must_pass", !terminal_ && moves_ == 0},
      {"discs", {{"black", popcount(black_)}, {"white", popcount(white_)}}},
      {"empties", empties()},
      {"last_move", last_action_ < 0 ? json(nullptr) : json(square_name(last_action_))},
      {"last_flips", squares_json(last_flips_)},
      {"last_was_pass", last_action_ == kPassAction},
  };
  if (terminal_) {
    const int m = margin();
    v["result"] = m > 0 ? "black" : m < 0 ? "white" : "draw";
    v["winner"] = m > 0 ? json(kBlack) : m < 0 ? json(kWhite) : json(nullptr);
  }
  return v;
}

std::string ReversiState::to_text(Seat /*seat*/) const {
  return board_text(*this, true);
}

std::string board_text(const ReversiState& s, bool unicode) {
  // Files a..h across, ranks 1..8 down, a1 top-left (reversi.md).
  const char* black = unicode ? "●" : "X";
  const char* white = unicode ? "○" : "O";
  const char* empty = unicode ? "·" : ".";
  const char* legal = "*";
  std::string out = "    a b c d e f g h\n";
  for (int r = 0; r < 8; ++r) {
    out += fmt::format("  {}", r + 1);
    for (int f = 0; f < 8; ++f) {
      const int sq = r * 8 + f;
      const Bitboard bit = square_bit(sq);
      // The last placed disc is bracketed: "[" replaces the space before
      // it, "]" the space after it, so the columns stay aligned.
      out += s.last_action() == sq ? '[' : (f > 0 && s.last_action() == sq - 1) ? ']' : ' ';
      if (s.black() & bit)
        out += black;
      else if (s.white() & bit)
        out += white;
      else if (s.moves() & bit)
        out += legal;
      else
        out += empty;
    }
    if (s.last_action() == r * 8 + 7) out += ']';
    out += '\n';
  }
  const int b = popcount(s.black()), w = popcount(s.white());
  out += fmt::format("  {} Black {}   {} White {}\n", black, b, white, w);
  if (s.is_terminal()) {
    out += b > w   ? fmt::format("  Game over: Black wins {}-{}\n", b, w)
           : b < w ? fmt::format("  Game over: White wins {}-{}\n", w, b)
                   : fmt::format("  Game over: draw {}-{}\n", b, w);
  } else if (s.moves() == 0) {
    out += fmt::format("  {} to move: no legal move, must pass\n", side_title(s.side_to_move()));
  } else {
    out += fmt::format("  {} to move ({}); legal: {}\n", side_title(s.side_to_move()),
                       s.side_to_move() == kBlack ? black : white, square_list_by_name(s.moves()));
  }
  if (s.last_action() == kPassAction) out += "  (the last player passed)\n";
  return out;
}

}  // namespace meeple::reversi
