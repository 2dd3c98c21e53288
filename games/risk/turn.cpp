// A player's turn (risk_classic.md §7, §5, §4; Mission Risk §8.2; the
// passive 2-player game §10), and the legal actions of every phase.
//
// Turn: 1 reinforce (trades first, R27; ≥5 cards ⇒ trade first, §5.3) →
// 2 attack (declare, defender answers, dice, conquest per R28: victory check,
// move-in, cards of an eliminated player, forced trade down to ≤4 and its
// placement) → 3 fortify (one move along own territories) → 4 card if at
// least one conquest. Mission Risk: one declaration per turn whenever the
// player has the initiative (R36). Team Risk's own legal actions, defence
// losses and conquests are in team.cpp (§12).
#include <algorithm>
#include <array>
#include <cassert>

#include "games/risk/battle.h"
#include "games/risk/deck.h"
#include "games/risk/odds.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

// ---------------------------------------------------------------- queries

int RiskState::territory_count(int p) const {
  int n = 0;
  if (cfg_->teams()) {  // §12: controlled territories
    for (Territory t = 0; t < kNumTerritories; ++t) n += controller(t) == p;
    return n;
  }
  for (Territory t = 0; t < kNumTerritories; ++t) n += owner_[t] == p;
  return n;
}

int RiskState::armies_on_board(int p) const {
  int n = 0;
  if (cfg_->teams()) {
    for (Territory t = 0; t < kNumTerritories; ++t) n += stack_[t][p];
    return n;
  }
  for (Territory t = 0; t < kNumTerritories; ++t)
    if (owner_[t] == p) n += armies_[t];
  return n;
}

bool RiskState::holds_continent(int p, int c) const {
  for (Territory t : cfg_->map->continent(c).territories)
    if (controller(t) != p) return false;
  return true;
}

int RiskState::base_reinforcement(int p) const {
  const Edition& e = *cfg_->edition;
  int armies = std::max(e.reinforcement_minimum, territory_count(p) / e.reinforcement_divisor);
  for (int c = 0; c < kNumContinents; ++c)
    if (holds_continent(p, c)) armies += cfg_->map->continent(c).bonus;
  return armies;
}

int RiskState::set_value(int a, int b, int c) const {
  if (cfg_->fixed_trade_table()) return fixed_set_value(*cfg_->edition, a, b, c);
  return cavalry_value(*cfg_->edition, sets_traded_);
}

bool RiskState::mission_holds(int p, int m) const {
  if (m < 0) return false;  // not dealt (a position built without the deal)
  const Mission& mi = cfg_->edition->missions[m];
  switch (mi.kind) {
    case MissionKind::kHold:
      for (int c : mi.continents)
        if (!holds_continent(p, c)) return false;
      return true;
    case MissionKind::kOccupy: {
      int n = 0;
      for (Territory t = 0; t < kNumTerritories; ++t)
        n += owner_[t] == p && armies_[t] >= mi.min_armies;
      return n >= mi.count;
    }
    case MissionKind::kPresence: {
      int n = 0;
      for (int c = 0; c < kNumContinents; ++c) {
        bool present = false;
        for (Territory t : cfg_->map->continent(c).territories) present = present || owner_[t] == p;
        n += present;
      }
      return n >= mi.count;
    }
    case MissionKind::kConquerInTurn:
      return p == active_ && conquests_this_turn_ >= mi.count;
  }
  return false;
}

Seat RiskState::defender() const {
  if (cfg_->teams()) return phase_ == Phase::kRemoveArmy ? decider_ : team_defender();
  const int o = owner_[tgt_];
  return o < cfg_->players ? o : 1 - active_;  // neutrals: the non-active player (R15)
}

uint64_t RiskState::owned_by(int p) const {
  return mask_of(owner_, p);
}

uint64_t RiskState::connected(int p, Territory t) const {
  return cfg_->map->reachable(t, owned_by(p));
}

int RiskState::next_alive(int p) const {
  for (int step = 1; step <= cfg_->players; ++step) {
    const int q = (p + step) % cfg_->players;
    if (!eliminated_[q]) return q;
  }
  return p;
}

// ---------------------------------------------------------------- contract

Seat RiskState::current_player() const {
  if (phase_ == Phase::kGameOver) return kTerminal;
  if (is_chance_phase(phase_)) return kChance;
  if (phase_ == Phase::kDefend || phase_ == Phase::kRemoveArmy) return defender();
  return active_;
}

