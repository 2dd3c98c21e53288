#include "ai/risk/risk_bot.h"

#include <algorithm>
#include <utility>

#include "ai/careless.h"
#include "games/risk/odds.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

namespace {

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(uint64_t seed)
      : rng_(seed), sample_rng_(mix64(seed, 0x53414d50ull)), fallback_(seed ^ 0x5249534bull) {}
  std::string name() const override { return "risk-heuristic"; }

  Action choose(const Decision& d) override {
    // The heuristic reads the board and the seat's own hand and missions;
    // it gets them from a state consistent with what the seat knows, drawn
    // with its own RNG (the draws depend only on public counts, so the
    // noise below, and the whole game, stay the same for the same seed).
    d.determinize_into(sample_rng_, sample_);  // reuses the last decision's sample
    const auto* s = dynamic_cast<const RiskState*>(sample_.get());
    if (!s) return fallback_.choose(d);
    const std::vector<Action>& legal = d.legal_actions();
    // Declaring a mission and trading a set never hurt: do them first.
    for (Action a : legal)
      if (a >= kDeclareBase && a < kTradeBase) return a;
    switch (s->phase()) {
      case Phase::kClaim:
        return claim(*s, legal);
      case Phase::kReinforce:
      case Phase::kForcedTrade:
        for (Action a : legal)
          if (a >= kTradeBase) return a;
        return place(*s, legal);
      case Phase::kSetupPlace:
      case Phase::kForcedPlace:
      case Phase::kTwoPlayerPlace:
        return place(*s, legal);
      case Phase::kAttack:
        return attack(*s, legal);
      case Phase::kDefend:
        return s->auto_action();
      case Phase::kMoveIn:
        return move_in(*s, legal);
      case Phase::kFortify:
        return fortify(*s, legal);
      case Phase::kFortifyMove:
        return legal.front();  // move everything it may
      case Phase::kBribe:
        // Win back a neutral the opponent has as an ally, if cards allow.
        for (Action a : legal)
          if (a < kEndBribe && popcount(s->hand(s->active())) >= 3 &&
              s->is_ally((a - kBribeBase) % 4 + 2, 1 - s->active()))
            return a;
        return kEndBribe;
      case Phase::kAllyReinforce:
        return legal.front();  // every ally gets its die
      case Phase::kAllyPlace:
        return place(*s, legal);
      case Phase::kRemoveArmy:
        return remove_army(*s, legal);
      default:
        return legal.back();  // kTurnEnd, kBribe, kAllyFortify: end the step
    }
  }

 private:
  double noise() { return rng_.unit() * 1e-3; }

  // Are u and t on the same side (same owner; Team Risk: same team)?
  static bool same_side(const RiskState& s, Territory u, Territory t) {
    return s.config().teams() ? s.team_in(u) == s.team_in(t) : s.owner(u) == s.owner(t);
  }
  // Enemy armies next to t, from the point of view of its owner.
  static int pressure(const RiskState& s, Territory t) {
    const Map& map = *s.config().map;
    int enemy = 0;
    for (Territory u : map.territory(t).adjacent)
      if (!same_side(s, u, t)) enemy += s.armies(u);
    return enemy;
  }
  // Armies of the active player in t that may attack or move (Team Risk:
  // own armies only, and one army of any colour stays, R29).
  static int usable(const RiskState& s, Territory t) {
    if (!s.config().teams()) return s.armies(t) - 1;
    return std::min(s.armies(t) - 1, s.armies_of(t, s.active()));
  }
  // Team Risk (R30): lose an army of the team-mate with the most armies on
  // the board, so nobody's last army goes (that would lose the game, §12).
  static Action remove_army(const RiskState& s, const std::vector<Action>& legal) {
    Action best = legal.front();
    int most = -1;
    for (Action a : legal) {
      const int n = s.armies_on_board(a - kRemoveBase);
      if (n > most) most = n, best = a;
    }
    return best;
  }
  static double continent_share(const RiskState& s, int p, int c) {
    const auto& ts = s.config().map->continent(c).territories;
    int own = 0;
    for (Territory t : ts) own += s.owner(t) == p;
    return static_cast<double>(own) / static_cast<double>(ts.size());
  }

  Action claim(const RiskState& s, const std::vector<Action>& legal) {
    const Map& map = *s.config().map;
    Action best = legal.front();
    double best_score = -1e9;
    for (Action t : legal) {
      const int c = map.territory(t).continent;
      const double size = static_cast<double>(map.continent(c).territories.size());
      double score = continent_share(s, s.active(), c) * 2 + 1.0 / size + noise();
      for (Territory u : map.territory(t).adjacent) score += s.owner(u) == s.active() ? 0.05 : 0;
      if (score > best_score) best_score = score, best = t;
    }
    return best;
  }

