// A turn of the 2008 edition (risk_2008.md §7): draft with at most one
// trade before the first placement (R4, R21), the Starting Manoeuvre window,
// the attack step (battle.cpp), claiming at most one objective (R6) with its
// reward, manoeuvres along chains of own territories, the card draw (§7.6,
// R9, R10, R17) and the end-of-turn victory check (§12).
#include <algorithm>
#include <bit>

#include "games/risk/battle.h"
#include "games/risk/deck.h"
#include "games/risk_2008/objectives.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk {

using namespace r2008;

uint64_t Risk2008State::own_mask(int p) const {
  return mask_of(owner_, p);
}

Reward Risk2008State::token_reward(int token) const {
  const Edition2008& e = *cfg_->edition;
  const int per_type = e.command_room_per_type;  // tokens 0.. are the minor ones
  return token < per_type ? e.minor_rewards[token] : e.major_rewards[token - per_type];
}

bool Risk2008State::holds_reward(int p, Reward r) const {
  for (int k = 0; k < kNumTokens; ++k)
    if (token_holder_[k] == p && token_reward(k) == r) return true;
  return false;
}

void Risk2008State::give_token(int p, int token, Territory at) {
  for (int i = 0; i < kNumObjectives; ++i)
    if (obj_token_[i] == token) obj_token_[i] = -1;
  token_holder_[token] = static_cast<int8_t>(p);
  airfield_at_[token] = static_cast<int8_t>(at);
}

int Risk2008State::objectives_held(int p) const {
  return static_cast<int>(std::count(obj_where_.begin(), obj_where_.end(), p));
}

int Risk2008State::base_draft(int p) const {
  const uint64_t own = own_mask(p);
  DraftCounts c;
  c.territories = std::popcount(own);
  c.cities = std::popcount(own & cities_);
  c.continent_bonus = continent_bonus(*cfg_->map, own);
  for (int q = 0; q < cfg_->players; ++q)
    if (capital_[q] >= 0 && owner_[capital_[q]] == p) ++c.capitals;
  c.bonus_troops = holds_reward(p, Reward::kBonusTroops);
  return draft_troops(*cfg_->edition, c);
}

int Risk2008State::next_alive(int p) const {
  for (int k = 1; k <= cfg_->players; ++k) {
    const int q = (p + k) % cfg_->players;
    if (!eliminated_[q]) return q;
  }
  return p;
}

void Risk2008State::start_turn(int p) {
  active_ = p;
  ++turn_number_;
  own0_ = own_mask(p);
  draft_left_ = base_draft(p);
  selected_ = 0;
  traded_ = placed_any_ = battled_ = start_manoeuvre_used_ = conquered_ = claimed_ = false;
  manoeuvres_left_ = 0;
  pending_airfield_ = -1;
  src_ = tgt_ = -1;
  phase_ = Phase2008::kDraft;
}

// Manoeuvres of the active player: from a territory with 2+ troops to any
// other own territory connected through own territories (§7.5).
void Risk2008State::add_manoeuvres(std::vector<Action>& out) const {
  add_path_moves(out, *cfg_->map, own_mask(active_), [&](Territory s) { return troops_[s] >= 2; });
}

uint64_t Risk2008State::claimable() const {
  ClaimSets s;
  s.own = own_mask(active_);
  s.own0 = own0_;
  s.cities = cities_;
  for (int q = 0; q < cfg_->players; ++q)
    if (q != active_ && capital_[q] >= 0) s.enemy_capitals |= bit(capital_[q]);  // R13
  uint64_t out = 0;
  for (int i = 0; i < kNumObjectives; ++i)
    if (obj_where_[i] == kOnBoard && objective_holds(cfg_->edition->objectives[i], *cfg_->map, s))
      out |= bit(i);
  return out;
}

void Risk2008State::legal_turn(std::vector<Action>& out) const {
  const Edition2008& e = *cfg_->edition;
  switch (phase_) {
    case Phase2008::kDraft: {
      add_territories_of(out, owner_, active_);
      if (traded_ || placed_any_) break;  // R4, R21
      // Selecting a card is legal while the selection stays within the
      // chart (10 stars); unselecting always; confirming a listed total.
      const int stars = hand_stars(e, selected_);
      for (uint64_t m = hand_[active_]; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        if ((selected_ & bit(c)) || stars + e.stars[c] <= kMaxStars2008)
          out.push_back(kSelectBase + c);
      }
      if (trade_troops(e, hand_[active_], selected_) > 0) out.push_back(kConfirmTrade);
      break;
    }
    case Phase2008::kAttack: {
      const auto& edges = cfg_->map->edges();
      for (int i = 0; i < static_cast<int>(edges.size()); ++i) {
        const Edge& ed = edges[i];
        if (owner_[ed.from] != active_ || owner_[ed.to] == active_) continue;
        for (int d = 1; d <= max_attack_dice(troops_[ed.from]); ++d)
          out.push_back(kAttackBase + i * 3 + d - 1);
      }
      out.push_back(kEndAttack);
      if (holds_reward(active_, Reward::kStartingManoeuvre) && !battled_ && !start_manoeuvre_used_)
        add_manoeuvres(out);
      break;
    }
    case Phase2008::kDefend:
      for (int d = 1; d <= max_defence_dice(troops_[tgt_]); ++d) out.push_back(kDefendBase + d - 1);
      break;
    case Phase2008::kMove:
      move_.add_steps(out, can_spare(troops_[move_.from]));
      break;
    case Phase2008::kClaimObjective:
      for (uint64_t m = claimable(); m; m &= m - 1) out.push_back(kClaimBase + std::countr_zero(m));
      out.push_back(kNoClaim);
      break;
    case Phase2008::kAirfield:
      add_territories_of(out, owner_, active_);
      break;
    case Phase2008::kManoeuvre:
      add_manoeuvres(out);
      out.push_back(kEndManoeuvre);
      break;
    default:
      break;
  }
}

