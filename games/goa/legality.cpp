// Who decides now and what is legal (goa.md §6-§9): the top task of the
// stack, else the stage of the round. Every list is built in ascending id
// order (the ranges of goa_state.h ascend in the order they are visited).
#include <algorithm>
#include <bit>

#include "games/goa/colony.h"
#include "games/goa/goa_state.h"
#include "games/goa/play_area.h"

namespace meeple::goa {

Seat GoaState::current_player() const {
  if (stage_ == Stage::kOver) return kTerminal;
  if (chance_count() > 0) return kChance;
  if (!tasks_.empty()) return tasks_.back().seat;
  switch (stage_) {
    case Stage::kPlaceFlag:
      return round_start_;
    case Stage::kPlaceMarker:
      return marker_owner(round_start_, placed_ + 1, n());
    case Stage::kBid:
      return auction_->to_move();
    case Stage::kAuctioneer:
      return auction_->auctioneer();
    case Stage::kActionTurn:
      return turn_order_[turn_];
    case Stage::kExtraTurn:
      return extra_seat_;
    case Stage::kQuickStart:
      return quick_seat();
    default:
      return kChance;
  }
}

std::vector<ChanceOutcome> GoaState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  const int count = chance_count();
  for (int i = 0; i < count; ++i) out.push_back({act::kOutcome + i, 1.0 / count});
  return out;
}

bool GoaState::action_legal(int seat, Action a) const {
  const Player& p = players_[seat];
  if (a >= act::kDevelop && a < act::kDevelop + kNumTracks) {
    const int track = a - act::kDevelop;
    const int level = p.development.level[track] + 1;
    if (level > kNumLevels) return false;
    return can_pay(develop_cost(c().board, track, level, Waiver::kNone), p.board.spices(), p.ships);
  }
  if (a == act::kShips || a == act::kHarvest || a == act::kTaxes || a == act::kExpedition)
    return true;
  const int colony = a - act::kFound;
  if (colony < 0 || colony >= static_cast<int>(c().colonies.size())) return false;
  for (const Holding& h : p.board.colonies)
    if (h.colony == colony) return false;
  return std::popcount(static_cast<unsigned>(colony_taken_[colony])) <
         static_cast<int>(c().colonies[colony].tiles.size());
}

