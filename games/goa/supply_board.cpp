#include "games/goa/supply_board.h"

#include <fmt/format.h>

namespace meeple::goa {

int SupplyBoard::room_for(int spice) const {
  int n = 0;
  for (int h = 0; h < num_holdings(); ++h)
    if ((holding(h).allowed >> spice) & 1) n += holding(h).empty();
  return n;
}

bool SupplyBoard::plantations_full(const Components& c) const {
  return static_cast<int>(plantations.size()) >= c.setup.plantation_spaces;
}

int SupplyBoard::single_plantations() const {
  int n = 0;
  // Crop rotation's single space takes any spice; it is no plantation and scores 0.
  for (const Holding& p : plantations)
    n += p.tile >= 0 && p.capacity == 1 && p.allowed != kAnySpice;
  return n;
}

Status place_plantation(const Components& c, SupplyBoard& b, int tile, int discard,
                        int crop_spice) {
  if (tile < 0 || tile >= static_cast<int>(c.tiles.size())) return invalid_argument("no such tile");
  const TileInfo& info = c.tiles[tile];
  const bool crop = info.kind == TileKind::kCropRotation;
  if (!info.is_plantation() && !crop) return illegal_action(info.id + " is not a plantation");
  if (crop && (crop_spice < 0 || crop_spice >= kNumSpices))
    return illegal_action("Crop rotation arrives with one spice of the owner's choice");
  if (b.plantations_full(c)) {
    if (discard < 0 || discard >= static_cast<int>(b.plantations.size()))
      return illegal_action("all plantation spaces are taken: discard one first");
    const Holding& gone = b.plantations[discard];
    // A single plantation keeps its VP face down (Crop rotation scores 0).
    if (gone.capacity == 1 && c.tiles[gone.tile].is_plantation()) ++b.discarded_single_plantations;
    b.plantations.erase(b.plantations.begin() + discard);
  } else if (discard >= 0) {
    return illegal_action("a plantation is discarded only when all spaces are taken");
  }
  Holding h;
  h.tile = tile;
  h.capacity = info.spaces;
  h.allowed = crop ? kAnySpice : SpiceSet(1 << info.spice);
  h.spices[crop ? crop_spice : info.spice] = info.spaces;
  b.plantations.push_back(h);
  return Status::ok();
}

Status place_colony(const Components& c, SupplyBoard& b, int colony, int colony_tile,
                    const std::vector<int>& fill) {
  if (colony < 0 || colony >= static_cast<int>(c.colonies.size()))
    return invalid_argument("no such colony");
  const auto& tiles = c.colonies[colony].tiles;
  if (colony_tile < 0 || colony_tile >= static_cast<int>(tiles.size()))
    return invalid_argument("no such colony tile");
  for (const Holding& h : b.colonies)
    if (h.colony == colony)
      return illegal_action("one colony per name: " + c.colonies[colony].name);
  const ColonyTile& t = tiles[colony_tile];
  if (static_cast<int>(fill.size()) != t.spaces)
    return illegal_action(fmt::format("the colony has {} spaces to fill", t.spaces));
  Holding h;
  h.colony = colony;
  h.colony_tile = colony_tile;
  h.capacity = t.spaces;
  h.allowed = t.allowed;
  for (int s : fill) {
    if (s < 0 || s >= kNumSpices || !((t.allowed >> s) & 1))
      return illegal_action("a spice the colony's space does not take");
    ++h.spices[s];
  }
  b.colonies.push_back(h);
  return Status::ok();
}

Status add_spice(SupplyBoard& b, int h, int spice) {
  if (h < 0 || h >= b.num_holdings() || spice < 0 || spice >= kNumSpices)
    return invalid_argument("no such holding or spice");
  Holding& x = b.holding(h);
  if (!x.accepts(spice)) return illegal_action("no empty space for that spice there");
  ++x.spices[spice];
  return Status::ok();
}

Status remove_spice(SupplyBoard& b, int h, int spice) {
  if (h < 0 || h >= b.num_holdings() || spice < 0 || spice >= kNumSpices)
    return invalid_argument("no such holding or spice");
  Holding& x = b.holding(h);
  if (x.spices[spice] == 0) return illegal_action("no such spice there");
  --x.spices[spice];
  return Status::ok();
}

}  // namespace meeple::goa