void Risk2008State::apply_turn(Action a) {
  const Edition2008& e = *cfg_->edition;
  switch (phase_) {
    case Phase2008::kDraft:
      if (a >= kSelectBase && a < kConfirmTrade) {
        selected_ ^= bit(a - kSelectBase);
      } else if (a == kConfirmTrade) {
        draft_left_ += trade_troops(e, hand_[active_], selected_);
        hand_[active_] &= ~selected_;
        discard_ |= selected_;
        selected_ = 0;
        traded_ = true;
      } else {
        ++troops_[a];
        placed_any_ = true;
        selected_ = 0;  // a selection not confirmed is dropped
        if (--draft_left_ == 0) phase_ = Phase2008::kAttack;
      }
      return;
    case Phase2008::kAttack:
      if (a == kEndAttack) {
        end_attack_step();
      } else if (a >= kManoeuvreBase) {
        start_manoeuvre_used_ = true;
        move_kind_ = 1;
        begin_manoeuvre_move(path_move_from(a), path_move_to(a));
      } else {
        begin_attack(a);
      }
      return;
    case Phase2008::kDefend:
      def_dice_ = a - kDefendBase + 1;
      begin_roll();
      return;
    case Phase2008::kMove:
      if (a == kMoveMore) {
        --troops_[move_.from];
        ++troops_[move_.to];
        ++move_.moved;
        if (troops_[move_.from] > 1) return;
      }
      finish_move();
      return;
    case Phase2008::kClaimObjective:
      if (a == kNoClaim)
        enter_manoeuvre_step();
      else
        claim_objective(a - kClaimBase);
      return;
    case Phase2008::kAirfield:
      airfield_at_[pending_airfield_] = static_cast<int8_t>(a);
      pending_airfield_ = -1;
      enter_manoeuvre_step();
      return;
    case Phase2008::kManoeuvre:
      if (a == kEndManoeuvre) {
        begin_draw();
      } else {
        move_kind_ = 2;
        begin_manoeuvre_move(path_move_from(a), path_move_to(a));
      }
      return;
    case Phase2008::kDraw:
      hand_[active_] |= bit(a - kCardBase);
      deck_ &= ~bit(a - kCardBase);
      end_turn();
      return;
    default:
      return;
  }
}

// A manoeuvre moves its first troop at once (m >= 1), then "one more" /
// "done" while more than one troop is left behind.
void Risk2008State::begin_manoeuvre_move(Territory from, Territory to) {
  move_.begin(from, to, 1, 1);
  --troops_[from];
  ++troops_[to];
  if (troops_[from] > 1)
    phase_ = Phase2008::kMove;
  else
    finish_move();
}

void Risk2008State::finish_move() {
  const int kind = move_kind_;
  move_.clear();
  if (kind == 0)
    after_conquest();
  else if (kind == 1)
    phase_ = Phase2008::kAttack;
  else
    after_manoeuvre();
}

void Risk2008State::end_attack_step() {
  if (claimable() != 0)
    phase_ = Phase2008::kClaimObjective;
  else
    enter_manoeuvre_step();
}

// §7.4 with §10: the card and its token go to the player; an airfield is
// placed at once (R23).
void Risk2008State::claim_objective(int i) {
  obj_where_[i] = static_cast<int8_t>(active_);
  claimed_ = true;
  const int token = obj_token_[i];
  obj_token_[i] = -1;
  if (token >= 0) {
    token_holder_[token] = static_cast<int8_t>(active_);
    if (token_reward(token) == Reward::kAirfield) {
      pending_airfield_ = token;
      phase_ = Phase2008::kAirfield;
      return;
    }
  }
  enter_manoeuvre_step();
}

void Risk2008State::enter_manoeuvre_step() {
  // Additional Manoeuvre works in the turn it is taken (R23).
  const Edition2008& e = *cfg_->edition;
  manoeuvres_left_ =
      e.manoeuvres_per_turn +
      (holds_reward(active_, Reward::kAdditionalManoeuvre) ? e.additional_manoeuvres : 0);
  if (manoeuvres_left_ == 0) {
    begin_draw();
    return;
  }
  phase_ = Phase2008::kManoeuvre;
}

void Risk2008State::after_manoeuvre() {
  if (--manoeuvres_left_ > 0)
    phase_ = Phase2008::kManoeuvre;
  else
    begin_draw();
}

// §7.6: one card after a conquest unless an objective was taken from the
// board; always exactly one with Guaranteed Card (R9). An empty draw pile is
// refilled from the discards; with both empty nothing is drawn (R17).
void Risk2008State::begin_draw() {
  manoeuvres_left_ = 0;
  const bool draw = holds_reward(active_, Reward::kGuaranteedCard) || (conquered_ && !claimed_);
  if (draw && ready_to_draw(deck_, discard_)) {
    phase_ = Phase2008::kDraw;
    return;
  }
  end_turn();
}

// §12: three objectives and the own capital at the end of the own turn.
// World Conquest (§13) has no objectives: only the last player left wins
// (R20, checked at the elimination, battle.cpp).
void Risk2008State::end_turn() {
  const int cap = capital_[active_];
  if (!cfg_->world_conquest() && objectives_held(active_) >= cfg_->edition->objectives_to_win &&
      cap >= 0 && owner_[cap] == active_) {
    winner_ = active_;
    phase_ = Phase2008::kGameOver;
    return;
  }
  start_turn(next_alive(active_));
}

}  // namespace meeple::risk