  Action place(const RiskState& s, const std::vector<Action>& legal) {
    const Map& map = *s.config().map;
    Action best = legal.front();
    double best_score = -1e18;
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
      score += noise();
      if (score > best_score) best_score = score, best = t;
    }
    return best;
  }

  Action attack(const RiskState& s, const std::vector<Action>& legal) {
    const Map& map = *s.config().map;
    // Later in a long game the bot grows bolder, so games end.
    const double threshold = s.turn_number() > 300 ? 0.3 : s.turn_number() > 120 ? 0.45 : 0.6;
    Action best = kEndAttack;
    double best_score = -1;
    for (Action a : legal) {
      if (a < kAttackBase || a >= kEndAttack) continue;
      const Edge& e = map.edges()[(a - kAttackBase) / 3];
      const int dice = (a - kAttackBase) % 3 + 1;
      if (dice != std::min(3, usable(s, e.from))) continue;  // only the most dice
      if (s.config().teams() && s.armies_on_board(s.active()) <= dice)
        continue;  // §12: losing one's last armies loses the game for the team
      double p = conquest_odds(usable(s, e.from), s.armies(e.to));
      if (s.config().teams() && dice == 3) p = std::max(p, team_odds(s, e.to));
      double score = p;
      const int c = map.territory(e.to).continent;
      score += 0.2 * continent_share(s, s.active(), c);
      if (s.owner(e.to) >= s.config().players) score -= 0.05;  // neutrals are a lesser goal
      // §12: taking the territory that holds all of a player's armies wins for the team.
      if (s.config().teams() && s.armies_on_board(s.owner(e.to)) <= s.armies(e.to)) score += 0.5;
      if (s.conquests_this_turn() == 0) score += 0.1;  // a card is worth a risk
      if (p < threshold && !(s.conquests_this_turn() == 0 && p >= threshold - 0.15)) continue;
      score += noise();
      if (score > best_score) best_score = score, best = a;
    }
    return best;
  }

  // Team Risk: the odds of the whole team's armies next to t, attacking one
  // colour after another. Each player attacks with his own armies only
  // (R29) while the defence commits any colour, so stacks facing each other
  // are never worth attacking alone; but three dice against two win the
  // exchange on average (§4.3), so team-mates that each attack while they
  // can roll three dice wear down a stack that none of them could take.
  static double team_odds(const RiskState& s, Territory t) {
    int team = 0;
    for (Territory u : s.config().map->territory(t).adjacent)
      if (s.team_in(u) == RiskConfig::team_of(s.active())) team += s.armies(u) - 1;
    return conquest_odds(team, s.armies(t));
  }

  static double conquest_odds(int attackers, int defenders) {
    return conquest_probability(attackers, defenders);
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

  Action fortify(const RiskState& s, const std::vector<Action>& legal) {
    if (s.config().teams()) {
      const Action merge = consolidate(s, legal);
      if (merge != kEndTurn) return merge;
    }
    Action best = kEndTurn;
    double best_score = 0;
    for (Action a : legal) {
      if (a < kFortifyBase || a >= kEndTurn) continue;
      const auto [from, to] = fortify_of(a);
      if (pressure(s, from) > 0 || pressure(s, to) == 0) continue;
      const double score = usable(s, from) * (1.0 + 0.01 * pressure(s, to)) + noise();
      if (score > best_score) best_score = score, best = a;
    }
    return best;
  }

  static std::pair<Territory, Territory> fortify_of(Action a) {
    return {(a - kFortifyBase) / kNumTerritories, (a - kFortifyBase) % kNumTerritories};
  }

  // The best conquest odds `n` attacking armies in t would have against a
  // neighbouring enemy territory.
  static double best_odds(const RiskState& s, Territory t, int n) {
    double best = 0;
    for (Territory u : s.config().map->territory(t).adjacent)
      if (!same_side(s, u, t)) best = std::max(best, conquest_odds(n, s.armies(u)));
    return best;
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

  Rng rng_;                        // breaks ties between equally scored choices
  Rng sample_rng_;                 // draws what the seat cannot see
  std::unique_ptr<State> sample_;  // the last decision's sample, reused
  RandomBot fallback_;
};

}  // namespace

std::vector<std::string> level_names() {
  return {"the heuristic, 50 % of its moves random",
          "the heuristic (battle odds, borders, missions)"};
}

std::unique_ptr<Bot> make_risk_bot(const Game& /*game*/, int level, uint64_t seed) {
  if (level == 1)
    return std::make_unique<CarelessBot>(std::make_unique<HeuristicBot>(seed), 0.5,
                                         mix64(seed, 0x6361u), "risk careless heuristic");
  return std::make_unique<HeuristicBot>(seed);
}

}  // namespace meeple::risk