void RiskState::chance_ids(std::vector<Action>& ids) const {
  switch (phase_) {
    case Phase::kDealMissions: {
      const int rank = deal_index_ % kNumRanks;
      const auto& missions = cfg_->edition->missions;
      for (int m = 0; m < static_cast<int>(missions.size()); ++m) {
        if (missions[m].rank != rank) continue;
        bool dealt = false;
        for (int p = 0; p < cfg_->players; ++p) dealt = dealt || missions_[p][rank] == m;
        if (!dealt) ids.push_back(kMissionBase + m);
      }
      return;
    }
    case Phase::kDealTerritories:
      for (Territory t = 0; t < kNumTerritories; ++t)
        if (owner_[t] < 0) ids.push_back(kCardBase + t);
      return;
    case Phase::kRollFirst:
    case Phase::kRollStarter:
      for (int s = 0; s < cfg_->players; ++s) ids.push_back(kSeatBase + s);
      return;
    case Phase::kRollDice:
      if (cfg_->battle_outcomes) {  // the attacker's losses, 0..dice compared
        for (int i = 0; i <= std::min(att_dice_, def_dice_); ++i) ids.push_back(kLossBase + i);
        return;
      }
      [[fallthrough]];
    case Phase::kRollAllyDie:
    case Phase::kStatusRoll:
      for (int f = 1; f <= 6; ++f) ids.push_back(kDieBase + f - 1);
      return;
    case Phase::kDrawCard:
      for (CardMask m = deck_; m; m &= m - 1) ids.push_back(kCardBase + __builtin_ctzll(m));
      return;
    default:
      return;
  }
}

std::vector<ChanceOutcome> RiskState::chance_outcomes() const {
  std::vector<Action> ids;
  chance_ids(ids);
  std::vector<ChanceOutcome> out;
  out.reserve(ids.size());
  if (phase_ == Phase::kRollDice && cfg_->battle_outcomes) {
    // §4.3's exact odds of the whole roll (every face combination counted,
    // once for the program, not at every roll).
    const RollOdds& odds = cached_roll_odds(att_dice_, def_dice_);
    for (Action a : ids)
      out.push_back({a, odds.attacker_loses[static_cast<size_t>(a - kLossBase)]});
    return out;
  }
  for (Action a : ids) out.push_back({a, 1.0 / static_cast<double>(ids.size())});
  return out;
}

void RiskState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (phase_ == Phase::kGameOver) return;
  if (is_chance_phase(phase_)) {
    chance_ids(out);
    return;
  }
  switch (phase_) {
    case Phase::kClaim:
      for (Territory t = 0; t < kNumTerritories; ++t)
        if (owner_[t] < 0) out.push_back(t);
      return;
    case Phase::kSetupPlace:
      add_territories_of(out, owner_, active_);
      return;
    case Phase::kTwoPlayerPlace:
      for (Territory t = 0; t < kNumTerritories; ++t)
        if (two_player_place_legal(t)) out.push_back(t);
      return;
    default:
      legal_turn_actions(out);
      return;
  }
}

bool RiskState::two_player_place_legal(Territory t) const {
  const int o = owner_[t];
  return o == active_ ? own_left_ > 0 : o >= 2 && !((neutral_done_ >> o) & 1) && setup_left_[o] > 0;
}

void RiskState::add_trades(std::vector<Action>& out) const {
  const CardMask h = hand_[hand_slot(active_)];
  for (CardMask ma = h; ma; ma &= ma - 1) {
    const int a = __builtin_ctzll(ma);
    for (CardMask mb = ma & (ma - 1); mb; mb &= mb - 1) {
      const int b = __builtin_ctzll(mb);
      for (CardMask mc = mb & (mb - 1); mc; mc &= mc - 1) {
        const int c = __builtin_ctzll(mc);
        if (is_set(*cfg_->edition, a, b, c)) out.push_back(trade_action(a, b, c));
      }
    }
  }
}

bool RiskState::may_declare() const {
  if (cfg_->mode != Mode::kMissions || declared_this_turn_) return false;
  if (phase_ != Phase::kReinforce && phase_ != Phase::kAttack && phase_ != Phase::kFortify &&
      phase_ != Phase::kTurnEnd)
    return false;
  for (int slot = 0; slot < kNumRanks; ++slot)
    if (!mission_completed(active_, slot) && mission_holds(active_, missions_[active_][slot]))
      return true;
  return false;
}

void RiskState::add_declarations(std::vector<Action>& out) const {
  if (cfg_->mode != Mode::kMissions || declared_this_turn_) return;
  for (int slot = 0; slot < kNumRanks; ++slot)
    if (!mission_completed(active_, slot) && mission_holds(active_, missions_[active_][slot]))
      out.push_back(kDeclareBase + slot);
}

