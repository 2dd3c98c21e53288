// GoaState's flow (goa.md §4-§11): the chance nodes of set-up and the era
// change, the round's phases and the task stack that resolves won tiles,
// actions and their sub-decisions. Legal actions are in legality.cpp.
#include "games/goa/goa_state.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "games/goa/colony.h"
#include "games/goa/gains.h"
#include "games/goa/round.h"
#include "games/goa/setup.h"
#include "games/goa/special_tiles.h"

namespace meeple::goa {

GoaState::GoaState(std::shared_ptr<const GoaConfig> cfg)
    : cfg_(std::move(cfg)), deck_(static_cast<int>(cfg_->c->cards.size())) {
  players_.resize(static_cast<size_t>(n()));
  holdings_.resize(static_cast<size_t>(n()));
  colony_taken_.assign(c().colonies.size(), 0);
  grid_.tile.fill(-1);
  grid_.bonanza.fill(-1);
  start_era(0);
}

// --- Chance -----------------------------------------------------------------

namespace {

// Replays the chance outcomes chosen so far (`picks`), then records in
// `need` how many outcomes the first pick beyond them has. `calls` counts
// every pick the procedure asked for.
struct Replay {
  explicit Replay(const std::vector<int>& p) : picks(p) {}
  const std::vector<int>& picks;
  size_t next = 0;
  int need = 0;
  int calls = 0;
  Pick pick() {
    return [this](int count) {
      ++calls;
      if (next < picks.size()) return picks[next++];
      if (need == 0) need = count;
      return 0;
    };
  }
};

}  // namespace

EraStack GoaState::probe_era(int& need, bool* in_layout) const {
  Replay r(picks_);
  EraStack st = prepare_era(c(), era_, r.pick());
  need = r.need;
  // The picks before the layout are all recorded once the next is a
  // layout pick, so `calls` counts the procedure's real length.
  if (in_layout)
    *in_layout = need > 0 && static_cast<int>(picks_.size()) >= r.calls - st.layout_picks;
  return st;
}

std::array<int, 4> GoaState::probe_bonanza(int& need) const {
  Replay r(picks_);
  const std::array<int, 4> dealt = deal_bonanza(c(), bonanza_kept_, r.pick());
  need = r.need;
  return dealt;
}

int GoaState::probe_pick_need(bool* in_layout) const {
  int need = 0;
  bool layout = false;
  if (stage_ == Stage::kEraStack) probe_era(need, &layout);
  if (stage_ == Stage::kBonanzaDeal) probe_bonanza(need);
  if (in_layout) *in_layout = layout;
  return need;
}

int GoaState::chance_count() const {
  if (!tasks_.empty()) {
    const Task& t = tasks_.back();
    if (t.kind == TaskKind::kDraw || t.kind == TaskKind::kReveal) return deck_.choices();
    return 0;
  }
  switch (stage_) {
    case Stage::kEraStack:
    case Stage::kBonanzaDeal:
#ifndef NDEBUG
    {
      bool layout = false;
      assert(pick_need_ == probe_pick_need(&layout) && layout == pick_in_layout_);
    }
#endif
      return pick_need_;
    case Stage::kFirstSeat:
      return n();
    case Stage::kStartDraw:
      return deck_.choices();
    default:
      return 0;
  }
}

void GoaState::apply_chance(int i) {
  const Pick pick = [i](int) { return i; };
  if (!tasks_.empty()) {
    Task& t = tasks_.back();
    if (t.kind == TaskKind::kDraw) {
      const int card = deck_.draw(pick);
      assert(card >= 0);
      players_[t.seat].hand.push_back(card);
      --t.count;
    } else {
      assert(t.kind == TaskKind::kReveal);
      (t.arg2 == 1 ? resupply_revealed_ : found_revealed_) += deck_.reveal(c(), pick);
      --t.count;
    }
    run();
    return;
  }
  int need = 0;
  switch (stage_) {
    case Stage::kEraStack: {
      picks_.push_back(i);
      // Laying out the grid, each pick chooses among one tile fewer: the
      // procedure is replayed only for the last.
      if (pick_in_layout_ && pick_need_ > 1) {
        --pick_need_;
        return;
      }
      const EraStack st = probe_era(need, &pick_in_layout_);
      pick_need_ = need;
      if (need > 0) return;
      picks_.clear();
      pool_.insert(pool_.end(), st.removed.begin(), st.removed.end());
      grid_ = lay_out(st, {-1, -1, -1, -1});
      if (cfg_->bonanza) {
        stage_ = Stage::kBonanzaDeal;
        bonanza_won_ = 0;
        refresh_pick_need();
      } else {
        stage_ = era_ == 0 ? Stage::kFirstSeat : Stage::kPlaceFlag;
        if (era_ > 0) start_round();
      }
      return;
    }
    case Stage::kBonanzaDeal: {
      picks_.push_back(i);
      const auto dealt = probe_bonanza(need);
      pick_need_ = need;
      if (need > 0) return;
      picks_.clear();
      grid_.bonanza = dealt;
      if (era_ == 0) {
        stage_ = Stage::kFirstSeat;
      } else {
        start_round();
      }
      return;
    }
    case Stage::kFirstSeat:
      first_seat_ = i;
      stage_ = Stage::kStartDraw;
      return;
    case Stage::kStartDraw: {
      const int card = deck_.draw(pick);
      deck_.to_discard(card);
      start_reveals_.push_back(card);
      const StartPlayer sp = find_start_player(c(), start_reveals_, first_seat_, n());
      if (sp.seat < 0 && deck_.choices() > 0) return;
      // §4 step 7 (the deck holds 5 elephants, so sp.seat is found).
      flag_holder_ = sp.seat < 0 ? first_seat_ : sp.seat;
      for (int p = 0; p < n(); ++p) {
        Player& pl = players_[p];
        pl.ships = c().setup.start_ships;
        pl.colonists = c().setup.start_colonists;
        pl.ducats = p == flag_holder_ ? c().setup.start_player_ducats : c().setup.other_ducats;
      }
      if (cfg_->quick_start) {
        stage_ = Stage::kQuickStart;
        quick_done_ = 0;
        quick_mask_ = 0;
        return;
      }
      start_round();
      return;
    }
    default:
      assert(false);
  }
}

// --- Set-up, rounds, eras ----------------------------------------------------

void GoaState::start_era(int era) {
  era_ = era;
  picks_.clear();
  grid_.tile.fill(-1);
  grid_.bonanza.fill(-1);
  stage_ = Stage::kEraStack;
  refresh_pick_need();
}

void GoaState::start_round() {
  for (Holdings& h : holdings_) refresh_recurring(c(), h);
  round_start_ = flag_holder_;
  flag_pos_ = -1;
  markers_.fill(-1);
  placed_ = 0;
  lot_ = 0;
  auction_.reset();
  bids_.clear();
  turn_order_.clear();
  turn_ = 0;
  stage_ = Stage::kPlaceFlag;
}

void GoaState::open_lot() {
  const int owner = marker_owner(round_start_, lot_, n());
  auction_.emplace(n(), owner);
  bids_.clear();
  stage_ = n() > 1 ? Stage::kBid : Stage::kAuctioneer;
}

// §7.2-§7.6: payments, then the lot to its winner.
void GoaState::settle_lot(const Settlement& s) {
  if (s.payer >= 0) {
    players_[s.payer].ducats -= s.amount;
    if (s.payee >= 0) players_[s.payee].ducats += s.amount;
  }
  tasks_.push_back({TaskKind::kNextLot, s.winner, 0, -1, -1});
  if (lot_ == 1) {
    flag_holder_ = s.winner;
    ++players_[s.winner].extra_action_cards;  // §7.3, ruling 2
  } else {
    auto taken = take_lot(grid_, markers_[lot_]);
    assert(taken.is_ok());
    if (taken->bonanza >= 0) {
      bonanza_won_ |= 1u << taken->bonanza;
      tasks_.push_back({TaskKind::kBonanza, s.winner, 0, taken->bonanza, -1});
    }
    tasks_.push_back({TaskKind::kResolveTile, s.winner, 0, taken->tile, -1});
  }
  auction_.reset();
  bids_.clear();
  run();
}

void GoaState::start_phase3() {
  turn_order_ = action_turn_order(flag_holder_, n(), c().setup.actions_per_round);
  turn_ = 0;
  stage_ = Stage::kActionTurn;
  start_action_turn();
}

void GoaState::start_phase4() {
  stage_ = Stage::kExtraTurn;
  extra_out_ = 0;
  next_extra_seat(flag_holder_);
}

// §9: the next seat clockwise from `from` (inclusive) that is still in; a
// seat without a card is out when its turn comes.
void GoaState::next_extra_seat(int from) {
  for (int k = 0; k < n(); ++k) {
    const int s = (from + k) % n();
    if ((extra_out_ >> s) & 1) continue;
    if (players_[s].extra_action_cards == 0) {
      extra_out_ |= 1u << s;
      continue;
    }
    extra_seat_ = s;
    return;
  }
  extra_seat_ = -1;
  end_round();
}

void GoaState::end_round() {
  for (Player& p : players_)
    p.extra_action_cards = std::min(p.extra_action_cards, c().setup.extra_action_hand_limit);
  const int rounds = c().setup.rounds_per_era;
  if (round_ == rounds * c().setup.eras) {
    ++round_;
    finish_game();
    return;
  }
  ++round_;
  if ((round_ - 1) % rounds == 0) {
    start_era(era_ + 1);  // §10: the grid's tiles leave the game
    return;
  }
  start_round();
}

// §11 and ruling 22: an unactivated Duty tile is activated before the count
// when its owner has the spices (spices score nothing, so this only gains).
void GoaState::finish_game() {
  for (int p = 0; p < n(); ++p) {
    Holdings& h = holdings_[p];
    for (int k = 0; k < static_cast<int>(h.tiles.size()); ++k) {
      const TileInfo& info = c().tiles[h.tiles[k].tile];
      if (info.kind != TileKind::kDuty || h.tiles[k].used) continue;
      std::vector<SpiceMove> paid;
      const SupplyBoard& b = players_[p].board;
      for (int hd = 0; hd < b.num_holdings(); ++hd)
        for (int s = 0; s < kNumSpices; ++s)
          for (int x = 0; x < b.holding(hd).spices[s]; ++x)
            if (static_cast<int>(paid.size()) < info.amount) paid.push_back({hd, s});
      if (static_cast<int>(paid.size()) == info.amount)
        (void)activate_duty(c(), k, players_[p], h, paid);
    }
  }
  stage_ = Stage::kOver;
}

std::vector<Tally> GoaState::tallies() const {
  std::vector<Tally> out(static_cast<size_t>(n()));
  tallies(out);
  return out;
}

void GoaState::tallies(std::span<Tally> out) const {
  assert(out.size() == static_cast<size_t>(n()));
  for (int p = 0; p < n(); ++p)
    out[static_cast<size_t>(p)] = tally_of(c(), players_[p], holdings_[p]);
}

std::vector<ScoreSheet> GoaState::score_sheets() const {
  std::vector<ScoreSheet> out;
  score_sheets(out);
  return out;
}

void GoaState::score_sheets(std::vector<ScoreSheet>& out) const {
  std::array<Tally, kMaxPlayers> t;
  const std::span<Tally> mine(t.data(), static_cast<size_t>(n()));
  tallies(mine);
  score(c(), mine, out);
}

// --- The task stack -------------------------------------------------------------

void GoaState::run() {
  while (true) {
    if (tasks_.empty()) {
      return;
    }
    if (!step_task()) return;
  }
}

// Runs the top task if it needs no one; false when it waits.
bool GoaState::step_task() {
  Task& t = tasks_.back();
  Player& p = t.seat >= 0 ? players_[t.seat] : players_[0];
  switch (t.kind) {
    case TaskKind::kDraw:
      if (t.count > 0 && deck_.choices() > 0) return false;
      tasks_.pop_back();
      return true;
    case TaskKind::kReveal:
      if (t.count > 0 && deck_.choices() > 0) return false;
      // Ruling 31: a card that cannot be revealed counts 0.
      tasks_.pop_back();
      return true;
    case TaskKind::kPlaceSpices:
      if (placeable_spices(p, t.count) > 0) return false;
      tasks_.pop_back();
      return true;
    case TaskKind::kResolveTile: {
      const TileInfo& info = c().tiles[t.arg];
      switch (tile_timing(info.kind)) {
        case TileTiming::kPlantation:
          if (p.board.plantations_full(c()) && t.arg2 < 0) return false;
          if (info.kind == TileKind::kCropRotation) return false;  // its spice
          {
            const Status st = place_plantation(c(), p.board, t.arg, t.arg2);
            assert(st.is_ok());
            (void)st;
          }
          tasks_.pop_back();
          return true;
        case TileTiming::kInstant: {
          if (info.kind == TileKind::kShipsOrColonists) return false;
          if (info.kind == TileKind::kFavor) {
            if (!pool_.empty()) return false;
            tasks_.pop_back();
            return true;
          }
          Gain g = instant_gain(info);
          const int draws = g.expedition_cards;
          g.expedition_cards = 0;
          const int seat = t.seat;
          tasks_.pop_back();
          const Status st = apply_gain(g, players_[seat], deck_, Pick{}, {});
          assert(st.is_ok());
          (void)st;
          if (draws > 0) tasks_.push_back({TaskKind::kDraw, seat, draws, -1, -1});
          return true;
        }
        default:
          holdings_[t.seat].tiles.push_back({t.arg, false});
          tasks_.pop_back();
          return true;
      }
    }
    case TaskKind::kBonanza: {
      Gain g = bonanza_gain(c().bonanza[t.arg]);
      const int seat = t.seat, bz = t.arg;
      tasks_.pop_back();
      if (g.vp > 0) {
        holdings_[seat].bonanza_vp.push_back(g.vp);
        bonanza_kept_ |= 1u << bz;
      }
      const int draws = g.expedition_cards, spices = g.spices;
      g.expedition_cards = g.spices = 0;
      const Status st = apply_gain(g, players_[seat], deck_, Pick{}, {});
      assert(st.is_ok());
      (void)st;
      if (spices > 0) tasks_.push_back({TaskKind::kPlaceSpices, seat, spices, -1, -1});
      if (draws > 0) tasks_.push_back({TaskKind::kDraw, seat, draws, -1, -1});
      return true;
    }
    case TaskKind::kPayDevelop: {
      if (next_payment_spice() >= 0) return false;
      const int seat = t.seat, track = t.arg;
      const auto waiver = static_cast<Waiver>(t.arg2);
      tasks_.pop_back();
      auto gains = develop(c(), players_[seat], track, waiver, pay_moves_, first_);
      assert(gains.is_ok());
      pay_moves_.clear();
      if (gains->expedition_cards > 0)
        tasks_.push_back({TaskKind::kDraw, seat, gains->expedition_cards, -1, -1});
      return true;
    }
    case TaskKind::kExpedition:
      return false;
    case TaskKind::kFoundSettle: {
      const Colony& col = c().colonies[t.arg];
      const Foundation f{col.required, found_base(t), found_revealed_};
      if (f.shortfall() > 0) return false;
      // Ruling 30: success is automatic.
      deck_.end_reveal();
      const int seat = t.seat, colony = t.arg;
      tasks_.pop_back();
      tasks_.push_back({TaskKind::kColonyTile, seat, 0, colony, -1});
      return true;
    }
    case TaskKind::kColonyTile:
      return false;
    case TaskKind::kColonyFill: {
      const ColonyTile& ct = c().colonies[t.arg].tiles[t.arg2];
      if (static_cast<int>(colony_fill_.size()) < ct.spaces) return false;
      const Status st = place_colony(c(), p.board, t.arg, t.arg2, colony_fill_);
      assert(st.is_ok());
      (void)st;
      colony_taken_[t.arg] |= 1 << t.arg2;
      colony_fill_.clear();
      tasks_.pop_back();
      return true;
    }
    case TaskKind::kNextLot:
      tasks_.pop_back();
      if (++lot_ <= n() + 1) {
        open_lot();
      } else {
        start_phase3();
      }
      return true;
    case TaskKind::kEndTurn:
    case TaskKind::kBuyProgress:
    case TaskKind::kViceKing:
    case TaskKind::kResupply:
    case TaskKind::kSwap:
    case TaskKind::kEspionage:
      return false;
    case TaskKind::kHarvestMix:
      if (t.count > 0) return false;
      tasks_.pop_back();
      return true;
    case TaskKind::kSell: {
      int held = 0;
      for (int x : p.board.spices()) held += x;
      if (t.count < c().effects[static_cast<int>(Effect::kSell)].amount && held > 0) return false;
      tasks_.pop_back();
      return true;
    }
    case TaskKind::kDuty: {
      Holdings& h = holdings_[t.seat];
      const int amount = c().tiles[h.tiles[t.arg].tile].amount;
      if (static_cast<int>(pay_moves_.size()) < amount) return false;
      const Status st = activate_duty(c(), t.arg, p, h, pay_moves_);
      assert(st.is_ok());
      (void)st;
      pay_moves_.clear();
      tasks_.pop_back();
      return true;
    }
    case TaskKind::kExtraHarvest: {
      bool pending = false, room = false;
      for (int h = 0; h < p.board.num_holdings(); ++h) {
        const bool touched = (t.count >> h) & 1;
        if (touched && p.board.holding(h).empty() > 0) pending = true;
        if (!touched && p.board.holding(h).empty() > 0) room = true;
      }
      const int max = c().tiles[holdings_[t.seat].tiles[t.arg].tile].amount;
      if (pending || (room && std::popcount(static_cast<unsigned>(t.count)) < max)) return false;
      tasks_.pop_back();
      return true;
    }
  }
  return false;
}

// --- Decisions -------------------------------------------------------------

int GoaState::holding_spice(int seat, int h, int s) const {
  return players_[seat].board.holding(h).spices[s];
}

int GoaState::found_base(const Task& t) const {
  return t.arg2 >= 0 ? t.arg2
                     : track_value(c().board, players_[t.seat].development, kColonistsTrack);
}

int GoaState::pay_count(int s) const {
  int k = 0;
  for (const SpiceMove& m : pay_moves_) k += m.spice == s;
  return k;
}

std::array<int, kNumSpices> GoaState::step_cost(int seat, int track) const {
  const int level = players_[seat].development.level[track] + 1;
  return develop_cost(c().board, track, level, Waiver::kNone).spices;
}

int GoaState::next_payment_spice() const {
  const Task& t = tasks_.back();
  const auto cost = develop_cost(c().board, t.arg, players_[t.seat].development.level[t.arg] + 1,
                                 static_cast<Waiver>(t.arg2))
                        .spices;
  for (int s = 0; s < kNumSpices; ++s)
    if (pay_count(s) < cost[s]) return s;
  return -1;
}

// The action of a turn (phase 3 or an additional action of phase 4).
void GoaState::choose_action(int seat, Action a) {
  Player& p = players_[seat];
  turn_action_ = a;
  tasks_.push_back({TaskKind::kEndTurn, seat, 0, -1, -1});
  const Effect bound = a_card_ >= 0 ? c().cards[a_card_].effect : Effect::kShips;
  if (a >= act::kDevelop && a < act::kDevelop + kNumTracks) {
    pay_moves_.clear();
    tasks_.push_back(
        {TaskKind::kPayDevelop, seat, 0, a - act::kDevelop, static_cast<int>(a_card_waiver())});
  } else if (a == act::kHarvest && a_card_ >= 0 && bound == Effect::kHarvestMix) {
    tasks_.push_back({TaskKind::kHarvestMix, seat,
                      track_value(c().board, p.development, kHarvestTrack), -1, -1});
  } else if (a == act::kShips) {
    take_ships(c(), p);
  } else if (a == act::kTaxes) {
    take_taxes(c(), p);
  } else if (a == act::kHarvest) {
    tasks_.push_back({TaskKind::kPlaceSpices, seat,
                      track_value(c().board, p.development, kHarvestTrack), -1, -1});
  } else if (a == act::kExpedition) {
    tasks_.push_back({TaskKind::kExpedition, seat, 0, -1, -1});
  } else {
    const int colony = a - act::kFound;
    found_revealed_ = 0;
    // §8.7 step 2: the base is the Colonists value before the reveal; a
    // track step taken in the window after it (Vice-king, BUY_PROGRESS)
    // does not change this foundation.
    tasks_.push_back({TaskKind::kFoundSettle, seat, 0, colony,
                      track_value(c().board, p.development, kColonistsTrack)});
    tasks_.push_back({TaskKind::kReveal, seat,
                      a_card_ >= 0 && bound == Effect::kColonyExtra ? c().colony_extra_reveal
                                                                    : c().colony_reveal,
                      colony, 0});
  }
  // The card's effect now lives in the task (Develop's waiver, the mixed
  // harvest, the reveal count): one "A" card modifies one action (§8.8), so
  // an Espionage later in the turn is not modified again.
  a_card_ = -1;
}

void GoaState::apply(Action a) {
  assert(is_legal(a));
  if (is_chance()) {
    apply_chance(a - act::kOutcome);
    return;
  }
  apply_decision(a);
  run();
  // An "A" card whose action a window option made impossible (Duty paying
  // the spices a PROGRESS_SPICES step needed) binds nothing any more.
  const bool opening = tasks_.empty() && (stage_ == Stage::kActionTurn ||
                                          (stage_ == Stage::kExtraTurn && extra_acting_));
  if (opening && a_card_ >= 0) {
    std::vector<Action> legal;
    legal_actions(legal);
    if (legal.empty() || legal.front() >= act::kSpiceAt) a_card_ = -1;
  }
}

void GoaState::apply_decision(Action a) {
  if (!tasks_.empty()) {
    Task& t = tasks_.back();
    Player& p = players_[t.seat];
    switch (t.kind) {
      case TaskKind::kPlaceSpices: {
        const int h = (a - act::kSpiceAt) / kNumSpices, s = (a - act::kSpiceAt) % kNumSpices;
        const Status st = add_spice(p.board, h, s);
        assert(st.is_ok());
        (void)st;
        --t.count;
        return;
      }
      case TaskKind::kPayDevelop: {
        const int h = (a - act::kSpiceAt) / kNumSpices, s = (a - act::kSpiceAt) % kNumSpices;
        pay_moves_.push_back({h, s});
        return;
      }
      case TaskKind::kResolveTile: {
        const TileInfo& info = c().tiles[t.arg];
        if (a >= act::kDiscardPlantation && a < act::kSpiceType) {
          t.arg2 = a - act::kDiscardPlantation;
          return;
        }
        if (a >= act::kSpiceType && a < act::kColonyTile) {  // Crop rotation
          const Status st = place_plantation(c(), p.board, t.arg, t.arg2, a - act::kSpiceType);
          assert(st.is_ok());
          (void)st;
          tasks_.pop_back();
          return;
        }
        if (a == act::kTakeShips || a == act::kTakeColonists) {
          const Gain g = instant_gain(info, a == act::kTakeColonists);
          const int seat = t.seat;
          tasks_.pop_back();
          const Status st = apply_gain(g, players_[seat], deck_, Pick{}, {});
          assert(st.is_ok());
          (void)st;
          return;
        }
        // Favor: a tile of the removed pool, resolved as if won.
        const int tile = a - act::kTile, seat = t.seat;
        tasks_.pop_back();
        const Status st = take_from_pool(pool_, tile);
        assert(st.is_ok());
        (void)st;
        tasks_.push_back({TaskKind::kResolveTile, seat, 0, tile, -1});
        return;
      }
      case TaskKind::kExpedition:
        if (a >= act::kCard && a < act::kCard + 30) {
          const int card = a - act::kCard;
          p.hand.erase(std::find(p.hand.begin(), p.hand.end(), card));
          deck_.to_discard(card);
        } else if (a == act::kDraw) {
          ++t.count;
          tasks_.push_back({TaskKind::kDraw, t.seat, 1, -1, -1});
        } else {
          tasks_.pop_back();
        }
        return;
      case TaskKind::kEndTurn:
        if (a != act::kStop) {
          apply_window(t.seat, a);
          return;
        }
        tasks_.pop_back();
        if (stage_ == Stage::kActionTurn) {
          start_action_turn();
          if (++turn_ >= static_cast<int>(turn_order_.size())) start_phase4();
        } else {
          next_extra_seat((extra_seat_ + 1) % n());
        }
        return;
      case TaskKind::kHarvestMix:
        if (a == act::kTakeShips) {
          ++p.ships;
        } else if (a == act::kTakeColonists) {
          ++p.colonists;
        } else {
          const Status st = add_spice(p.board, (a - act::kSpiceAt) / kNumSpices,
                                      (a - act::kSpiceAt) % kNumSpices);
          assert(st.is_ok());
          (void)st;
        }
        --t.count;
        return;
      case TaskKind::kSell: {
        if (a == act::kStop) {
          tasks_.pop_back();
          return;
        }
        const Status st = sell_spices(
            c(), p, {{(a - act::kSpiceAt) / kNumSpices, (a - act::kSpiceAt) % kNumSpices}});
        assert(st.is_ok());
        (void)st;
        ++t.count;
        return;
      }
      case TaskKind::kDuty:
        pay_moves_.push_back({(a - act::kSpiceAt) / kNumSpices, (a - act::kSpiceAt) % kNumSpices});
        return;
      case TaskKind::kExtraHarvest: {
        if (a == act::kStop) {
          tasks_.pop_back();
          return;
        }
        const int h = (a - act::kSpiceAt) / kNumSpices;
        const Status st = add_spice(p.board, h, (a - act::kSpiceAt) % kNumSpices);
        assert(st.is_ok());
        (void)st;
        t.count |= 1 << h;
        return;
      }
      case TaskKind::kBuyProgress:
      case TaskKind::kViceKing: {
        const int seat = t.seat, track = a - act::kTrack;
        Result<ProgressGains> g = ProgressGains{};
        if (t.kind == TaskKind::kBuyProgress) {
          // buy_progress (player.h) without taking the card from the hand:
          // it went to the discard pile when played, in public.
          p.ducats -= c().cards[t.arg].price;
          g = advance(c().board, p.development, track, first_);
          p.extra_action_cards += g->extra_action_cards;
        } else {
          holdings_[seat].tiles[t.arg].used = true;
          g = vice_king(c(), p, track, first_);
        }
        assert(g.is_ok());
        tasks_.pop_back();
        if (g->expedition_cards > 0)
          tasks_.push_back({TaskKind::kDraw, seat, g->expedition_cards, -1, -1});
        return;
      }
      case TaskKind::kResupply: {
        const int seat = t.seat, amount = resupply_revealed_;
        tasks_.pop_back();
        if (a == act::kTakeSpices) {
          deck_.end_reveal();
          tasks_.push_back({TaskKind::kPlaceSpices, seat, amount, -1, -1});
          return;
        }
        const Status st = take_resupply(
            p, amount, a == act::kTakeShips ? ResupplyKind::kShips : ResupplyKind::kColonists, {},
            deck_);
        assert(st.is_ok());
        (void)st;
        return;
      }
      case TaskKind::kSwap: {
        const int seat = t.seat, swap = holdings_[seat].tiles[t.arg].tile;
        auto taken = swap_tile(grid_, a - act::kSwapCell, swap);
        assert(taken.is_ok());
        auto& kept = holdings_[seat].tiles;
        kept.erase(kept.begin() + t.arg);
        tasks_.pop_back();
        if (taken->bonanza >= 0) {
          bonanza_won_ |= 1u << taken->bonanza;
          tasks_.push_back({TaskKind::kBonanza, seat, 0, taken->bonanza, -1});
        }
        tasks_.push_back({TaskKind::kResolveTile, seat, 0, taken->tile, -1});
        return;
      }
      case TaskKind::kEspionage: {
        // Ruling 28: one extra action with the opponent's level; not the
        // turn's action (no closing window of its own).
        const int seat = t.seat, opponent = (a - act::kSpy) / 8, kind = (a - act::kSpy) % 8;
        holdings_[seat].tiles[t.arg].used = true;
        tasks_.pop_back();
        const int track = kind == 0   ? kShipsTrack
                          : kind == 1 ? kHarvestTrack
                          : kind == 2 ? kTaxesTrack
                                      : kColonistsTrack;
        assert(check_espionage_track(track).is_ok());
        const Development d =
            borrowed_development(p.development, players_[opponent].development, track);
        const int value = track_value(c().board, d, track);
        // An "A" card of the matching kind modifies the Espionage action.
        const Effect bound = a_card_ >= 0 ? c().cards[a_card_].effect : Effect::kShips;
        const bool mix = bound == Effect::kHarvestMix && kind == 1;
        const bool extra = bound == Effect::kColonyExtra && kind >= 3;
        if (mix || extra) a_card_ = -1;
        if (kind == 0) {
          p.ships += value;
        } else if (kind == 1) {
          tasks_.push_back(
              {mix ? TaskKind::kHarvestMix : TaskKind::kPlaceSpices, seat, value, -1, -1});
        } else if (kind == 2) {
          p.ducats += value;
        } else {
          found_revealed_ = 0;
          tasks_.push_back({TaskKind::kFoundSettle, seat, 0, kind - 3, value});
          tasks_.push_back({TaskKind::kReveal, seat,
                            extra ? c().colony_extra_reveal : c().colony_reveal, kind - 3, 0});
        }
        return;
      }
      case TaskKind::kFoundSettle: {
        if (a != act::kPay && a != act::kDecline) {
          apply_window(t.seat, a);
          return;
        }
        const Colony& col = c().colonies[t.arg];
        const Foundation f{col.required, found_base(t), found_revealed_};
        auto out = settle_foundation(c(), f, p.colonists, a == act::kPay);
        assert(out.is_ok());
        p.colonists += out->colonists_gained - out->colonists_paid;
        deck_.end_reveal();
        const int seat = t.seat, colony = t.arg;
        tasks_.pop_back();
        if (out->success) tasks_.push_back({TaskKind::kColonyTile, seat, 0, colony, -1});
        return;
      }
      case TaskKind::kColonyTile:
        t.kind = TaskKind::kColonyFill;
        t.arg2 = a - act::kColonyTile;
        colony_fill_.clear();
        return;
      case TaskKind::kColonyFill:
        colony_fill_.push_back(a - act::kSpiceType);
        return;
      default:
        assert(false);
        return;
    }
  }
  switch (stage_) {
    case Stage::kPlaceFlag:
      flag_pos_ = a - act::kPosition;
      placed_ = 1;
      stage_ = Stage::kPlaceMarker;
      return;
    case Stage::kPlaceMarker:
      markers_[++placed_] = a - act::kPosition;
      if (placed_ == n() + 1) {
        lot_ = 1;
        open_lot();
      }
      return;
    case Stage::kBid: {
      const int bidder = auction_->to_move();
      if (a == act::kPass) {
        (void)auction_->pass();
        bids_.push_back(0);
      } else {
        const int amount = a - act::kBid;
        (void)auction_->bid(amount, players_[bidder].ducats);
        bids_.push_back(amount);
      }
      if (!auction_->bidding()) stage_ = Stage::kAuctioneer;
      return;
    }
    case Stage::kAuctioneer: {
      auto s = a == act::kBuy ? auction_->buy(players_[auction_->auctioneer()].ducats)
                              : auction_->sell();
      assert(s.is_ok());
      settle_lot(*s);
      return;
    }
    case Stage::kActionTurn:
      if (a >= act::kDevelop && a < act::kSpiceAt) {
        choose_action(turn_order_[turn_], a);
      } else {
        apply_window(turn_order_[turn_], a);
      }
      return;
    case Stage::kExtraTurn:
      if (a == act::kPass) {
        extra_out_ |= 1u << extra_seat_;
        next_extra_seat((extra_seat_ + 1) % n());
      } else if (a == act::kUseCard) {
        --players_[extra_seat_].extra_action_cards;
        extra_acting_ = true;
        start_action_turn();
      } else if (a >= act::kDevelop && a < act::kSpiceAt) {
        extra_acting_ = false;
        choose_action(extra_seat_, a);
      } else {
        apply_window(extra_seat_, a);
      }
      return;
    case Stage::kQuickStart: {
      // A cube moves at once; the seat is done after its last cube or the
      // ducats. No row bonus can be complete with two cubes on row 2, and
      // first-to-reach starts at row 4 (docs/rulings.md, Goa).
      Player& p = players_[quick_seat()];
      if (a == act::kQuickDucats) {
        p.ducats += c().setup.quick_starter_ducats;
      } else {
        const int track = a - act::kTrack;
        p.development.level[track] = 2;
        quick_mask_ |= 1u << track;
        if (std::popcount(quick_mask_) < c().setup.quick_starter_cubes) return;
      }
      quick_mask_ = 0;
      if (++quick_done_ == n()) {
        quick_done_ = 0;  // outside the stage both are 0 (state_json.cpp)
        start_round();
      }
      return;
    }
    default:
      assert(false);
  }
}

}  // namespace meeple::goa