void GoaState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (stage_ == Stage::kOver) return;
  if (const int count = chance_count(); count > 0) {
    for (int i = 0; i < count; ++i) out.push_back(act::kOutcome + i);
    return;
  }
  if (!tasks_.empty()) {
    const Task& t = tasks_.back();
    const Player& p = players_[t.seat];
    switch (t.kind) {
      case TaskKind::kPlaceSpices:
        for (int h = 0; h < p.board.num_holdings(); ++h)
          for (int s = 0; s < kNumSpices; ++s)
            if (p.board.holding(h).accepts(s)) out.push_back(act::kSpiceAt + h * kNumSpices + s);
        break;
      case TaskKind::kPayDevelop: {
        const int s = next_payment_spice();
        for (int h = 0; h < p.board.num_holdings(); ++h) {
          int used = 0;
          for (const SpiceMove& m : pay_moves_) used += m.holding == h && m.spice == s;
          if (holding_spice(t.seat, h, s) > used) out.push_back(act::kSpiceAt + h * kNumSpices + s);
        }
        break;
      }
      case TaskKind::kResolveTile: {
        const TileInfo& info = c().tiles[t.arg];
        if (info.kind == TileKind::kPlantation || info.kind == TileKind::kCropRotation) {
          if (p.board.plantations_full(c()) && t.arg2 < 0) {
            for (int i = 0; i < static_cast<int>(p.board.plantations.size()); ++i)
              out.push_back(act::kDiscardPlantation + i);
          } else {
            for (int s = 0; s < kNumSpices; ++s) out.push_back(act::kSpiceType + s);
          }
        } else if (info.kind == TileKind::kShipsOrColonists) {
          out = {act::kTakeShips, act::kTakeColonists};
        } else {  // Favor
          for (int tile : pool_) out.push_back(act::kTile + tile);
        }
        break;
      }
      case TaskKind::kExpedition: {
        const int take = track_value(c().board, p.development, kExpeditionTrack);
        const int limit = expedition_limit(c().board, p.development);
        const int hand = static_cast<int>(p.hand.size());
        if (hand > limit || t.count == 0)
          for (int card : p.hand) out.push_back(act::kCard + card);
        if (hand <= limit) {
          if (t.count < take && hand < limit && deck_.choices() > 0) out.push_back(act::kDraw);
          out.push_back(act::kStop);
        }
        break;
      }
      case TaskKind::kFoundSettle: {
        const Foundation f{c().colonies[t.arg].required, found_base(t), found_revealed_};
        if (p.colonists >= f.shortfall()) out.push_back(act::kPay);
        out.push_back(act::kDecline);
        window_options(t.seat, false, true, out);
        break;
      }
      case TaskKind::kEndTurn:
        out.push_back(act::kStop);
        window_options(t.seat, false, false, out);
        break;
      case TaskKind::kHarvestMix:
        out.push_back(act::kTakeShips);
        out.push_back(act::kTakeColonists);
        for (int h = 0; h < p.board.num_holdings(); ++h)
          for (int s = 0; s < kNumSpices; ++s)
            if (p.board.holding(h).accepts(s)) out.push_back(act::kSpiceAt + h * kNumSpices + s);
        break;
      case TaskKind::kSell:
        out.push_back(act::kStop);
        for (int h = 0; h < p.board.num_holdings(); ++h)
          for (int s = 0; s < kNumSpices; ++s)
            if (p.board.holding(h).spices[s] > 0) out.push_back(act::kSpiceAt + h * kNumSpices + s);
        break;
      case TaskKind::kDuty:
        for (int h = 0; h < p.board.num_holdings(); ++h)
          for (int s = 0; s < kNumSpices; ++s) {
            int used = 0;
            for (const SpiceMove& m : pay_moves_) used += m.holding == h && m.spice == s;
            if (holding_spice(t.seat, h, s) > used)
              out.push_back(act::kSpiceAt + h * kNumSpices + s);
          }
        break;
      case TaskKind::kExtraHarvest: {
        bool pending = false;
        for (int h = 0; h < p.board.num_holdings(); ++h)
          pending |= ((t.count >> h) & 1) && p.board.holding(h).empty() > 0;
        const int max = c().tiles[holdings_[t.seat].tiles[t.arg].tile].amount;
        const bool fresh = !pending && std::popcount(static_cast<unsigned>(t.count)) < max;
        if (!pending) out.push_back(act::kStop);
        for (int h = 0; h < p.board.num_holdings(); ++h) {
          const bool touched = (t.count >> h) & 1;
          if (touched ? !pending : !fresh) continue;
          for (int s = 0; s < kNumSpices; ++s)
            if (p.board.holding(h).accepts(s)) out.push_back(act::kSpiceAt + h * kNumSpices + s);
        }
        break;
      }
      case TaskKind::kBuyProgress:
        for (int tr = 0; tr < kNumTracks; ++tr)
          if (p.development.level[tr] < kNumLevels) out.push_back(act::kTrack + tr);
        break;
      case TaskKind::kViceKing: {
        const int lowest =
            *std::min_element(p.development.level.begin(), p.development.level.end());
        for (int tr = 0; tr < kNumTracks; ++tr)
          if (p.development.level[tr] == lowest) out.push_back(act::kTrack + tr);
        break;
      }
      case TaskKind::kResupply:
        out = {act::kTakeShips, act::kTakeColonists, act::kTakeSpices};
        break;
      case TaskKind::kEspionage: {
        bool founding = false;
        for (const Task& u : tasks_) founding |= u.kind == TaskKind::kFoundSettle;
        for (int o = 0; o < n(); ++o) {
          if (o == t.seat) continue;
          for (int k = 0; k < 3; ++k) out.push_back(act::kSpy + o * 8 + k);
          if (founding) continue;  // one foundation at a time
          for (int col = 0; col < static_cast<int>(c().colonies.size()); ++col)
            if (action_legal(t.seat, act::kFound + col)) out.push_back(act::kSpy + o * 8 + 3 + col);
        }
        break;
      }
      case TaskKind::kSwap: {
        const CellSet full = grid_.full();
        for (int cl = 0; cl < kNumCells; ++cl)
          if ((full >> cl) & 1) out.push_back(act::kSwapCell + cl);
        break;
      }
      case TaskKind::kColonyTile:
        for (int i = 0; i < static_cast<int>(c().colonies[t.arg].tiles.size()); ++i)
          if (!((colony_taken_[t.arg] >> i) & 1)) out.push_back(act::kColonyTile + i);
        break;
      case TaskKind::kColonyFill: {
        const SpiceSet allowed = c().colonies[t.arg].tiles[t.arg2].allowed;
        for (int s = 0; s < kNumSpices; ++s)
          if ((allowed >> s) & 1) out.push_back(act::kSpiceType + s);
        break;
      }
      default:
        break;
    }
    std::sort(out.begin(), out.end());
    return;
  }
  const CellSet full = grid_.full();
  switch (stage_) {
    case Stage::kPlaceFlag: {
      const PositionSet ps = flag_positions(full);
      for (int pos = 0; pos < kNumPositions; ++pos)
        if ((ps >> pos) & 1) out.push_back(act::kPosition + pos);
      break;
    }
    case Stage::kPlaceMarker: {
      CellSet marked = 0;
      for (int k = 2; k <= placed_; ++k) marked |= CellSet{1} << markers_[k];
      const int from = placed_ == 1 ? flag_pos_ : markers_[placed_];
      const CellSet cells = marker_cells(full, marked, from);
      for (int pos = 0; pos < kNumCells; ++pos)
        if ((cells >> pos) & 1) out.push_back(act::kPosition + pos);
      break;
    }
    case Stage::kBid: {
      out.push_back(act::kPass);
      const int most = std::min(players_[auction_->to_move()].ducats, act::kMaxBid);
      for (int b = auction_->high_bid() + 1; b <= most; ++b) out.push_back(act::kBid + b);
      break;
    }
    case Stage::kQuickStart: {
      // Cubes still on row 1, one track at a time; the ducats instead of
      // the first cube only.
      const Player& p = players_[quick_seat()];
      for (int t = 0; t < kNumTracks; ++t)
        if (p.development.level[t] == 1 && !((quick_mask_ >> t) & 1))
          out.push_back(act::kTrack + t);
      if (quick_mask_ == 0) out.push_back(act::kQuickDucats);
      break;
    }
    case Stage::kAuctioneer:
      if (auction_->high_bid() == 0) {
        out.push_back(act::kTake);
      } else {
        out.push_back(act::kSell);
        if (players_[auction_->auctioneer()].ducats >= auction_->buy_price())
          out.push_back(act::kBuy);
      }
      break;
    case Stage::kExtraTurn:
      if (!extra_acting_) {
        out = {act::kPass, act::kUseCard};
        break;
      }
      [[fallthrough]];
    case Stage::kActionTurn: {
      const int seat = current_player();
      const Effect bound = a_card_ >= 0 ? c().cards[a_card_].effect : Effect::kShips;
      const Player& p = players_[seat];
      for (Action a = act::kDevelop; a < act::kFound + static_cast<Action>(c().colonies.size());
           ++a) {
        if (a_card_ >= 0) {  // an "A" card binds the action
          const bool develop = a >= act::kDevelop && a < act::kDevelop + kNumTracks;
          if (bound == Effect::kHarvestMix && a != act::kHarvest) continue;
          if (bound == Effect::kColonyExtra && a < act::kFound) continue;
          if (bound == Effect::kProgressShips || bound == Effect::kProgressSpices) {
            if (!develop) continue;
            const int tr = a - act::kDevelop, level = p.development.level[tr] + 1;
            if (level <= kNumLevels && can_pay(develop_cost(c().board, tr, level, a_card_waiver()),
                                               p.board.spices(), p.ships))
              out.push_back(a);
            continue;
          }
        }
        if (a == act::kTaxes && bought_) continue;  // §8.10
        if (action_legal(seat, a)) out.push_back(a);
      }
      window_options(seat, true, false, out);
      std::sort(out.begin(), out.end());
      break;
    }
    default:
      break;
  }
}

bool GoaState::is_legal(Action a) const {
  if (a < 0 || a >= act::kNumDistinctActions) return false;
  std::vector<Action> legal;
  legal_actions(legal);
  return std::binary_search(legal.begin(), legal.end(), a);
}

}  // namespace meeple::goa