void RiskState::legal_turn_actions(std::vector<Action>& out) const {
  if (cfg_->teams() && phase_ != Phase::kForcedTrade && phase_ != Phase::kDefend &&
      phase_ != Phase::kTurnEnd) {
    legal_team_actions(out);
    return;
  }
  switch (phase_) {
    case Phase::kReinforce:
      if (!must_trade_) add_territories_of(out, owner_, active_);
      add_declarations(out);
      if (!placed_any_) add_trades(out);  // R27: all trades before the first placement
      return;
    case Phase::kForcedPlace:
      add_territories_of(out, owner_, active_);
      return;
    case Phase::kForcedTrade:
      add_trades(out);
      return;
    case Phase::kAttack: {
      const auto& edges = cfg_->map->edges();
      for (int e = 0; e < static_cast<int>(edges.size()); ++e) {
        const Edge& ed = edges[e];
        if (!may_attack_from(ed.from) || owner_[ed.to] == active_ ||
            owner_[ed.to] == owner_[ed.from])
          continue;
        const int max_dice = max_attack_dice(armies_[ed.from]);
        for (int k = 1; k <= max_dice; ++k) out.push_back(kAttackBase + e * 3 + k - 1);
      }
      out.push_back(kEndAttack);
      add_declarations(out);
      return;
    }
    case Phase::kDefend:
      for (int d = 1; d <= max_defence_dice(armies_[tgt_]); ++d) out.push_back(kDefendBase + d - 1);
      return;
    case Phase::kMoveIn:
    case Phase::kFortifyMove:
      move_.add_steps(out, can_spare(armies_[move_.from]));
      return;
    case Phase::kFortify:
      add_path_moves(out, *cfg_->map, owned_by(active_),
                     [&](Territory s) { return armies_[s] >= 2; });
      out.push_back(kEndTurn);
      add_declarations(out);
      return;
    case Phase::kTurnEnd:
      out.push_back(kEndTurn);
      add_declarations(out);
      return;
    default:
      legal_active_actions(out);
      return;
  }
}

Action RiskState::auto_action() const {
  // "Always defend with the most dice" (issue 3; a seat setting).
  if (phase_ == Phase::kDefend) return kDefendBase + max_defence_dice(armies_[tgt_]) - 1;
  return kInvalidAction;
}

void RiskState::apply(Action a) {
  assert(is_legal(a));
  switch (phase_) {
    case Phase::kDealMissions:
    case Phase::kDealTerritories:
    case Phase::kRollFirst:
    case Phase::kClaim:
    case Phase::kSetupPlace:
    case Phase::kTwoPlayerPlace:
    case Phase::kRollStarter:
      apply_setup(a);
      return;
    default:
      apply_turn(a);
  }
}

// ---------------------------------------------------------------- the turn

void RiskState::start_turn(int p) {
  active_ = p;
  ++turn_number_;
  conquests_this_turn_ = 0;
  declared_this_turn_ = false;
  involved_ = 0;
  if (active_mode()) {
    phase_ = Phase::kBribe;  // §11.2 step 1, before the reinforcement (R11)
    std::vector<Action> bribes;
    legal_active_actions(bribes);
    if (bribes.size() > 1) return;
  }
  begin_reinforce();
}

void RiskState::begin_reinforce() {
  phase_ = Phase::kReinforce;
  reinforcements_ = base_reinforcement(active_);
  // §5.3, tested when the step begins.
  must_trade_ = popcount(hand_[hand_slot(active_)]) >= cfg_->edition->mandatory_trade_at;
  placed_any_ = false;
}

bool RiskState::may_attack_from(Territory from) const {
  return owner_[from] == active_ || (active_mode() && is_ally(owner_[from], active_));
}

void RiskState::trade(Action a) {
  const int code = a - kTradeBase;
  const int x = code / (kNumCards * kNumCards), y = (code / kNumCards) % kNumCards,
            z = code % kNumCards;
  const CardMask cards = (CardMask{1} << x) | (CardMask{1} << y) | (CardMask{1} << z);
  const int slot = hand_slot(active_);
  assert((hand_[slot] & cards) == cards);
  reinforcements_ += set_value(x, y, z);
  ++sets_traded_;  // the Golden Cavalryman moves one space (unused by the fixed table)
  hand_[slot] &= ~cards;
  discard_ |= cards;
  for (CardMask& g : given_) g &= ~cards;  // now public; after a reshuffle, unknown again
}

