// Team Risk (risk_classic.md §12; rulings R20, R21, R28, R29, R30).
//
// Two teams by alternating seats (team = seat % 2: A B A B, A B A B A B, and
// with five players A1 B1 A2 B2 A3, R20). Team-mates' armies may share a
// territory; stack_[t][p] counts seat p's armies in t, armies_[t] the total
// and owner_[t] the seat with the most armies there (ties to the lower seat),
// which only names the team present. Control — strictly the most armies, a
// tie controls nothing — decides the territory count and continent bonuses.
//
// The turn differs from World Domination in:
//   - placement on any territory holding ≥1 own army (R21);
//   - attacks only on territories of the other team, with own armies only:
//     a ≤ min(3, own armies in source, all armies in source − 1) (R29);
//   - the defence: d ≤ min(2, armies in the target), chosen by the team-mate
//     with most armies there (tie: first in turn order after the attacker),
//     who also removes one army per loss (R30, the kRemoveArmy phase);
//   - the move-in and the fortification move own armies only and leave ≥1
//     army of any team colour in the source (R29); the fortification's chain
//     runs through territories holding the team's armies (§12);
//   - one shared hand per team (hand_[team]);
//   - victory: the moment a player of one team has no army left on the board,
//     the other team wins (R28 b).
// Committing armies by colour (R30) is folded into the removals: any
// colours present may be committed, so "which committed army is removed"
// ranges over every seat with armies left in the target.
#include <algorithm>
#include <cassert>

#include "games/risk/battle.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

int RiskState::controller(Territory t) const {
  if (!cfg_->teams()) return owner_[t];
  int best = -1, most = 0;
  bool tie = false;
  for (int p = 0; p < cfg_->players; ++p) {
    if (stack_[t][p] > most) {
      best = p;
      most = stack_[t][p];
      tie = false;
    } else if (stack_[t][p] == most && most > 0) {
      tie = true;
    }
  }
  return tie ? -1 : best;
}

void RiskState::refresh_lead(Territory t) {
  int best = -1, total = 0;
  for (int p = 0; p < cfg_->players; ++p) {
    total += stack_[t][p];
    if (stack_[t][p] > 0 && (best < 0 || stack_[t][p] > stack_[t][best])) best = p;
  }
  owner_[t] = static_cast<int8_t>(best);
  armies_[t] = total;
}

void RiskState::add_armies(Territory t, int p, int n) {
  if (!cfg_->teams()) {
    armies_[t] += n;
    return;
  }
  stack_[t][p] += n;
  assert(stack_[t][p] >= 0);
  refresh_lead(t);
}

uint64_t RiskState::team_mask(int team) const {
  uint64_t m = 0;
  for (Territory t = 0; t < kNumTerritories; ++t)
    if (team_in(t) == team) m |= uint64_t{1} << t;
  return m;
}

Seat RiskState::team_defender() const {
  // R30: most armies in the target; tie: the first in turn order after the attacker.
  int best = -1;
  for (int step = 1; step < cfg_->players; ++step) {
    const int q = (active_ + step) % cfg_->players;
    if (stack_[tgt_][q] > 0 && (best < 0 || stack_[tgt_][q] > stack_[tgt_][best])) best = q;
  }
  assert(best >= 0);
  return best;
}

void RiskState::legal_team_actions(std::vector<Action>& out) const {
  const int me = active_, team = RiskConfig::team_of(me);
  switch (phase_) {
    case Phase::kReinforce:
      if (!must_trade_)
        for (Territory t = 0; t < kNumTerritories; ++t)
          if (stack_[t][me] > 0) out.push_back(t);  // R21
      if (!placed_any_) add_trades(out);
      return;
    case Phase::kForcedPlace:
      for (Territory t = 0; t < kNumTerritories; ++t)
        if (stack_[t][me] > 0) out.push_back(t);
      return;
    case Phase::kAttack: {
      const auto& edges = cfg_->map->edges();
      for (int e = 0; e < static_cast<int>(edges.size()); ++e) {
        const Edge& ed = edges[e];
        if (stack_[ed.from][me] == 0 || team_in(ed.to) == team) continue;
        const int max_dice = std::min({3, stack_[ed.from][me], armies_[ed.from] - 1});  // R29
        for (int k = 1; k <= max_dice; ++k) out.push_back(kAttackBase + e * 3 + k - 1);
      }
      out.push_back(kEndAttack);
      return;
    }
    case Phase::kRemoveArmy:
      for (int p = 0; p < cfg_->players; ++p)
        if (stack_[tgt_][p] > 0) out.push_back(kRemoveBase + p);
      return;
    case Phase::kMoveIn:
    case Phase::kFortifyMove:
      move_.add_steps(out, stack_[move_.from][me] > 0 && can_spare(armies_[move_.from]));
      return;
    case Phase::kFortify:
      // Only territories holding one's own armies can give (R29).
      add_path_moves(out, *cfg_->map, team_mask(team),
                     [&](Territory s) { return stack_[s][me] > 0 && armies_[s] >= 2; });
      out.push_back(kEndTurn);
      return;
    default:
      assert(false && "not a team-turn phase");
  }
}

bool RiskState::check_team_victory() {
  // R28 (b), §12: a player with no armies on the board ends the game.
  for (int p = 0; p < cfg_->players; ++p) {
    if (armies_on_board(p) > 0) continue;
    eliminated_[p] = true;
    // The winner recorded is a seat of the other team (the attacker's, or a
    // defender's if the attacker lost his own last armies); returns() goes by team.
    winner_ = RiskConfig::team_of(p) == RiskConfig::team_of(active_) ? team_defender() : active_;
    phase_ = Phase::kGameOver;
    return true;
  }
  return false;
}

// The defence lost `losses` armies in the roll just resolved.
void RiskState::team_losses(int losses) {
  pending_losses_ = losses;
  // Forced removals need no decision: one colour left, or every army goes.
  int colours = 0;
  for (int p = 0; p < cfg_->players; ++p) colours += stack_[tgt_][p] > 0;
  if (pending_losses_ > 0 && (colours > 1 && pending_losses_ < armies_[tgt_])) {
    if (phase_ != Phase::kRemoveArmy) decider_ = team_defender();  // before any removal
    phase_ = Phase::kRemoveArmy;
    return;
  }
  for (int p = 0; p < cfg_->players && pending_losses_ > 0; ++p) {
    const int k = std::min(pending_losses_, stack_[tgt_][p]);
    add_armies(tgt_, p, -k);
    pending_losses_ -= k;
  }
  after_defence_losses();
}

void RiskState::after_defence_losses() {
  assert(pending_losses_ == 0);
  decider_ = -1;
  if (armies_[tgt_] > 0) {
    phase_ = check_team_victory() ? Phase::kGameOver : Phase::kAttack;
    return;
  }
  // R28 (a) the target passes to the attacker with the committed armies.
  stack_[src_][active_] -= att_dice_;
  refresh_lead(src_);
  stack_[tgt_][active_] = att_dice_;
  refresh_lead(tgt_);
  ++conquests_this_turn_;
  // (b) a defending player without armies: the attacking team wins.
  if (check_team_victory()) return;
  // (c) the additional move-in, own armies only (R29).
  move_.begin(src_, tgt_, att_dice_, att_dice_);
  if (stack_[src_][active_] > 0 && armies_[src_] > 1) {
    phase_ = Phase::kMoveIn;
    return;
  }
  phase_ = Phase::kAttack;
}

}  // namespace meeple::risk
