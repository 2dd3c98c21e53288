#include "ai/risk_2008/heuristic.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <utility>

#include "ai/best_of.h"
#include "games/risk/odds.h"
#include "games/risk_2008/objectives.h"

namespace meeple::risk2008 {

using namespace risk;
using namespace risk::r2008;

namespace {

uint64_t bit(int t) {
  return uint64_t{1} << t;
}

// What one decision reads again and again, computed once: the pressure on
// each territory, what each territory is worth taking, and what the
// objectives on the board ask for.
struct Facts {
  const Risk2008State& s;
  const Map& map;
  const Edition2008& e;
  int me;
  uint64_t own;
  std::array<int, kNumTerritories> pressure{};  // enemy troops next to t, for t's owner
  std::array<double, kNumTerritories> value{};  // worth of taking t (0 for own)
  std::array<double, kNumContinents> share{};   // share of each continent the seat holds
  std::array<double, kNumContinents> wanted{};  // continents the objectives ask for
  double city_weight = 0.3;     // a city is a draft troop third; objectives ask for more
  double capital_weight = 0.5;  // +1 draft troop, and the owner's win needs it
  double territory_weight = 0;  // J3 / J1: any territory counts
  int rounds = 0;               // each seat's turns so far
  bool capital_in_danger = false;

  Facts(const Risk2008State& st, int seat)
      : s(st), map(*st.config().map), e(*st.config().edition), me(seat), own(st.own_mask(seat)) {
    const int n = s.config().players;
    rounds = s.turn_number() / n;
    for (int c = 0; c < kNumContinents; ++c) {
      const auto& ts = map.continent(c).territories;
      int mine = 0;
      for (Territory t : ts) mine += s.owner(t) == me;
      share[c] = static_cast<double>(mine) / static_cast<double>(ts.size());
    }
    // The objectives still on the board, which anyone may claim (§9).
    for (int i = 0; i < kNumObjectives; ++i) {
      if (s.objective_place(i) != kOnBoard) continue;
      const Objective& o = e.objectives[static_cast<size_t>(i)];
      switch (o.kind) {
        case ObjectiveKind::kControlContinents:
          for (int c : o.continents) wanted[static_cast<size_t>(c)] += 1.0;
          break;
        case ObjectiveKind::kControlAnyContinents:
        case ObjectiveKind::kConquerContinentInTurn:
          for (double& w : wanted) w += 0.3;
          break;
        case ObjectiveKind::kControlCities:
        case ObjectiveKind::kConquerCitiesInTurn:
          city_weight += 0.5;
          break;
        case ObjectiveKind::kControlEnemyCapitals:
          capital_weight += 1.0;
          break;
        case ObjectiveKind::kControlTerritories:
        case ObjectiveKind::kConquerTerritoriesInTurn:
          territory_weight += 0.5;
          break;
      }
    }
    for (int t = 0; t < kNumTerritories; ++t) {
      const int o = s.owner(t);
      if (o < 0) continue;
      for (Territory u : map.territory(t).adjacent)
        if (s.owner(u) >= 0 && s.owner(u) != o) pressure[t] += s.troops(u);
    }
    for (int t = 0; t < kNumTerritories; ++t)
      if (s.owner(t) >= 0 && s.owner(t) != me) value[t] = target_value(t);
    const int cap = s.capital(me);
    capital_in_danger = cap >= 0 && s.owner(cap) == me && pressure[cap] >= s.troops(cap);
  }

  bool is_city(Territory t) const { return (s.cities() & bit(t)) != 0; }
  // Whose capital stands on t, or -1.
  int capital_of(Territory t) const {
    for (int p = 0; p < s.config().players; ++p)
      if (s.capital(p) == t) return p;
    return -1;
  }