void RiskState::declare(int slot) {
  completed_[active_] |= static_cast<uint8_t>(1u << slot);
  declared_this_turn_ = true;
  if (popcount(completed_[active_]) == kNumRanks) {  // §8.2: the 4th declared mission wins
    winner_ = active_;
    phase_ = Phase::kGameOver;
  }
}

void RiskState::roll_die(int face) {
  dice_[dice_rolled_++] = face;
  if (dice_rolled_ == att_dice_ + def_dice_) resolve_battle_roll();
}

void RiskState::check_victory_after_conquest(int attacker, int victim_owner) {
  switch (cfg_->mode) {
    case Mode::kDomination:
      if (territory_count(attacker) == kNumTerritories) winner_ = attacker;
      break;
    case Mode::kMissions: {
      bool others = false;
      for (int p = 0; p < cfg_->players; ++p) others = others || (p != attacker && !eliminated_[p]);
      if (!others) winner_ = attacker;
      break;
    }
    default:  // two-player: the opponent has no territory left (R34)
      if (victim_owner < cfg_->players && territory_count(victim_owner) == 0) winner_ = attacker;
      break;
  }
  if (winner_ >= 0) phase_ = Phase::kGameOver;
}

void RiskState::resolve_battle_roll() {
  // §4.2: compare.
  const auto losses = resolve_battle(std::span<const int>(dice_.data(), att_dice_),
                                     std::span<const int>(dice_.data() + att_dice_, def_dice_));
  last_dice_ = dice_;
  last_att_ = att_dice_;
  last_def_ = def_dice_;
  apply_battle_losses(losses);
}

// The roll's losses, from the dice or as one outcome; §4.4 / R28: a
// conquest in the fixed order.
void RiskState::apply_battle_losses(BattleLosses losses) {
  if (cfg_->teams()) {  // the attacker's own armies; the defence per R30
    add_armies(src_, active_, -losses.attacker);
    team_losses(losses.defender);
    return;
  }
  armies_[src_] -= losses.attacker;
  armies_[tgt_] -= losses.defender;
  assert(armies_[src_] >= 1 && armies_[tgt_] >= 0);
  if (armies_[tgt_] > 0) {
    phase_ = Phase::kAttack;
    return;
  }
  // (a) the target passes to the attacker with the committed armies.
  const int victim = owner_[tgt_];
  const int conqueror = owner_[src_];  // the active player, or his ally (§11.5)
  owner_[tgt_] = static_cast<int8_t>(conqueror);
  armies_[tgt_] = att_dice_;
  armies_[src_] -= att_dice_;
  if (conqueror == active_) ++conquests_this_turn_;  // an ally's conquest earns no card
  if (victim < cfg_->players && territory_count(victim) == 0) {
    eliminated_[victim] = true;
    victim_ = victim;
  } else if (active_mode() && victim >= 2 && territory_count(victim) == 0) {
    // A destroyed neutral: its bribe cards go to the active player (§11.5,
    // R12) after the move-in; it is no longer rolled for.
    status_[victim] = -1;
    involved_ &= static_cast<uint8_t>(~(1u << victim));
    victim_ = victim;
  }
  // (b) game-end checks that need no further choice.
  check_victory_after_conquest(active_, victim);
  if (phase_ == Phase::kGameOver) return;
  // (c) the additional move-in.
  move_.begin(src_, tgt_, att_dice_, att_dice_);
  if (armies_[src_] > 1) {
    phase_ = Phase::kMoveIn;
    return;
  }
  finish_move_in();
}

void RiskState::finish_move_in() {
  // (d) cards of an eliminated player pass to the conqueror; (e) more than 5
  // ⇒ trade down to 4 or fewer now, and place those armies (§5.3, R16).
  phase_ = Phase::kAttack;
  if (victim_ < 0) return;
  if (victim_ < cfg_->players) {
    hand_[active_] |= hand_[victim_];
    hand_[victim_] = 0;
  } else {
    hand_[active_] |= bribes_[victim_];
    bribes_[victim_] = 0;
  }
  victim_ = -1;
  if (popcount(hand_[hand_slot(active_)]) > cfg_->edition->elimination_trade_above) {
    reinforcements_ = 0;
    phase_ = Phase::kForcedTrade;
  }
}

void RiskState::finish_turn() {
  // §5.8: one card if at least one territory was conquered; an empty deck is
  // replaced by the discard pile (R19).
  if (conquests_this_turn_ > 0 && ready_to_draw(deck_, discard_)) {
    phase_ = Phase::kDrawCard;
    return;
  }
  after_draw();
}

void RiskState::after_draw() {
  start_turn(next_alive(active_));
}

