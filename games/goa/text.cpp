// The terminal's picture of a Goa state from one seat's point of view:
// round and stage, the grid (tile ids, '..' for sold cells, F for the flag,
// the marker numbers), and each seat's goods as that seat may see them.
#include <fmt/format.h>

#include "games/goa/goa_state.h"
#include "games/goa/play_area.h"

namespace meeple::goa {

std::string GoaState::to_text(Seat seat) const {
  std::string s =
      fmt::format("Goa, round {} (era {}), start player {}\n", std::min(round_, 8),
                  era_ == 0 ? "A" : "B", flag_holder_ >= 0 ? seat_name(flag_holder_) : "-");
  for (int r = 0; r < kGridSide; ++r) {
    for (int col = 0; col < kGridSide; ++col) {
      const int cl = cell(r, col);
      const int t = grid_.tile[cl];
      std::string mark = " ";
      if (flag_pos_ == cl) mark = "F";
      for (int k = 2; k < 6; ++k)
        if (markers_[k] == cl) mark = std::to_string(k);
      s += fmt::format("{:>4}{}", t >= 0 ? c().tiles[t].id : "..", mark);
    }
    s += "\n";
  }
  if (flag_pos_ >= kNumCells) s += "flag at " + position_name(flag_pos_) + "\n";
  for (int p = 0; p < n(); ++p) {
    const Player& pl = players_[p];
    const bool own = p == seat || stage_ == Stage::kOver;
    const auto sp = pl.board.spices();
    s += fmt::format(
        "{:<7} ducats {:>3}  ships {:>2}  colonists {:>2}  cards {}  expedition {}  levels "
        "{}{}{}{}{}  spices {}/{}/{}/{}/{}  colonies {}\n",
        seat_name(p), own ? std::to_string(pl.ducats) : "?", pl.ships, pl.colonists,
        pl.extra_action_cards, pl.hand.size(), pl.development.level[0], pl.development.level[1],
        pl.development.level[2], pl.development.level[3], pl.development.level[4], sp[0], sp[1],
        sp[2], sp[3], sp[4], pl.board.colonies.size());
  }
  if (stage_ == Stage::kOver) {
    const auto sheets = score_sheets();
    for (int p = 0; p < n(); ++p)
      s += fmt::format("{} scores {}\n", seat_name(p), sheets[p].total());
  } else if (!is_chance()) {
    s += seat_name(current_player()) + " to move\n";
  }
  return s;
}

}  // namespace meeple::goa
