// The two-player game with active neutral ("historical") armies,
// risk_classic.md §11: bribes (§11.3), allied reinforcement (§11.4), attacks
// with allies (§11.5, in turn.cpp), the status roll after all attacks
// (§11.6, R13, R14, R32) and allied fortification (§11.7, R31).
//
// Turn order (§11.2): 1 bribe → 2 reinforce own (mandatory trade tested now,
// R11) → 3 reinforce allies (one die each, R10) → 4 attack with own and
// allied armies → 5 status roll per involved neutral → 6 fortify own →
// 7 fortify allies → 8 card (own conquests only).
#include <cassert>

#include "games/risk/risk_state.h"

namespace meeple::risk {

void RiskState::after_own_reinforcement() {
  ally_done_ = 0;
  phase_ = Phase::kAllyReinforce;
  for (int n = 2; n < kMaxOwners; ++n)
    if (is_ally(n, active_)) return;
  phase_ = Phase::kAttack;  // no ally to reinforce
}

void RiskState::after_attack_step() {
  ally_move_ = false;
  phase_ = involved_ != 0 ? Phase::kStatusRoll : Phase::kFortify;
}

bool RiskState::has_ally_fortify() const {
  for (Territory s = 0; s < kNumTerritories; ++s) {
    const int o = owner_[s];
    if (o < 2 || !is_ally(o, active_) || ((ally_done_ >> o) & 1) || armies_[s] < 2) continue;
    if (path_move_targets(*cfg_->map, s, owned_by(o)) != 0) return true;
  }
  return false;
}

void RiskState::after_own_fortify() {
  if (!ally_move_) ally_done_ = 0;  // entering step 7
  ally_move_ = false;
  if (has_ally_fortify()) {
    phase_ = Phase::kAllyFortify;
    return;
  }
  finish_turn();
}

void RiskState::legal_active_actions(std::vector<Action>& out) const {
  switch (phase_) {
    case Phase::kBribe: {
      // §11.3, R9: a card only where it moves the neutral a step; at most
      // the bribe cap (6) under one neutral.
      for (CardMask m = hand_[active_]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        for (int n = 2; n < kMaxOwners; ++n)
          if (status_[n] >= 0 && !is_ally(n, active_) &&
              popcount(bribes_[n]) < cfg_->edition->bribe_cap)
            out.push_back(kBribeBase + c * 4 + n - 2);
      }
      out.push_back(kEndBribe);
      return;
    }
    case Phase::kAllyReinforce:
      for (int n = 2; n < kMaxOwners; ++n)
        if (is_ally(n, active_) && !((ally_done_ >> n) & 1))
          out.push_back(kAllyReinforceBase + n - 2);
      out.push_back(kEndAllyReinforce);
      return;
    case Phase::kAllyPlace:
      add_territories_of(out, owner_, ally_pending_);
      return;
    case Phase::kAllyFortify:
      for (Territory s = 0; s < kNumTerritories; ++s) {
        const int o = owner_[s];
        if (o < 2 || !is_ally(o, active_) || ((ally_done_ >> o) & 1) || armies_[s] < 2) continue;
        add_path_moves_from(out, *cfg_->map, s, owned_by(o));
      }
      out.push_back(kEndTurn);
      return;
    default:
      return;
  }
}

void RiskState::apply_active(Action a) {
  switch (phase_) {
    case Phase::kBribe: {
      if (a == kEndBribe) {
        begin_reinforce();
        return;
      }
      const int c = (a - kBribeBase) / 4, n = (a - kBribeBase) % 4 + 2;
      const CardMask bit = CardMask{1} << c;
      hand_[active_] &= ~bit;
      bribes_[n] |= bit;
      given_[active_] |=
          bit;  // the briber knows the card; the opponent sees only that one was given
      given_[1 - active_] &= ~bit;
      status_[n] = static_cast<int8_t>(status_[n] + (active_ == 0 ? -1 : 1));  // one step towards
      return;
    }
    case Phase::kAllyReinforce:
      if (a == kEndAllyReinforce) {
        phase_ = Phase::kAttack;
        return;
      }
      ally_pending_ = a - kAllyReinforceBase + 2;
      ally_done_ |= static_cast<uint8_t>(1u << ally_pending_);
      phase_ = Phase::kRollAllyDie;
      return;
    case Phase::kRollAllyDie:
      reinforcements_ = a - kDieBase + 1;  // R10: the die's face value
      phase_ = Phase::kAllyPlace;
      return;
    case Phase::kAllyPlace:
      ++armies_[a];
      if (--reinforcements_ == 0) {
        phase_ = Phase::kAllyReinforce;
        std::vector<Action> more;
        legal_active_actions(more);
        if (more.size() == 1) phase_ = Phase::kAttack;  // every ally reinforced
      }
      return;
    case Phase::kStatusRoll: {
      // R32: the involved neutrals in their fixed order; the data's faces
      // (1-4) move the neutral one step away from the active player, the
      // others (5-6) leave it.
      const int n = __builtin_ctz(involved_);
      if (cfg_->edition->status_shift[a - kDieBase + 1]) {
        const int away = status_[n] + (active_ == 0 ? 1 : -1);
        status_[n] = static_cast<int8_t>(std::clamp(away, 0, 2));
      }
      involved_ &= static_cast<uint8_t>(~(1u << n));
      if (involved_ == 0) phase_ = Phase::kFortify;
      return;
    }
    case Phase::kAllyFortify: {
      if (a == kEndTurn) {
        finish_turn();
        return;
      }
      move_.begin(path_move_from(a), path_move_to(a), 0, 1);
      ally_done_ |= static_cast<uint8_t>(1u << owner_[move_.from]);
      ally_move_ = true;
      phase_ = Phase::kFortifyMove;
      return;
    }
    default:
      assert(false && "not a phase of the turn");
  }
}

}  // namespace meeple::risk