void RiskState::apply_turn(Action a) {
  switch (phase_) {
    case Phase::kReinforce:
    case Phase::kForcedPlace:
    case Phase::kForcedTrade:
      if (a >= kDeclareBase && a < kTradeBase) {
        declare(a - kDeclareBase);
      } else if (a >= kTradeBase) {
        trade(a);
        must_trade_ = false;
        if (phase_ == Phase::kForcedTrade &&
            popcount(hand_[hand_slot(active_)]) <= cfg_->edition->elimination_trade_until)
          phase_ = Phase::kForcedPlace;
      } else {
        add_armies(a, active_, 1);
        placed_any_ = true;
        if (--reinforcements_ == 0) {
          if (phase_ == Phase::kReinforce && active_mode())
            after_own_reinforcement();
          else
            phase_ = Phase::kAttack;
        }
      }
      return;
    case Phase::kAttack:
      if (a == kEndAttack) {
        after_attack_step();
      } else if (a >= kDeclareBase) {
        declare(a - kDeclareBase);
      } else {
        const Edge& e = cfg_->map->edges()[attack_edge_of(a)];
        src_ = e.from;
        tgt_ = e.to;
        if (active_mode()) {  // §11.6: attackers and defenders alike are involved
          if (owner_[src_] >= 2) involved_ |= static_cast<uint8_t>(1u << owner_[src_]);
          if (owner_[tgt_] >= 2) involved_ |= static_cast<uint8_t>(1u << owner_[tgt_]);
        }
        att_dice_ = attack_dice_of(a);
        dice_rolled_ = 0;
        pending_losses_ = 0;
        // A defender with one army has no choice to make (§4.1).
        if (armies_[tgt_] == 1) {
          def_dice_ = 1;
          phase_ = Phase::kRollDice;
        } else {
          phase_ = Phase::kDefend;
        }
      }
      return;
    case Phase::kDefend:
      def_dice_ = a - kDefendBase + 1;
      phase_ = Phase::kRollDice;
      return;
    case Phase::kRollDice:
      if (a >= kLossBase) {  // battles as outcomes: no faces to show
        const int compared = std::min(att_dice_, def_dice_);
        last_att_ = last_def_ = 0;
        apply_battle_losses({a - kLossBase, compared - (a - kLossBase)});
      } else {
        roll_die(a - kDieBase + 1);
      }
      return;
    case Phase::kMoveIn:
    case Phase::kFortifyMove: {
      if (a == kMoveMore) {
        add_armies(move_.from, active_, -1);
        add_armies(move_.to, active_, 1);
        ++move_.moved;
        // More may follow; else the move is complete (Team Risk: own armies only, R29).
        if (armies_[move_.from] > 1 && (!cfg_->teams() || stack_[move_.from][active_] > 0)) return;
      }
      if (phase_ == Phase::kMoveIn) {
        finish_move_in();
      } else if (active_mode()) {
        after_own_fortify();
      } else if (may_declare_after_fortify()) {
        phase_ = Phase::kTurnEnd;
      } else {
        finish_turn();
      }
      return;
    }
    case Phase::kFortify:
      if (a == kEndTurn) {
        if (active_mode()) {
          ally_move_ = false;
          after_own_fortify();
        } else {
          finish_turn();
        }
      } else if (a >= kDeclareBase) {
        declare(a - kDeclareBase);
      } else {
        move_.begin(path_move_from(a), path_move_to(a), 0, 1);
        phase_ = Phase::kFortifyMove;
      }
      return;
    case Phase::kTurnEnd:
      if (a == kEndTurn)
        finish_turn();
      else
        declare(a - kDeclareBase);
      return;
    case Phase::kDrawCard: {
      const CardMask bit = CardMask{1} << (a - kCardBase);
      deck_ &= ~bit;
      hand_[hand_slot(active_)] |= bit;  // Team Risk: the team's shared hand
      after_draw();
      return;
    }
    case Phase::kRemoveArmy:  // R30: the decider removes one lost army
      add_armies(tgt_, a - kRemoveBase, -1);
      if (--pending_losses_ == 0 || armies_[tgt_] == pending_losses_) team_losses(pending_losses_);
      return;
    default:
      apply_active(a);
  }
}

bool RiskState::may_declare_after_fortify() const {
  if (cfg_->mode != Mode::kMissions || declared_this_turn_) return false;
  for (int slot = 0; slot < kNumRanks; ++slot)
    if (!mission_completed(active_, slot) && mission_holds(active_, missions_[active_][slot]))
      return true;
  return false;
}

}  // namespace meeple::risk
