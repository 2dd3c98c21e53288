// The windows of an action turn (goa.md §8.1, §8.8-§8.10, rulings 27-35):
// what the seat on turn may do besides its action — play its one
// expedition card, discard cards, use red and once-per-game tiles and Swap,
// buy an additional action card — and the sub-decisions these open (tasks
// kHarvestMix ... kSwap of goa_state.h).
//
// Espionage (ruling 28) resolves Ships, Harvest, Taxes or a foundation
// with the chosen opponent's level; an "A" card played in the opening
// window (HARVEST_MIX, COLONY_EXTRA) modifies it when the kinds match, and
// then no longer binds the turn's own action. Resupply used inside a foundation's
// window ends that foundation's reveal early (its cards go to the discard
// pile with Resupply's), which matters only if a reshuffle follows in the
// same turn.
#include <algorithm>
#include <bit>
#include <cassert>

#include "games/goa/gains.h"
#include "games/goa/goa_state.h"
#include "games/goa/special_tiles.h"

namespace meeple::goa {

int GoaState::kept_index(int seat, int tile) const {
  const auto& tiles = holdings_[seat].tiles;
  for (int k = 0; k < static_cast<int>(tiles.size()); ++k)
    if (tiles[k].tile == tile) return k;
  return -1;
}

Waiver GoaState::a_card_waiver() const {
  if (a_card_ < 0) return Waiver::kNone;
  switch (c().cards[a_card_].effect) {
    case Effect::kProgressShips:
      return Waiver::kSpices;  // pay only the ships
    case Effect::kProgressSpices:
      return Waiver::kShips;  // pay only the spices
    default:
      return Waiver::kNone;
  }
}

void GoaState::start_action_turn() {
  turn_action_ = -1;
  card_played_ = bought_ = false;
  a_card_ = -1;
}

bool GoaState::tile_usable(int seat, const KeptTile& k) const {
  if (k.used) return false;
  const Player& p = players_[seat];
  const TileInfo& info = c().tiles[k.tile];
  switch (info.kind) {
    case TileKind::kRecurringShip:
    case TileKind::kRecurringColonist:
    case TileKind::kRecurringDucats:
    case TileKind::kRecurringExpedition:
    case TileKind::kResupply:
    case TileKind::kEspionage:
      return true;
    case TileKind::kRecurringSpice:  // only if the spice can be placed (§8.4)
      return placeable_spices(p, 1) > 0;
    case TileKind::kDuty: {
      int held = 0;
      for (int x : p.board.spices()) held += x;
      return held >= info.amount;
    }
    case TileKind::kViceKing:
      return *std::min_element(p.development.level.begin(), p.development.level.end()) < kNumLevels;
    case TileKind::kExtraHarvest:
      return placeable_spices(p, 1) > 0;
    case TileKind::kSwap:
      return grid_.full() != 0;
    default:
      return false;
  }
}

bool GoaState::card_playable(int seat, int card, bool opening, bool founding) const {
  if (card_played_) return false;
  const Player& p = players_[seat];
  const ExpeditionCard& info = c().cards[card];
  switch (info.effect) {
    case Effect::kShips:
    case Effect::kColonists:
    case Effect::kDucats:
    case Effect::kSpices:
    case Effect::kSell:
      return true;
    case Effect::kBuyProgress:
      return p.ducats >= info.price &&
             *std::min_element(p.development.level.begin(), p.development.level.end()) < kNumLevels;
    case Effect::kHarvestMix:
      return opening;
    case Effect::kProgressShips:
    case Effect::kProgressSpices: {
      if (!opening) return false;
      const Waiver w = info.effect == Effect::kProgressShips ? Waiver::kSpices : Waiver::kShips;
      for (int t = 0; t < kNumTracks; ++t) {
        const int level = p.development.level[t] + 1;
        if (level <= kNumLevels &&
            can_pay(develop_cost(c().board, t, level, w), p.board.spices(), p.ships))
          return true;
      }
      return false;
    }
    case Effect::kColonyExtra:
      if (founding) return true;
      if (!opening) return false;
      for (int col = 0; col < static_cast<int>(c().colonies.size()); ++col)
        if (action_legal(seat, act::kFound + col)) return true;
      return false;
  }
  return false;
}

void GoaState::window_options(int seat, bool opening, bool founding,
                              std::vector<Action>& out) const {
  const Player& p = players_[seat];
  std::vector<int> hand = p.hand;
  std::sort(hand.begin(), hand.end());
  for (int card : hand) out.push_back(act::kCard + card);
  for (int card : hand)
    if (card_playable(seat, card, opening, founding)) out.push_back(act::kPlayCard + card);
  std::vector<int> tiles;
  for (const KeptTile& k : holdings_[seat].tiles)
    if (tile_usable(seat, k)) tiles.push_back(k.tile);
  std::sort(tiles.begin(), tiles.end());
  for (int t : tiles) out.push_back(act::kUseTile + t);
  // §8.10: once per action, never with Taxes.
  if (!bought_ && turn_action_ != act::kTaxes && p.ducats >= c().setup.extra_action_price)
    out.push_back(act::kBuyCard);
}

void GoaState::apply_window(int seat, Action a) {
  Player& p = players_[seat];
  if (a >= act::kCard && a < act::kCard + 30) {  // discard without effect
    const int card = a - act::kCard;
    p.hand.erase(std::find(p.hand.begin(), p.hand.end(), card));
    deck_.to_discard(card);
    return;
  }
  if (a == act::kBuyCard) {
    const Status st = buy_extra_action_card(c(), p);
    assert(st.is_ok());
    (void)st;
    bought_ = true;
    return;
  }
  if (a >= act::kPlayCard && a < act::kUseTile) {
    const int card = a - act::kPlayCard;
    const ExpeditionCard& info = c().cards[card];
    card_played_ = true;
    p.hand.erase(std::find(p.hand.begin(), p.hand.end(), card));
    deck_.to_discard(card);  // played cards are public at once
    switch (info.effect) {
      case Effect::kBuyProgress:
        tasks_.push_back({TaskKind::kBuyProgress, seat, 0, card, -1});
        break;
      case Effect::kShips:
      case Effect::kColonists:
      case Effect::kDucats: {
        const Status st = apply_gain(card_gain(c(), info.effect), p, deck_, Pick{}, {});
        assert(st.is_ok());
        (void)st;
        break;
      }
      case Effect::kSpices:
        tasks_.push_back(
            {TaskKind::kPlaceSpices, seat, card_gain(c(), info.effect).spices, -1, -1});
        break;
      case Effect::kSell:
        tasks_.push_back({TaskKind::kSell, seat, 0, card, -1});
        break;
      case Effect::kColonyExtra:
        if (!tasks_.empty() && tasks_.back().kind == TaskKind::kFoundSettle) {
          tasks_.push_back(
              {TaskKind::kReveal, seat, c().colony_extra_reveal - c().colony_reveal, -1, 0});
          break;
        }
        a_card_ = card;
        break;
      default:  // HARVEST_MIX, PROGRESS_SHIPS, PROGRESS_SPICES bind the action
        a_card_ = card;
        break;
    }
    return;
  }
  // A kept tile.
  const int tile = a - act::kUseTile;
  const int k = kept_index(seat, tile);
  const TileInfo& info = c().tiles[tile];
  KeptTile& kept = holdings_[seat].tiles[k];
  switch (tile_timing(info.kind)) {
    case TileTiming::kRecurring: {
      kept.used = true;
      Gain g = recurring_gain(info);
      const int draws = g.expedition_cards, spices = g.spices;
      g.expedition_cards = g.spices = 0;
      const Status st = apply_gain(g, p, deck_, Pick{}, {});
      assert(st.is_ok());
      (void)st;
      if (spices > 0) tasks_.push_back({TaskKind::kPlaceSpices, seat, spices, -1, -1});
      if (draws > 0) tasks_.push_back({TaskKind::kDraw, seat, draws, -1, -1});
      return;
    }
    default:
      break;
  }
  switch (info.kind) {
    case TileKind::kDuty:
      pay_moves_.clear();
      tasks_.push_back({TaskKind::kDuty, seat, 0, k, -1});
      return;
    case TileKind::kViceKing:
      tasks_.push_back({TaskKind::kViceKing, seat, 0, k, -1});
      return;
    case TileKind::kResupply:
      kept.used = true;
      resupply_revealed_ = 0;
      tasks_.push_back({TaskKind::kResupply, seat, 0, k, -1});
      tasks_.push_back({TaskKind::kReveal, seat, info.amount, -1, 1});
      return;
    case TileKind::kExtraHarvest:
      kept.used = true;
      tasks_.push_back({TaskKind::kExtraHarvest, seat, 0, k, -1});
      return;
    case TileKind::kSwap:
      tasks_.push_back({TaskKind::kSwap, seat, 0, k, -1});
      return;
    case TileKind::kEspionage:
      tasks_.push_back({TaskKind::kEspionage, seat, 0, k, -1});
      return;
    default:
      assert(false);
  }
}

}  // namespace meeple::goa
