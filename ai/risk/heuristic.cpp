#include "ai/risk/heuristic.h"

#include <algorithm>
#include <utility>

#include "ai/best_of.h"
#include "games/risk/odds.h"

namespace meeple::risk {

namespace {

// Are u and t on the same side (same owner; Team Risk: same team)?
bool same_side(const RiskState& s, Territory u, Territory t) {
  return s.config().teams() ? s.team_in(u) == s.team_in(t) : s.owner(u) == s.owner(t);
}
// Enemy armies next to t, from the point of view of its owner.
int pressure(const RiskState& s, Territory t) {
  const Map& map = *s.config().map;
  int enemy = 0;
  for (Territory u : map.territory(t).adjacent)
    if (!same_side(s, u, t)) enemy += s.armies(u);
  return enemy;
}
// Armies of the active player in t that may attack or move (Team Risk:
// own armies only, and one army of any colour stays, R29).
int usable(const RiskState& s, Territory t) {
  if (!s.config().teams()) return s.armies(t) - 1;
  return std::min(s.armies(t) - 1, s.armies_of(t, s.active()));
}
double continent_share(const RiskState& s, int p, int c) {
  const auto& ts = s.config().map->continent(c).territories;
  int own = 0;
  for (Territory t : ts) own += s.owner(t) == p;
  return static_cast<double>(own) / static_cast<double>(ts.size());
}
std::pair<Territory, Territory> fortify_of(Action a) {
  return {(a - kFortifyBase) / kNumTerritories, (a - kFortifyBase) % kNumTerritories};
}
// The best conquest odds `n` attacking armies in t would have against a
// neighbouring enemy territory.
double best_odds(const RiskState& s, Territory t, int n) {
  double best = 0;
  for (Territory u : s.config().map->territory(t).adjacent)
    if (!same_side(s, u, t)) best = std::max(best, conquest_probability(n, s.armies(u)));
  return best;
}
// Team Risk: the odds of the whole team's armies next to t, attacking one
// colour after another. Each player attacks with his own armies only
// (R29) while the defence commits any colour, so stacks facing each other
// are never worth attacking alone; but three dice against two win the
// exchange on average (§4.3), so team-mates that each attack while they
// can roll three dice wear down a stack that none of them could take.
double team_odds(const RiskState& s, Territory t) {
  int team = 0;
  for (Territory u : s.config().map->territory(t).adjacent)
    if (s.team_in(u) == RiskConfig::team_of(s.active())) team += s.armies(u) - 1;
  return conquest_probability(team, s.armies(t));
}

// Each scored step calls emit(action, score) for the actions it would
// consider, in the order of `legal`; the best score wins, against the
// step's default (the first legal action, or stopping).
template <typename Emit>
void score_claims(const RiskState& s, const std::vector<Action>& legal, Emit&& emit) {
  const Map& map = *s.config().map;
  for (Action t : legal) {
    const int c = map.territory(t).continent;
    const double size = static_cast<double>(map.continent(c).territories.size());
    double score = continent_share(s, s.active(), c) * 2 + 1.0 / size;
    for (Territory u : map.territory(t).adjacent) score += s.owner(u) == s.active() ? 0.05 : 0;
    emit(t, score);
  }
}

template <typename Emit>
void score_placements(const RiskState& s, const std::vector<Action>& legal, Emit&& emit) {
  const Map& map = *s.config().map;
  for (Action t : legal) {
    if (t >= kNumTerritories) continue;
    double score;
    if (!s.config().teams() && s.owner(t) != s.active()) {
      // A neutral army (2-player set-up): strengthen neutrals facing the opponent.
      int opp = 0;
      for (Territory u : map.territory(t).adjacent) opp += s.owner(u) == 1 - s.active();
      score = opp - 0.01 * s.armies(t);
    } else {
      const int p = pressure(s, t);
      if (p == 0) {
        score = -1000 - s.armies(t);
      } else {
        const double share = continent_share(s, s.active(), map.territory(t).continent);
        score = static_cast<double>(p - s.armies(t)) + 4.0 * share;
      }
    }
    emit(t, score);
  }
}

template <typename Emit>
void score_attacks(const RiskState& s, const std::vector<Action>& legal, Emit&& emit) {
  const Map& map = *s.config().map;
  // Later in a long game the bot grows bolder, so games end.
  const double threshold = s.turn_number() > 300 ? 0.3 : s.turn_number() > 120 ? 0.45 : 0.6;
  for (Action a : legal) {
    if (a < kAttackBase || a >= kEndAttack) continue;
    const Edge& e = map.edges()[(a - kAttackBase) / 3];
    const int dice = (a - kAttackBase) % 3 + 1;
    if (dice != std::min(3, usable(s, e.from))) continue;  // only the most dice
    if (s.config().teams() && s.armies_on_board(s.active()) <= dice)
      continue;  // §12: losing one's last armies loses the game for the team
    double p = conquest_probability(usable(s, e.from), s.armies(e.to));
    if (s.config().teams() && dice == 3) p = std::max(p, team_odds(s, e.to));
    double score = p;
    const int c = map.territory(e.to).continent;
    score += 0.2 * continent_share(s, s.active(), c);
    if (s.owner(e.to) >= s.config().players) score -= 0.05;  // neutrals are a lesser goal
    // §12: taking the territory that holds all of a player's armies wins for the team.
    if (s.config().teams() && s.armies_on_board(s.owner(e.to)) <= s.armies(e.to)) score += 0.5;
    if (s.conquests_this_turn() == 0) score += 0.1;  // a card is worth a risk
    if (p < threshold && !(s.conquests_this_turn() == 0 && p >= threshold - 0.15)) continue;
    emit(a, score);
  }
}

template <typename Emit>
void score_fortifications(const RiskState& s, const std::vector<Action>& legal, Emit&& emit) {
  for (Action a : legal) {
    if (a < kFortifyBase || a >= kEndTurn) continue;
    const auto [from, to] = fortify_of(a);
    if (pressure(s, from) > 0 || pressure(s, to) == 0) continue;
    emit(a, usable(s, from) * (1.0 + 0.01 * pressure(s, to)));
  }
}

// Team Risk (R30): lose an army of the team-mate with the most armies on
// the board, so nobody's last army goes (that would lose the game, §12).
Action remove_army(const RiskState& s, const std::vector<Action>& legal) {
  Action best = legal.front();
  int most = -1;
  for (Action a : legal) {
    const int n = s.armies_on_board(a - kRemoveBase);
    if (n > most) most = n, best = a;
  }
  return best;
}

Action move_in(const RiskState& s, const std::vector<Action>& legal) {
  if (legal.front() != kMoveMore) return kMoveDone;
  const Territory from = s.battle_source(), to = s.battle_target();
  const int p_from = pressure(s, from), p_to = pressure(s, to);
  if (p_from == 0) return kMoveMore;  // the interior needs nothing
  if (p_to == 0) return kMoveDone;
  const int there = s.config().teams() ? s.armies_of(to, s.active()) : s.armies(to);
  return usable(s, from) > there ? kMoveMore : kMoveDone;
}

// Team Risk: a player attacks with his own armies only (R29), so team-mates
// that pile their colours into the same front territories defend well but
// can never attack, and games stall with ever-growing stacks. Merging one's
// own armies from one front territory into another that gains a real
// attack breaks that; the team-mates' armies still hold the source.
Action consolidate(const RiskState& s, const std::vector<Action>& legal) {
  Action best = kEndTurn;
  double best_gain = 0.2;
  for (Action a : legal) {
    if (a < kFortifyBase || a >= kEndTurn) continue;
    const auto [from, to] = fortify_of(a);
    const int moving = usable(s, from), there = usable(s, to);
    if (moving <= 0 || there <= 0 || pressure(s, to) == 0) continue;  // merge, not relocate
    // Only from a source that the team-mates' armies keep strong.
    if (s.armies(from) - moving < pressure(s, from) / 2) continue;
    const double before = std::max(best_odds(s, from, moving), best_odds(s, to, there));
    const double gain = best_odds(s, to, moving + there) - before;
    if (gain > best_gain) best_gain = gain, best = a;
  }
  return best;
}

// The steps that place one army at a time (a trade comes first, above).
bool places_armies(Phase p) {
  return p == Phase::kReinforce || p == Phase::kForcedTrade || p == Phase::kSetupPlace ||
         p == Phase::kForcedPlace || p == Phase::kTwoPlayerPlace || p == Phase::kAllyPlace;
}

// Declaring a mission and trading a set never hurt: the heuristic does them
// first (and the searcher does not second-guess it).
Action first_declaration_or_trade(const RiskState& s, const std::vector<Action>& legal) {
  for (Action a : legal)
    if (a >= kDeclareBase && a < kTradeBase) return a;
  if (s.phase() == Phase::kReinforce || s.phase() == Phase::kForcedTrade)
    for (Action a : legal)
      if (a >= kTradeBase) return a;
  return kInvalidAction;
}

}  // namespace

Action heuristic_action(const RiskState& s, const std::vector<Action>& legal, Rng* rng) {
  if (Action a = first_declaration_or_trade(s, legal); a != kInvalidAction) return a;
  if (places_armies(s.phase()))
    return best_of([&](auto&& emit) { score_placements(s, legal, emit); }, legal.front(), -1e18,
                   rng);
  switch (s.phase()) {
    case Phase::kClaim:
      return best_of([&](auto&& emit) { score_claims(s, legal, emit); }, legal.front(), -1e9, rng);
    case Phase::kAttack:
      return best_of([&](auto&& emit) { score_attacks(s, legal, emit); }, kEndAttack, -1, rng);
    case Phase::kDefend:
      return s.auto_action();
    case Phase::kMoveIn:
      return move_in(s, legal);
    case Phase::kFortify:
      if (s.config().teams()) {
        const Action merge = consolidate(s, legal);
        if (merge != kEndTurn) return merge;
      }
      return best_of([&](auto&& emit) { score_fortifications(s, legal, emit); }, kEndTurn, 0, rng);
    case Phase::kFortifyMove:
      return legal.front();  // move everything it may
    case Phase::kBribe:
      // Win back a neutral the opponent has as an ally, if cards allow.
      for (Action a : legal)
        if (a < kEndBribe && popcount(s.hand(s.active())) >= 3 &&
            s.is_ally((a - kBribeBase) % 4 + 2, 1 - s.active()))
          return a;
      return kEndBribe;
    case Phase::kAllyReinforce:
      return legal.front();  // every ally gets its die
    case Phase::kRemoveArmy:
      return remove_army(s, legal);
    default:
      return legal.back();  // kTurnEnd, kAllyFortify: end the step
  }
}

void candidate_actions(const RiskState& s, const std::vector<Action>& legal, int width,
                       std::vector<Action>& out) {
  out.clear();
  if (Action a = first_declaration_or_trade(s, legal); a != kInvalidAction) {
    out.push_back(a);
    return;
  }
  std::vector<std::pair<double, Action>> ranked;
  auto collect = [&](Action a, double score) { ranked.emplace_back(score, a); };
  Action stop = kInvalidAction;
  if (places_armies(s.phase())) {
    score_placements(s, legal, collect);
  } else {
    switch (s.phase()) {
      case Phase::kClaim:
        score_claims(s, legal, collect);
        break;
      case Phase::kAttack:
        // Attacks with the most dice and a fair chance (the heuristic's
        // threshold is 0.6 early on): the search weighs those the heuristic
        // would not dare and those it would make.
        for (Action a : legal) {
          if (a < kAttackBase || a >= kEndAttack) continue;
          const Edge& e = s.config().map->edges()[(a - kAttackBase) / 3];
          const int dice = (a - kAttackBase) % 3 + 1;
          if (dice != std::min(3, usable(s, e.from))) continue;
          // Team Risk (§12): never the attack that could lose one's last
          // armies, and the odds of the whole team's armies next door, as
          // the heuristic counts them.
          if (s.config().teams() && s.armies_on_board(s.active()) <= dice) continue;
          double p = conquest_probability(usable(s, e.from), s.armies(e.to));
          if (s.config().teams() && dice == 3) p = std::max(p, team_odds(s, e.to));
          if (p >= 0.35) ranked.emplace_back(p, a);
        }
        stop = kEndAttack;
        break;
      case Phase::kDefend:
      case Phase::kMoveIn:
      case Phase::kFortify:
      case Phase::kFortifyMove:
      case Phase::kAllyReinforce:
      case Phase::kRemoveArmy:
        // The heuristic's: forced in all but name (the most dice, every army,
        // every ally's die, the team-mate who can spare one), or a matter of
        // where armies stand, which the leaf values cannot judge (moving in,
        // fortifying).
        out.push_back(heuristic_action(s, legal, nullptr));
        return;
      default:
        out = legal;
        return;
    }
  }
  best_few(ranked, legal, width, stop, out);
  if (out.empty()) out.push_back(heuristic_action(s, legal, nullptr));
}

}  // namespace meeple::risk
