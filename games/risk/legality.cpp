// is_legal without building the list (contract v2): each phase's rule from
// legal_actions() (turn.cpp, team.cpp, active.cpp) asked of one id. The two
// must agree for every id; tests/common/conformance.h checks every id in
// range at sampled nodes of every mode. Match::act asks this before each
// decision, so a heuristic game no longer builds each list twice.
#include <algorithm>

#include "games/risk/battle.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

namespace {

bool in(Action a, Action base, int count) {
  return a >= base && a < base + count;
}

}  // namespace

bool RiskState::is_legal(Action a) const {
  if (a < 0 || a >= kNumDistinctActions) return false;
  switch (phase_) {
    case Phase::kGameOver:
      return false;
    // Chance nodes: the outcomes of chance_ids().
    case Phase::kDealMissions: {
      if (!in(a, kMissionBase, static_cast<int>(cfg_->edition->missions.size()))) return false;
      const int m = a - kMissionBase, rank = deal_index_ % kNumRanks;
      if (cfg_->edition->missions[m].rank != rank) return false;
      for (int p = 0; p < cfg_->players; ++p)
        if (missions_[p][rank] == m) return false;
      return true;
    }
    case Phase::kDealTerritories:
      return in(a, kCardBase, kNumTerritories) && owner_[a - kCardBase] < 0;
    case Phase::kRollFirst:
    case Phase::kRollStarter:
      return in(a, kSeatBase, cfg_->players);
    case Phase::kRollDice:
      if (cfg_->battle_outcomes) return in(a, kLossBase, std::min(att_dice_, def_dice_) + 1);
      return in(a, kDieBase, 6);
    case Phase::kRollAllyDie:
    case Phase::kStatusRoll:
      return in(a, kDieBase, 6);
    case Phase::kDrawCard:
      return in(a, kCardBase, kNumCards) && ((deck_ >> (a - kCardBase)) & 1);
    // Set-up decisions (setup.cpp).
    case Phase::kClaim:
      return a < kNumTerritories && owner_[a] < 0;
    case Phase::kSetupPlace:
      return a < kNumTerritories && owner_[a] == active_;
    case Phase::kTwoPlayerPlace:
      return a < kNumTerritories && two_player_place_legal(a);
    default:
      return is_legal_turn(a);
  }
}

bool RiskState::is_legal_trade(Action a) const {
  if (!in(a, kTradeBase, kNumCards * kNumCards * kNumCards)) return false;
  const int code = a - kTradeBase;
  const int x = code / (kNumCards * kNumCards), y = (code / kNumCards) % kNumCards,
            z = code % kNumCards;
  if (!(x < y && y < z)) return false;  // add_trades lists each set once, ascending
  const CardMask cards = (CardMask{1} << x) | (CardMask{1} << y) | (CardMask{1} << z);
  return (hand_[hand_slot(active_)] & cards) == cards && is_set(*cfg_->edition, x, y, z);
}

bool RiskState::is_legal_declaration(Action a) const {
  // add_declarations(): Mission Risk, once per turn, a mission that holds now.
  if (!in(a, kDeclareBase, kNumRanks) || cfg_->mode != Mode::kMissions || declared_this_turn_)
    return false;
  const int slot = a - kDeclareBase;
  return !mission_completed(active_, slot) && mission_holds(active_, missions_[active_][slot]);
}

bool RiskState::is_legal_turn(Action a) const {
  if (cfg_->teams() && phase_ != Phase::kForcedTrade && phase_ != Phase::kDefend &&
      phase_ != Phase::kTurnEnd)
    return is_legal_team(a);
  switch (phase_) {
    case Phase::kReinforce:
      if (a < kNumTerritories) return !must_trade_ && owner_[a] == active_;
      return is_legal_declaration(a) || (!placed_any_ && is_legal_trade(a));
    case Phase::kForcedPlace:
      return a < kNumTerritories && owner_[a] == active_;
    case Phase::kForcedTrade:
      return is_legal_trade(a);
    case Phase::kAttack: {
      if (a == kEndAttack) return true;
      if (in(a, kAttackBase, kEndAttack - kAttackBase)) {
        const auto& edges = cfg_->map->edges();
        const int e = attack_edge_of(a), dice = attack_dice_of(a);
        if (e >= static_cast<int>(edges.size())) return false;
        const Edge& ed = edges[static_cast<size_t>(e)];
        return may_attack_from(ed.from) && owner_[ed.to] != active_ &&
               owner_[ed.to] != owner_[ed.from] && dice <= max_attack_dice(armies_[ed.from]);
      }
      return is_legal_declaration(a);
    }
    case Phase::kDefend:
      return in(a, kDefendBase, max_defence_dice(armies_[tgt_]));
    case Phase::kMoveIn:
    case Phase::kFortifyMove:
      return move_.is_step_legal(a, can_spare(armies_[move_.from]));
    case Phase::kFortify: {
      if (a == kEndTurn) return true;
      if (in(a, kFortifyBase, kNumTerritories * kNumTerritories)) {
        const Territory s = path_move_from(a), d = path_move_to(a);
        return owner_[s] == active_ && armies_[s] >= 2 &&
               ((path_move_targets(*cfg_->map, s, owned_by(active_)) >> d) & 1);
      }
      return is_legal_declaration(a);
    }
    case Phase::kTurnEnd:
      return a == kEndTurn || is_legal_declaration(a);
    default:
      return is_legal_active(a);
  }
}

