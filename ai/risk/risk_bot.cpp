#include "ai/risk/risk_bot.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "ai/careless.h"
#include "ai/narrowed_search.h"
#include "ai/risk/heuristic.h"
#include "ai/sampled_policy.h"
#include "core/decision.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

namespace {

// The heuristic on a sample of what the seat knows (ai/sampled_policy.h).
std::unique_ptr<Bot> heuristic_bot(uint64_t seed) {
  return std::make_unique<SampledPolicyBot<RiskState>>(&heuristic_action, seed, "risk-heuristic");
}

// The share of random moves of levels 1..kHeuristicLevel (0: the
// heuristic itself). Each took 94-99 % of the one below with two players
// and about twice its seat share with three (docs/bots.md).
constexpr std::array<double, kHeuristicLevel> kCareless = {0.85, 0.6, 0.35, 0};

// Whether a game with these options is the team game (the mode's name is
// the game's own, games/risk).
bool team_game(const json& options) {
  return options.is_object() && options.value("mode", "") == mode_name(Mode::kTeams);
}

// Level 5's search (ai/narrowed_search.h): ISMCTS iterations a searched
// decision over the heuristic's best actions (candidate_actions), playouts
// of about two turns. Four players, against three heuristics, 200 games
// (docs/bots.md): playouts of 400 steps, not 200, won 157 instead of 131,
// six choices with them 174; 200 iterations, not 100, 144. A position it
// leads by so much that the leaf value rates it a 99.9 % win is the
// heuristic's to finish: there the search saw every choice end about as
// won, stopped attacking about one roll in four, and let 12 of 60
// four-player games run to 30,000 moves with 39 territories and thousands
// of armies facing the last three.
constexpr NarrowedSearchLevel kSearch{
    .iterations = 100, .width = 6, .rollout_steps = 400, .settled = 0.999};

// The team game's: the same search with eight times the iterations. There
// (each player attacks with his own armies only, R29, and the game ends
// with any one player's last armies, §12) the choices differ by less than
// the noise of 100 playouts: two searches against two heuristics won 15
// of 40 games at 100 iterations, 27 at 400 and 31 at 800 (seed 41;
// docs/bots.md).
constexpr NarrowedSearchLevel kTeamSearch{
    .iterations = 800, .width = 6, .rollout_steps = 400, .settled = 0.999};

}  // namespace

std::vector<double> leaf_values(const State& state) {
  const auto& s = static_cast<const RiskState&>(state);
  const Map& map = *s.config().map;
  const int n = s.num_seats();
  const bool teams = s.config().teams();
  // A seat's strength: what it holds and what that brings each turn. In the
  // team game (§12) a seat wins or loses with its team, so the strengths
  // that compete are the teams' (the team's one hand counted once); valued
  // seat against seat, the search would fight its team-mate's lead.
  const int sides = teams ? 2 : n;
  std::vector<double> strength(static_cast<size_t>(sides), 0);
  for (int p = 0; p < n; ++p) {
    if (s.eliminated(p)) continue;
    double v = s.territory_count(p) + 0.5 * s.armies_on_board(p);
    for (int c = 0; c < kNumContinents; ++c)
      if (s.holds_continent(p, c)) v += 2.0 * map.continent(c).bonus;
    if (!teams || p < 2) v += 1.0 * popcount(s.hand(s.hand_slot(p)));
    strength[static_cast<size_t>(teams ? RiskConfig::team_of(p) : p)] += v;
  }
  std::vector<double> value(static_cast<size_t>(n), 0);
  for (int p = 0; p < n; ++p) {
    if (s.eliminated(p)) continue;
    const int side = teams ? RiskConfig::team_of(p) : p;
    double best_other = 0;
    for (int q = 0; q < sides; ++q)
      if (q != side) best_other = std::max(best_other, strength[static_cast<size_t>(q)]);
    // The lead counts relative to the armies in play: ten armies are a
    // lot on turn 5 and nothing on turn 200, when stacks are hundreds.
    const double mine = strength[static_cast<size_t>(side)];
    const double scale = kLeafScale + kLeafRelativeScale * (mine + best_other) / 2;
    value[static_cast<size_t>(p)] = 1.0 / (1.0 + std::exp(-(mine - best_other) / scale));
  }
  return value;
}

std::vector<std::string> level_names() {
  std::vector<std::string> names;
  for (double careless : kCareless)
    names.push_back(careless > 0 ? careless_level_name(careless)
                                 : "the heuristic (battle odds, borders, missions)");
  names.push_back(level_name(kSearch) +
                  fmt::format("; team game: {} iterations a decision", kTeamSearch.iterations));
  return names;
}

std::unique_ptr<Bot> make_risk_bot(const Game& game, int level, uint64_t seed) {
  level = std::clamp(level, 1, kTopLevel);
  if (level < kHeuristicLevel) {
    return make_careless_level(heuristic_bot(seed), kCareless[static_cast<size_t>(level - 1)], seed,
                               "risk", level);
  }
  if (level == kHeuristicLevel) return heuristic_bot(seed);
  const NarrowedSearchPolicy<RiskState> search{
      .policy = &heuristic_action, .candidates = &candidate_actions, .leaf_values = &leaf_values};
  return std::make_unique<NarrowedSearchBot<RiskState>>(
      game, team_game(game.options()) ? kTeamSearch : kSearch, search, seed, "risk ismcts level 5");
}

}  // namespace meeple::risk