  // What taking enemy territory t is worth, on the scale of a conquest
  // probability (so an attack's score is its odds plus this).
  double target_value(Territory t) const {
    const int c = map.territory(t).continent;
    double v = 0.2 * share[c] * (1.0 + wanted[c]) + 0.03 * territory_weight;
    if (is_city(t)) v += 0.1 * city_weight;
    const int owner = s.owner(t);
    // World Conquest (§13) has no objectives: a capital is a draft troop,
    // and the win is the last opponent's elimination.
    const bool world_conquest = s.config().world_conquest();
    if (const int cp = capital_of(t); cp >= 0) {
      v += 0.15 * capital_weight;
      if (cp == me && !world_conquest) v += 1.0;  // one's own capital back: the win needs it (§12)
      // The owner's capital: without it a holder of objectives cannot win.
      if (cp == owner) v += 0.25 * s.objectives_held(owner);
    }
    // Eliminating a player hands over its cards and objectives (§11.1).
    if (std::popcount(s.own_mask(owner)) == 1)
      v += 0.3 + (world_conquest ? 0.5 : 0.5 * s.objectives_held(owner));
    return v;
  }

  // Troops the own capital keeps back from attacks and moves: half the
  // enemy troops next to it.
  int capital_reserve(Territory t) const { return t == s.capital(me) ? (pressure[t] + 1) / 2 : 0; }
};

// §6 step 5: a capital goes where it is hard to reach: few neighbours, a
// small continent, away from the capitals already placed.
template <typename Emit>
void score_capitals(const Facts& f, const std::vector<Action>& legal, Emit&& emit) {
  for (Action t : legal) {
    if (t >= kNumTerritories) continue;
    const auto& info = f.map.territory(t);
    const double size = static_cast<double>(f.map.continent(info.continent).territories.size());
    double score = 3.0 / size - 0.3 * static_cast<double>(info.adjacent.size());
    for (Territory u : info.adjacent) {
      if (f.capital_of(u) >= 0) score -= 2.0;
      if (f.s.owner(u) < 0) score += 0.1;  // room to claim around it
    }
    for (int p = 0; p < f.s.config().players; ++p) {
      const int cap = f.s.capital(p);
      if (cap >= 0 && f.map.territory(cap).continent == info.continent) score -= 1.0;
    }
    emit(t, score);
  }
}

// §6 step 6: claims build toward a continent (the European heuristic's
// rule), next to the own capital, on cities and the objectives' continents.
template <typename Emit>
void score_claims(const Facts& f, const std::vector<Action>& legal, Emit&& emit) {
  const int cap = f.s.capital(f.me);
  for (Action t : legal) {
    if (t >= kNumTerritories) continue;
    const auto& info = f.map.territory(t);
    const int c = info.continent;
    const double size = static_cast<double>(f.map.continent(c).territories.size());
    double score = f.share[c] * 2 * (1.0 + 0.3 * f.wanted[c]) + 1.0 / size;
    if (f.is_city(t)) score += 0.3;
    for (Territory u : info.adjacent) {
      if (f.s.owner(u) == f.me) score += 0.05;
      if (u == cap) score += 0.3;
    }
    emit(t, score);
  }
}

// Placing one troop (set-up and draft): the borders under most pressure
// for their troops, in continents the seat holds much of, where a valuable
// target lies next door; the capital first when it is threatened.
template <typename Emit>
void score_placements(const Facts& f, const std::vector<Action>& legal, Emit&& emit) {
  const int cap = f.s.capital(f.me);
  for (Action t : legal) {
    if (t >= kNumTerritories) continue;
    const int p = f.pressure[t];
    double score;
    if (p == 0) {
      score = -1000 - f.s.troops(t);
    } else {
      double target = 0;
      for (Territory u : f.map.territory(t).adjacent) target = std::max(target, f.value[u]);
      score = static_cast<double>(p - f.s.troops(t)) + 4.0 * f.share[f.map.territory(t).continent] +
              3.0 * target;
      if (t == cap) score += 2.0 + p;
    }
    emit(t, score);
  }
}

template <typename Emit>
void score_attacks(const Facts& f, const std::vector<Action>& legal, Emit&& emit) {
  const Risk2008State& s = f.s;
  const auto& edges = f.map.edges();
  const int conquered = std::popcount(f.own & ~s.own_at_turn_start());
  // Later in a long game the bot grows bolder, so games end.
  double threshold = f.rounds > 60 ? 0.3 : f.rounds > 25 ? 0.45 : 0.6;
  // J1 ("10 territories in one turn") on the board: a turn going well
  // keeps going.
  if (f.territory_weight > 0 && conquered >= 5) threshold -= 0.1;
  const bool att_bonus = s.holds_reward(f.me, Reward::kBonusAttackDie);
  for (Action a : legal) {
    if (a < kAttackBase || a >= kEndAttack) continue;
    const Edge& ed = edges[static_cast<size_t>((a - kAttackBase) / 3)];
    const int dice = (a - kAttackBase) % 3 + 1;
    if (dice != std::min(3, s.troops(ed.from) - 1)) continue;  // only the most dice
    const int attackers = s.troops(ed.from) - 1 - f.capital_reserve(ed.from);
    if (attackers < 1) continue;
    // The odds of classic dice; the 2008 bonus dice shift them (§8.1).
    double p = conquest_probability(attackers, s.troops(ed.to));
    if (att_bonus) p += 0.1;
    if (s.holds_reward(s.owner(ed.to), Reward::kBonusDefenceDie)) p -= 0.1;
    const double v = f.value[ed.to];
    if (p + 0.5 * v < threshold && !(conquered == 0 && p + 0.5 * v >= threshold - 0.15)) continue;
    double score = p + v;
    if (conquered == 0) score += 0.1;  // a card is worth a risk (§7.6)
    emit(a, score);
  }
}

// Manoeuvres (§7.5) and the Starting Manoeuvre (§7.2): troops out of the
// interior to the border under most pressure, the capital first when it is
// threatened. Each manoeuvre moves every troop it can (move_more below).
template <typename Emit>
void score_manoeuvres(const Facts& f, const std::vector<Action>& legal, Emit&& emit) {
  const int cap = f.s.capital(f.me);
  for (Action a : legal) {
    if (a < kManoeuvreBase || a >= kEndManoeuvre) continue;
    const Territory from = (a - kManoeuvreBase) / kNumTerritories;
    const Territory to = (a - kManoeuvreBase) % kNumTerritories;
    if (f.pressure[from] > 0 || f.pressure[to] == 0) continue;
    double score = (f.s.troops(from) - 1) * (1.0 + 0.01 * f.pressure[to]);
    if (to == cap && f.capital_in_danger) score *= 2;
    emit(a, score);
  }
}

// §10.1: an airfield helps every battle next to it, and is lost with its
// territory: where most own fronts are within one step, itself held safely.
template <typename Emit>
void score_airfields(const Facts& f, const std::vector<Action>& legal, Emit&& emit) {
  for (Action x : legal) {
    if (x >= kNumTerritories) continue;
    double score = f.pressure[x] > 0 ? 1 : 0;
    for (Territory u : f.map.territory(x).adjacent)
      if (f.s.owner(u) == f.me && f.pressure[u] > 0) score += 1;
    if (f.pressure[x] > f.s.troops(x)) score -= 1.5;  // likely lost next turn
    emit(x, score);
  }
}

// §7.4: an objective brings the win closer, so one is always claimed. The
// "in one turn" ones first (they lapse with the turn, the others can be
// claimed later, R7), then by the reward on them.
Action claim_objective(const Facts& f, const std::vector<Action>& legal) {
  Action best = kNoClaim;
  double best_score = -1;
  for (Action a : legal) {
    if (a < kClaimBase || a >= kNoClaim) continue;
    const int i = a - kClaimBase;
    const Objective& o = f.e.objectives[static_cast<size_t>(i)];
    double score = 0;
    if (o.kind == ObjectiveKind::kConquerTerritoriesInTurn ||
        o.kind == ObjectiveKind::kConquerCitiesInTurn ||
        o.kind == ObjectiveKind::kConquerContinentInTurn)
      score += 10;
    if (const int token = f.s.objective_token(i); token >= 0) {
      switch (f.s.token_reward(token)) {
        case Reward::kBonusTroops:
          score += 5;
          break;
        case Reward::kBonusAttackDie:
          score += 4;
          break;
        case Reward::kAirfield:
        case Reward::kBonusDefenceDie:
        case Reward::kGuaranteedCard:
          score += 3;
          break;
        case Reward::kStartingManoeuvre:
        case Reward::kAdditionalManoeuvre:
          score += 2;
          break;
      }
    }
    if (score > best_score) best_score = score, best = a;
  }
  return best;
}

// "One more" or "done" for the move in progress.
Action move_more(const Facts& f, const std::vector<Action>& legal) {
  if (legal.front() != kMoveMore) return kMoveDone;
  const Territory from = f.s.move_from(), to = f.s.move_to();
  if (from < 0 || to < 0) return kMoveDone;
  const int left = f.s.troops(from) - 1 - f.capital_reserve(from);
  if (left <= 0) return kMoveDone;
  if (f.pressure[from] == 0) return kMoveMore;  // the interior needs nothing
  if (f.pressure[to] == 0) return kMoveDone;
  // Both on a front: even them out, the capital keeping its reserve.
  return left > f.s.troops(to) ? kMoveMore : kMoveDone;
}

// The draft's trade (§7.1, R4): made only when worth it, as a sequence of
// select / unselect steps toward trade_choice() and one confirm. Saving
// pays (the chart gives 3 troops a star at 10 stars, 1 at 2), so it trades
// a near-full chart, or anything when the capital is threatened.
Action trade_step(const Facts& f, const std::vector<Action>& legal) {
  const uint64_t hand = f.s.hand(f.me);
  const int stars = best_trade_stars(f.e, hand);
  const bool worth =
      stars >= 8 || (stars >= 3 && f.capital_in_danger) || (stars >= 4 && f.rounds > 40);
  if (!worth) return kInvalidAction;
  const uint64_t want = trade_choice(f.e, hand);
  if (want == 0) return kInvalidAction;
  auto legal_has = [&](Action a) { return std::binary_search(legal.begin(), legal.end(), a); };
  const uint64_t sel = f.s.selected();
  if (sel == want) return legal_has(kConfirmTrade) ? kConfirmTrade : kInvalidAction;
  // Unselect the strays first (a careless move may have left some), then
  // select what is missing: the selection never passes 10 stars.
  const uint64_t wrong = sel & ~want, missing = want & ~sel;
  const Action a = kSelectBase + std::countr_zero(wrong ? wrong : missing);
  return legal_has(a) ? a : kInvalidAction;
}

bool is_draft_choice(const std::vector<Action>& legal) {
  return std::any_of(legal.begin(), legal.end(),
                     [](Action a) { return a >= kSelectBase && a <= kConfirmTrade; });
}

}  // namespace

uint64_t trade_choice(const Edition2008& e, uint64_t hand) {
  const int target = best_trade_stars(e, hand);
  if (target == 0) return 0;
  // Ones first (keeping the 2-star cards keeps the most stars), lowest id
  // first; then twos; a total one over the target drops a one for nothing
  // better: with a two in, swap a one out.
  uint64_t pick = 0;
  int stars = 0;
  for (int want_stars : {1, 2})
    for (uint64_t m = hand; m; m &= m - 1) {
      const int c = std::countr_zero(m);
      if (e.stars[static_cast<size_t>(c)] != want_stars || stars + want_stars > target) continue;
      pick |= bit(c);
      stars += want_stars;
    }
  if (stars < target) {
    // One short: a one in the pick is traded for a two left out.
    uint64_t ones = 0, twos_out = 0;
    for (uint64_t m = hand; m; m &= m - 1) {
      const int c = std::countr_zero(m);
      if ((pick & bit(c)) && e.stars[static_cast<size_t>(c)] == 1) ones |= bit(c);
      if (!(pick & bit(c)) && e.stars[static_cast<size_t>(c)] == 2) twos_out |= bit(c);
    }
    if (ones && twos_out) pick ^= (ones & -ones) | (twos_out & -twos_out);
  }
  return trade_troops(e, hand, pick) > 0 ? pick : 0;
}

Action heuristic_action(const Risk2008State& s, const std::vector<Action>& legal, Rng* rng) {
  if (legal.empty()) return kInvalidAction;
  const Seat seat = s.current_player();
  if (s.phase() == Phase2008::kDefend) {
    const Action a = s.auto_action();  // the most dice
    return std::binary_search(legal.begin(), legal.end(), a) ? a : legal.back();
  }
  const Facts f(s, seat >= 0 ? seat : s.active());
  auto place = [&] {
    return best_of([&](auto&& emit) { score_placements(f, legal, emit); }, legal.front(), -1e18,
                   rng);
  };
  switch (s.phase()) {
    case Phase2008::kCapital:
      return best_of([&](auto&& emit) { score_capitals(f, legal, emit); }, legal.front(), -1e18,
                     rng);
    case Phase2008::kClaim:
      return best_of([&](auto&& emit) { score_claims(f, legal, emit); }, legal.front(), -1e18, rng);
    case Phase2008::kSetupPlace:
      return place();
    case Phase2008::kDraft:
      if (is_draft_choice(legal))
        if (const Action a = trade_step(f, legal); a != kInvalidAction) return a;
      return place();
    case Phase2008::kAttack: {
      // The Starting Manoeuvre, when it moves enough to matter, comes
      // before the first battle (it lapses with it, §7.2).
      const Action m =
          best_of([&](auto&& emit) { score_manoeuvres(f, legal, emit); }, kInvalidAction, 2.0, rng);
      if (m != kInvalidAction) return m;
      return best_of([&](auto&& emit) { score_attacks(f, legal, emit); }, kEndAttack, -1, rng);
    }
    case Phase2008::kMove:
      return move_more(f, legal);
    case Phase2008::kClaimObjective:
      return claim_objective(f, legal);
    case Phase2008::kAirfield:
      return best_of([&](auto&& emit) { score_airfields(f, legal, emit); }, legal.front(), -1e18,
                     rng);
    case Phase2008::kManoeuvre:
      return best_of([&](auto&& emit) { score_manoeuvres(f, legal, emit); }, kEndManoeuvre, 0, rng);
    default:
      return legal.front();
  }
}

void candidate_actions(const Risk2008State& s, const std::vector<Action>& legal, int width,
                       std::vector<Action>& out) {
  out.clear();
  if (legal.empty()) return;
  auto only = [&](Action a) { out.push_back(a); };
  const Seat seat = s.current_player();
  const Facts f(s, seat >= 0 ? seat : s.active());
  std::vector<std::pair<double, Action>> ranked;
  auto collect = [&](Action a, double score) { ranked.emplace_back(score, a); };
  Action stop = kInvalidAction;
  switch (s.phase()) {
    case Phase2008::kCapital:
      score_capitals(f, legal, collect);
      break;
    case Phase2008::kClaim:
      score_claims(f, legal, collect);
      break;
    case Phase2008::kSetupPlace:
      score_placements(f, legal, collect);
      break;
    case Phase2008::kDraft:
      // The trade is the heuristic's (when and what to trade is a matter of
      // the chart, not of the next turns); where to place is searched.
      if (is_draft_choice(legal))
        if (const Action a = trade_step(f, legal); a != kInvalidAction) return only(a);
      score_placements(f, legal, collect);
      break;
    case Phase2008::kAttack: {
      const Action m = best_of([&](auto&& emit) { score_manoeuvres(f, legal, emit); },
                               kInvalidAction, 2.0, nullptr);
      if (m != kInvalidAction) return only(m);
      // Attacks with the most dice and a fair chance: the search weighs
      // those the heuristic would not dare and those it would make.
      const bool att_bonus = s.holds_reward(f.me, Reward::kBonusAttackDie);
      for (Action a : legal) {
        if (a < kAttackBase || a >= kEndAttack) continue;
        const Edge& ed = f.map.edges()[static_cast<size_t>((a - kAttackBase) / 3)];
        if ((a - kAttackBase) % 3 + 1 != std::min(3, s.troops(ed.from) - 1)) continue;
        double p = conquest_probability(s.troops(ed.from) - 1, s.troops(ed.to));
        if (att_bonus) p += 0.1;
        if (s.holds_reward(s.owner(ed.to), Reward::kBonusDefenceDie)) p -= 0.1;
        if (p >= 0.35) ranked.emplace_back(p + f.value[ed.to], a);
      }
      stop = kEndAttack;
      // World Conquest (§13) ends only by eliminations, and the search
      // weighs stopping against attacking on a 200-step horizon: late in a
      // long game it may stop for ever against careful players (level 3
      // reached 100,000 moves in 3 of 6 three-player games). From round 26
      // the attack step is the heuristic's, which grows bolder (score_attacks).
      if (s.config().world_conquest() && f.rounds > 25) {
        const Action h = heuristic_action(s, legal, nullptr);
        if (h != kEndAttack) return only(h);
      }
      break;
    }
    case Phase2008::kManoeuvre:
      score_manoeuvres(f, legal, collect);
      stop = kEndManoeuvre;
      break;
    default:
      // The heuristic's: forced in all but name (the most defence dice,
      // every objective claimed), or a matter of where troops stand, which
      // the leaf values cannot judge (moving in, airfields).
      return only(heuristic_action(s, legal, nullptr));
  }
  best_few(ranked, legal, width, stop, out);
  if (out.empty()) out.push_back(heuristic_action(s, legal, nullptr));
}

std::vector<double> leaf_values(const State& state) {
  const auto& s = static_cast<const Risk2008State&>(state);
  const int n = s.config().players;
  // A seat's strength: what it holds, what that brings each turn (the
  // draft counts cities, continents and capitals), its cards, and above
  // all its objectives: three and the own capital win (§12).
  std::vector<double> strength(static_cast<size_t>(n), 0);
  for (int p = 0; p < n; ++p) {
    if (s.eliminated(p)) continue;
    const uint64_t own = s.own_mask(p);
    int troops = 0;
    for (uint64_t m = own; m; m &= m - 1) troops += s.troops(std::countr_zero(m));
    double v = std::popcount(own) + 0.5 * troops + 2.0 * s.base_draft(p) +
               0.5 * std::popcount(s.hand(p)) + kLeafObjective * s.objectives_held(p);
    // World Conquest (§13): the own capital is not needed to win.
    if (!s.config().world_conquest() && s.capital(p) >= 0 && s.owner(s.capital(p)) == p)
      v += kLeafOwnCapital;
    strength[static_cast<size_t>(p)] = v;
  }
  std::vector<double> value(static_cast<size_t>(n), 0);
  for (int p = 0; p < n; ++p) {
    if (s.eliminated(p)) continue;
    double best_other = 0;
    for (int q = 0; q < n; ++q)
      if (q != p) best_other = std::max(best_other, strength[static_cast<size_t>(q)]);
    const double mine = strength[static_cast<size_t>(p)];
    // The lead counts relative to the troops in play, as in the European
    // edition's leaf values (ai/risk/risk_bot.cpp).
    const double scale = kLeafScale + kLeafRelativeScale * (mine + best_other) / 2;
    value[static_cast<size_t>(p)] = 1.0 / (1.0 + std::exp(-(mine - best_other) / scale));
  }
  return value;
}

}  // namespace meeple::risk2008
