// The terminal's picture of a Goa state from one seat's point of view:
// round and stage, the grid (tile ids, '..' for sold cells, @F for the flag,
// the marker numbers), each seat's counts, holdings, kept tiles and own hand
// as that seat may see them, and the auction in progress.
#include <fmt/format.h>

#include "games/goa/goa_state.h"
#include "games/goa/play_area.h"
#include "games/goa/supply_board.h"

namespace meeple::goa {

// One seat's plantations, colonies, kept tiles and (to its owner, or once
// the game is over) its expedition hand, e.g.
//   red: A04 clove 1/2, quilon 0/3 | kept A21 | hand 3 (SHIPS), 17 (HARVEST_MIX)
std::string GoaState::goods_text(int p, Seat seat) const {
  const Player& pl = players_[p];
  const bool own = p == seat || stage_ == Stage::kOver;
  std::string s = "  " + seat_name(p) + ":";
  const size_t empty = s.size();
  for (int i = 0; i < pl.board.num_holdings(); ++i) {
    const Holding& h = pl.board.holding(i);
    const std::string name = h.tile >= 0 ? c().tiles[h.tile].id : c().colonies[h.colony].id;
    s += fmt::format(" {} {}/{}", name, h.filled(), h.capacity);
  }
  std::string kept;
  for (const KeptTile& k : holdings_[p].tiles) {
    const bool hidden = !own && c().tiles[k.tile].kind == TileKind::kMission;
    kept += " " + (hidden ? std::string("mission") : c().tiles[k.tile].id) + (k.used ? "*" : "");
  }
  if (!kept.empty()) s += " | kept" + kept;
  if (own && !pl.hand.empty()) {
    s += " | hand";
    for (int card : pl.hand)
      s += fmt::format(" {}({})", c().cards[card].id, effect_name(c().cards[card].effect));
  }
  return s.size() == empty ? "" : s + "\n";  // nothing held yet: no line
}

std::string GoaState::to_text(Seat seat) const {
  std::string s =
      fmt::format("Goa, round {} (era {}), start player {}\n", std::min(round_, 8),
                  era_ == 0 ? "A" : "B", flag_holder_ >= 0 ? seat_name(flag_holder_) : "-");
  for (int r = 0; r < kGridSide; ++r) {
    for (int col = 0; col < kGridSide; ++col) {
      const int cl = cell(r, col);
      const int t = grid_.tile[cl];
      // "A06@4": tile A06 under number marker 4; "@F": the flag.
      std::string mark = "  ";
      if (flag_pos_ == cl) mark = "@F";
      for (int k = 2; k < 6; ++k)
        if (markers_[k] == cl) mark = fmt::format("@{}", k);  // not "@" + string: -Wrestrict at -O3
      s += fmt::format(" {:>3}{}", t >= 0 ? c().tiles[t].id : "..", mark);
    }
    // The row's tiles by name, so the ids need no rulebook at hand.
    std::string names;
    for (int col = 0; col < kGridSide; ++col)
      if (const int t = grid_.tile[cell(r, col)]; t >= 0)
        names +=
            fmt::format("{}{} {}", names.empty() ? "" : "; ", c().tiles[t].id, c().tiles[t].name);
    s += names.empty() ? "\n" : "   " + names + "\n";
  }
  if (flag_pos_ >= kNumCells) s += "flag at " + position_name(flag_pos_) + "\n";
  for (int p = 0; p < n(); ++p) {
    const Player& pl = players_[p];
    const bool own = p == seat || stage_ == Stage::kOver;
    const auto sp = pl.board.spices();
    s += fmt::format(
        "{:<7} ducats {:>3}  ships {:>2}  colonists {:>2}  action cards {}  expedition cards {}  "
        "levels S{} H{} T{} E{} C{}  spices {}/{}/{}/{}/{}  colonies {}\n",
        seat_name(p), own ? std::to_string(pl.ducats) : "?", pl.ships, pl.colonists,
        pl.extra_action_cards, pl.hand.size(), pl.development.level[0], pl.development.level[1],
        pl.development.level[2], pl.development.level[3], pl.development.level[4], sp[0], sp[1],
        sp[2], sp[3], sp[4], pl.board.colonies.size());
  }
  for (int p = 0; p < n(); ++p) s += goods_text(p, seat);
  if (auction_) {
    const std::string lot =
        lot_ == 1 ? "the flag"
                  : fmt::format("tile {} at {}", c().tiles[grid_.tile[markers_[lot_]]].id,
                                position_name(markers_[lot_]));
    s += fmt::format("auction of {} (auctioneer {}): ", lot, seat_name(auction_->auctioneer()));
    s += auction_->high_bid() > 0 ? fmt::format("high bid {} by {}", auction_->high_bid(),
                                                seat_name(auction_->high_bidder()))
                                  : std::string("no bid yet");
    s += "\n";
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
