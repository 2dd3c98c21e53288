#include "games/goa/special_tiles.h"

#include <algorithm>
#include <string>

namespace meeple::goa {

int reveal_resupply(const Components& c, int cards, ExpeditionDeck& deck, const Pick& pick) {
  int colonists = 0;
  for (int i = 0; i < cards; ++i) colonists += deck.reveal(c, pick);
  return colonists;
}

Status take_resupply(Player& p, int amount, ResupplyKind kind, const std::vector<SpiceMove>& spices,
                     ExpeditionDeck& deck) {
  if (kind == ResupplyKind::kSpices) {
    if (static_cast<int>(spices.size()) != placeable_spices(p, amount))
      return illegal_action("take as many spices as fit, up to the revealed number");
    if (Status s = place_spices(p, amount, spices); !s) return s;
  } else if (!spices.empty()) {
    return illegal_action("spices only when spices are chosen");
  } else if (kind == ResupplyKind::kColonists) {
    p.colonists += amount;
  } else {
    p.ships += amount;
  }
  deck.end_reveal();
  return Status::ok();
}

Status extra_harvest(Player& p, int max_holdings, const std::vector<SpiceMove>& moves) {
  std::vector<int> touched;
  for (const SpiceMove& m : moves)
    if (std::find(touched.begin(), touched.end(), m.holding) == touched.end())
      touched.push_back(m.holding);
  if (static_cast<int>(touched.size()) > max_holdings)
    return illegal_action("at most " + std::to_string(max_holdings) + " plantations or colonies");
  SupplyBoard before = p.board;
  if (Status s = place_spices(p, static_cast<int>(moves.size()), moves); !s) return s;
  for (int h : touched)
    if (p.board.holding(h).empty() != 0) {
      p.board = std::move(before);
      return illegal_action("each chosen plantation or colony is filled completely");
    }
  return Status::ok();
}

Status check_espionage_track(int track) {
  if (track == kShipsTrack || track == kHarvestTrack || track == kTaxesTrack ||
      track == kColonistsTrack)
    return Status::ok();
  return illegal_action("Espionage copies Ships, Harvest, Taxes or Found a colony only");
}

Development borrowed_development(const Development& own, const Development& opponent, int track) {
  Development d = own;
  d.level[track] = opponent.level[track];
  return d;
}

}  // namespace meeple::goa
