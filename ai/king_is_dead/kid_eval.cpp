// The heuristic's judgement of a position (kid_eval.h).
#include "ai/king_is_dead/kid_eval.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace meeple::king_is_dead {

double evaluate(const KidState& s, int me) {
  const int n = s.num_seats();
  if (s.is_terminal()) {
    for (int p : s.winners())
      if (s.team_of(p) == s.team_of(me)) return 1000;
    return -1000;
  }
  // Faction strength: regions won count fully, open regions by who leads
  // there now (a tie or an empty region: nobody, and a step to invasion).
  std::array<double, kNumFactions> strength{};
  int unstable = 0;
  for (int r = 0; r < kNumRegions; ++r) {
    const int st = s.status(r);
    if (st == kUnstable) {
      ++unstable;
      continue;
    }
    if (st != kOpen) {
      strength[static_cast<size_t>(st)] += 1.0;
      continue;
    }
    int lead = -1;
    for (int f = 0; f < kNumFactions; ++f) {
      bool strict = s.followers(r, f) > 0;
      for (int g = 0; g < kNumFactions; ++g)
        if (g != f && s.followers(r, g) >= s.followers(r, f)) strict = false;
      if (strict) lead = f;
    }
    // The next region to be contested is nearly decided; later ones less so.
    const bool next = s.track(s.struggles()) == r;
    if (lead < 0) {
      if (next) ++unstable;
      continue;
    }
    strength[static_cast<size_t>(lead)] += next ? 0.8 : 0.4;
  }
  // The best court per side for each faction, and complete sets per side.
  std::array<int, kNumFactions> mine{}, theirs{};
  std::array<std::array<int, kNumFactions>, kMaxPlayers> unit{};
  for (int p = 0; p < n; ++p) {
    const bool ours = s.team_of(p) == s.team_of(me);
    for (int f = 0; f < kNumFactions; ++f) {
      auto& side = ours ? mine : theirs;
      side[static_cast<size_t>(f)] = std::max(side[static_cast<size_t>(f)], s.court(p, f));
      unit[static_cast<size_t>(s.team_of(p))][static_cast<size_t>(f)] += s.court(p, f);
    }
  }
  // P(faction f is crowned) as a softmax of its strength; my chance then
  // grows with my lead in f's followers.
  double crown = 0, z = 0;
  std::array<double, kNumFactions> p_first{};
  for (int f = 0; f < kNumFactions; ++f)
    z += p_first[static_cast<size_t>(f)] = std::exp(2.5 * strength[static_cast<size_t>(f)]);
  for (int f = 0; f < kNumFactions; ++f)
    crown += p_first[static_cast<size_t>(f)] / z *
             std::tanh(1.0 * (mine[static_cast<size_t>(f)] - theirs[static_cast<size_t>(f)]));
  if (s.player(me).hand[kPlot] > 0) crown += 0.2;
  int my_sets = 0, their_sets = 0;
  for (int u = 0; u < n; ++u) {
    const auto& c = unit[static_cast<size_t>(u)];
    const int sets = std::min({c[0], c[1], c[2]});
    if (u == s.team_of(me))
      my_sets = sets;
    else
      their_sets = std::max(their_sets, sets);
  }
  const double sets = std::tanh(0.7 * (my_sets - their_sets));
  const double danger = std::min(1.0, static_cast<double>(unstable) / 3.0);
  const double d2 = danger * danger;
  // Cards kept are options for later.
  const double cards = 0.01 * s.player(me).cards_left();
  return (1 - d2) * crown + d2 * sets + cards;
}

void complete_turn_greedily(KidState& s, int me) {
  std::vector<Action> legal;
  while (!s.is_terminal() && s.current_player() == me &&
         (s.phase() == Phase::kEffect || s.phase() == Phase::kSummon)) {
    s.legal_actions(legal);
    Action best = legal.front();
    double best_value = -1e18;
    for (Action a : legal) {
      auto next = s.clone();
      next->apply(a);
      const double v = evaluate(static_cast<const KidState&>(*next), me);
      if (v > best_value) best_value = v, best = a;
    }
    s.apply(best);
  }
}

}  // namespace meeple::king_is_dead
