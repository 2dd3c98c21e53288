#include "games/goa/kept_tiles.h"

namespace meeple::goa {
namespace {

Status check_kept(const Holdings& h, int kept) {
  if (kept < 0 || kept >= static_cast<int>(h.tiles.size())) return invalid_argument("no such tile");
  if (h.tiles[kept].used) return illegal_action("that tile is already used");
  return Status::ok();
}

}  // namespace

Status apply_gain(const Gain& g, Player& p, ExpeditionDeck& deck, const Pick& pick,
                  const std::vector<SpiceMove>& spices) {
  if (static_cast<int>(spices.size()) != placeable_spices(p, g.spices))
    return illegal_action("place as many spices as fit, up to the gain");
  if (Status s = place_spices(p, g.spices, spices); !s) return s;
  p.ships += g.ships;
  p.colonists += g.colonists;
  p.ducats += g.ducats;
  p.extra_action_cards += g.extra_action_cards;
  for (int i = 0; i < g.expedition_cards; ++i)
    if (const int card = deck.draw(pick); card >= 0) p.hand.push_back(card);
  return Status::ok();
}

Status take_won_tile(const Components& c, int tile, Player& p, Holdings& h, ExpeditionDeck& deck,
                     const Pick& pick, int discard, int crop_spice, bool colonists) {
  if (tile < 0 || tile >= static_cast<int>(c.tiles.size())) return invalid_argument("no such tile");
  const TileInfo& info = c.tiles[tile];
  switch (tile_timing(info.kind)) {
    case TileTiming::kPlantation:
      return place_plantation(c, p.board, tile, discard, crop_spice);
    case TileTiming::kInstant:
      return apply_gain(instant_gain(info, colonists), p, deck, pick, {});
    default:
      h.tiles.push_back({tile, false});
      return Status::ok();
  }
}

Status use_recurring(const Components& c, int kept, Player& p, Holdings& h, ExpeditionDeck& deck,
                     const Pick& pick, const std::vector<SpiceMove>& spices) {
  if (Status s = check_kept(h, kept); !s) return s;
  const TileInfo& info = c.tiles[h.tiles[kept].tile];
  if (tile_timing(info.kind) != TileTiming::kRecurring) return illegal_action("not a red tile");
  if (Status s = apply_gain(recurring_gain(info), p, deck, pick, spices); !s) return s;
  h.tiles[kept].used = true;
  return Status::ok();
}

void refresh_recurring(const Components& c, Holdings& h) {
  for (KeptTile& k : h.tiles)
    if (tile_timing(c.tiles[k.tile].kind) == TileTiming::kRecurring) k.used = false;
}

Status activate_duty(const Components& c, int kept, Player& p, Holdings& h,
                     const std::vector<SpiceMove>& paid) {
  if (Status s = check_kept(h, kept); !s) return s;
  const TileInfo& info = c.tiles[h.tiles[kept].tile];
  if (info.kind != TileKind::kDuty) return illegal_action("not a Duty tile");
  if (Status s = return_spices(p, info.amount, paid); !s) return s;
  h.tiles[kept].used = true;
  return Status::ok();
}

Tally tally_of(const Components& c, const Player& p, const Holdings& h) {
  Tally t;
  t.development = p.development;
  t.colonies = static_cast<int>(p.board.colonies.size());
  for (int card : p.hand) ++t.symbols_in_hand[c.cards[card].symbol];
  t.single_plantations = p.board.single_plantations() + p.board.discarded_single_plantations;
  for (const KeptTile& k : h.tiles) {
    const TileInfo& info = c.tiles[k.tile];
    if (info.kind == TileKind::kForeman) t.foreman = true;
    if (info.kind == TileKind::kDuty && k.used) ++t.activated_duties;
    if (info.kind == TileKind::kMission) t.printed_vp += info.vp;
  }
  for (int vp : h.bonanza_vp) t.printed_vp += vp;
  t.ducats = p.ducats;
  return t;
}

}  // namespace meeple::goa
