// The heuristic King is Dead player (kid_bot.h).
#include "ai/king_is_dead/kid_bot.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "ai/careless.h"
#include "ai/ismcts.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

namespace {

// The position's value for `me`, higher is better.
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

constexpr std::array<KidLevel, kTopLevel> kLevels = {{
    // iterations, basic, advanced, team, team advanced
    {0, 0.95, 0.95, 0.95, 0.95},    // 1
    {0, 0, 0, 0, 0},                // 2: the heuristic (kHeuristicLevel)
    {200, 0.50, 0.70, 0.40, 0.16},  // 3
    {200, 0.25, 0.45, 0.25, 0.08},  // 4
    {200, 0, 0, 0, 0}               // 5
}};

class KidBot final : public Bot {
 public:
  explicit KidBot(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "king-is-dead heuristic"; }

  Action choose(const Decision& d) override {
    const auto& legal = d.legal_actions();
    if (legal.size() == 1) return legal.front();
    const auto world = d.determinize(rng_);
    const auto& s = static_cast<const KidState&>(*world);
    const int me = d.seat();
    Action best = legal.front();
    double best_value = -1e18;
    for (Action a : legal) {
      auto next = s.clone();
      next->apply(a);
      complete_turn(static_cast<KidState&>(*next), me);
      const double v = evaluate(static_cast<const KidState&>(*next), me) +
                       1e-6 * static_cast<double>(rng_.below(1000));
      if (v > best_value) best_value = v, best = a;
    }
    return best;
  }

 private:
  // Finishes the card being resolved and the summon, greedily.
  void complete_turn(KidState& s, int me) {
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

  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_kid_bot(const Game& game, int level, uint64_t seed) {
  const KidLevel& l = kid_level(level);
  const int n = std::clamp(level, 1, kTopLevel);
  const double careless = careless_share(l, game.options());
  if (l.iterations == 0)
    return make_careless_level(std::make_unique<KidBot>(seed), careless, seed, "king-is-dead", n);
  IsmctsOptions o;
  o.iterations = l.iterations;
  o.rollout_limit = 2000;  // random play ends a game in ~150 steps
  o.name = fmt::format("king-is-dead ismcts:{}", l.iterations);
  auto search = std::make_unique<IsmctsBot>(game, std::move(o), seed);
  if (careless == 0) return search;
  // The same seeds as the arena's careless:P:level:5.
  return make_careless(std::move(search), careless, seed,
                       fmt::format("king-is-dead careless ismcts:{} level {}", l.iterations, n));
}

std::vector<std::string> level_names() {
  std::vector<std::string> names;
  for (const KidLevel& l : kLevels) {
    if (l.iterations == 0) {
      names.push_back(l.basic > 0 ? careless_level_name(l.basic) : "the heuristic");
      continue;
    }
    std::string name = fmt::format("ISMCTS, {} iterations a move, random playouts", l.iterations);
    if (l.basic > 0)
      name += fmt::format(
          ", {:.0f} % of its moves random (advanced game {:.0f} %; team game {:.0f} %, "
          "advanced {:.0f} %)",
          100 * l.basic, 100 * l.advanced, 100 * l.team, 100 * l.team_advanced);
    names.push_back(std::move(name));
  }
  return names;
}

double careless_share(const KidLevel& level, const json& options) {
  const bool advanced = options.value("advanced", false);
  if (options.value("teams", false) || options.value("players", 2) == 4)
    return advanced ? level.team_advanced : level.team;
  return advanced ? level.advanced : level.basic;
}

const KidLevel& kid_level(int level) {
  return kLevels[static_cast<size_t>(std::clamp(level, 1, kTopLevel) - 1)];
}

}  // namespace meeple::king_is_dead