bool RiskState::is_legal_team(Action a) const {
  // legal_team_actions() (team.cpp, §12 and R21, R29, R30).
  const int me = active_, team = RiskConfig::team_of(me);
  switch (phase_) {
    case Phase::kReinforce:
      if (a < kNumTerritories) return !must_trade_ && stack_[a][me] > 0;
      return !placed_any_ && is_legal_trade(a);
    case Phase::kForcedPlace:
      return a < kNumTerritories && stack_[a][me] > 0;
    case Phase::kAttack: {
      if (a == kEndAttack) return true;
      if (!in(a, kAttackBase, kEndAttack - kAttackBase)) return false;
      const auto& edges = cfg_->map->edges();
      const int e = attack_edge_of(a), dice = attack_dice_of(a);
      if (e >= static_cast<int>(edges.size())) return false;
      const Edge& ed = edges[static_cast<size_t>(e)];
      if (stack_[ed.from][me] == 0 || team_in(ed.to) == team) return false;
      return dice <= std::min({3, stack_[ed.from][me], armies_[ed.from] - 1});
    }
    case Phase::kRemoveArmy:
      return in(a, kRemoveBase, cfg_->players) && stack_[tgt_][a - kRemoveBase] > 0;
    case Phase::kMoveIn:
    case Phase::kFortifyMove:
      return move_.is_step_legal(a, stack_[move_.from][me] > 0 && can_spare(armies_[move_.from]));
    case Phase::kFortify: {
      if (a == kEndTurn) return true;
      if (!in(a, kFortifyBase, kNumTerritories * kNumTerritories)) return false;
      const Territory s = path_move_from(a), d = path_move_to(a);
      if (stack_[s][me] == 0 || armies_[s] < 2) return false;
      return (path_move_targets(*cfg_->map, s, team_mask(team)) >> d) & 1;
    }
    default:
      return false;
  }
}

bool RiskState::is_legal_active(Action a) const {
  // legal_active_actions() (active.cpp, §11).
  switch (phase_) {
    case Phase::kBribe: {
      if (a == kEndBribe) return true;
      if (!in(a, kBribeBase, kNumCards * 4)) return false;
      const int c = (a - kBribeBase) / 4, n = (a - kBribeBase) % 4 + 2;
      return ((hand_[active_] >> c) & 1) && status_[n] >= 0 && !is_ally(n, active_) &&
             popcount(bribes_[n]) < cfg_->edition->bribe_cap;
    }
    case Phase::kAllyReinforce: {
      if (a == kEndAllyReinforce) return true;
      if (!in(a, kAllyReinforceBase, 4)) return false;
      const int n = a - kAllyReinforceBase + 2;
      return is_ally(n, active_) && !((ally_done_ >> n) & 1);
    }
    case Phase::kAllyPlace:
      return a < kNumTerritories && owner_[a] == ally_pending_;
    case Phase::kAllyFortify: {
      if (a == kEndTurn) return true;
      if (!in(a, kFortifyBase, kNumTerritories * kNumTerritories)) return false;
      const Territory s = path_move_from(a), d = path_move_to(a);
      const int o = owner_[s];
      if (o < 2 || !is_ally(o, active_) || ((ally_done_ >> o) & 1) || armies_[s] < 2) return false;
      return (path_move_targets(*cfg_->map, s, owned_by(o)) >> d) & 1;
    }
    default:
      return false;
  }
}

}  // namespace meeple::risk
