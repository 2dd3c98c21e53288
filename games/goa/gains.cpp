#include "games/goa/gains.h"

namespace meeple::goa {

TileTiming tile_timing(TileKind k) {
  switch (k) {
    case TileKind::kPlantation:
    case TileKind::kCropRotation:
      return TileTiming::kPlantation;
    case TileKind::kExtraActions:
    case TileKind::kExpeditions:
    case TileKind::kShips:
    case TileKind::kColonists:
    case TileKind::kSettlement:
    case TileKind::kShipsOrColonists:
    case TileKind::kFavor:
      return TileTiming::kInstant;
    case TileKind::kRecurringShip:
    case TileKind::kRecurringDucats:
    case TileKind::kRecurringColonist:
    case TileKind::kRecurringSpice:
    case TileKind::kRecurringExpedition:
      return TileTiming::kRecurring;
    case TileKind::kDuty:
    case TileKind::kExtraHarvest:
    case TileKind::kEspionage:
    case TileKind::kResupply:
    case TileKind::kViceKing:
      return TileTiming::kOncePerGame;
    case TileKind::kSwap:
      return TileTiming::kSwap;
    case TileKind::kForeman:
    case TileKind::kMission:
      return TileTiming::kVictoryPoints;
  }
  return TileTiming::kInstant;
}

Gain instant_gain(const TileInfo& t, bool colonists) {
  Gain g;
  switch (t.kind) {
    case TileKind::kExtraActions:
      g.extra_action_cards = t.amount;
      break;
    case TileKind::kExpeditions:
      g.expedition_cards = t.amount;
      break;
    case TileKind::kShips:
      g.ships = t.amount;
      break;
    case TileKind::kColonists:
      g.colonists = t.amount;
      break;
    case TileKind::kSettlement:
      g.ships = g.colonists = g.extra_action_cards = t.amount;
      break;
    case TileKind::kShipsOrColonists:
      (colonists ? g.colonists : g.ships) = t.amount;
      break;
    default:
      break;
  }
  return g;
}

Gain recurring_gain(const TileInfo& t) {
  Gain g;
  switch (t.kind) {
    case TileKind::kRecurringShip:
      g.ships = t.amount;
      break;
    case TileKind::kRecurringDucats:
      g.ducats = t.amount;
      break;
    case TileKind::kRecurringColonist:
      g.colonists = t.amount;
      break;
    case TileKind::kRecurringSpice:
      g.spices = t.amount;
      break;
    case TileKind::kRecurringExpedition:
      g.expedition_cards = t.amount;
      break;
    default:
      break;
  }
  return g;
}

Gain bonanza_gain(const BonanzaTile& b) {
  return {b.ships, b.colonists, b.ducats, b.extra_action_cards, b.expedition_cards, b.spices, b.vp};
}

Gain card_gain(const Components& c, Effect e) {
  Gain g;
  const int n = c.effects[static_cast<int>(e)].amount;
  switch (e) {
    case Effect::kShips:
      g.ships = n;
      break;
    case Effect::kColonists:
      g.colonists = n;
      break;
    case Effect::kDucats:
      g.ducats = n;
      break;
    case Effect::kSpices:
      g.spices = n;
      break;
    default:
      break;
  }
  return g;
}

}  // namespace meeple::goa
