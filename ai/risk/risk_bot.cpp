#include "ai/risk/risk_bot.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "ai/careless.h"
#include "ai/ismcts.h"
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

// Level 3's search: ISMCTS iterations a searched decision, and the scored
// actions searched (ai/risk/heuristic.h). More does not play better: 400
// iterations over 5 choices took 49.0 % of this in 100 games (docs/bots.md).
struct SearchLevel {
  int iterations;
  int width;
};
constexpr SearchLevel kSearch{100, 4};
// Playout steps (decisions and dice) after the tree: about the rest of a
// turn and the next player's, played by the heuristic.
constexpr int kRolloutSteps = 200;

// ISMCTS over the choices worth weighing (candidate_actions), heuristic
// playouts, and leaves valued by leaf_values. A decision with one
// candidate (a trade, a declaration, the defence's dice) is played at once.
class SearchBot final : public Bot {
 public:
  SearchBot(const Game& game, SearchLevel level, uint64_t seed, std::string name)
      : width_(level.width), sample_rng_(mix64(seed, 0x53414d50ull)) {
    IsmctsOptions o;
    o.iterations = level.iterations;
    o.rollout_limit = kRolloutSteps;
    o.leaf_value = leaf_values;
    o.rollout = [](const State& s, const std::vector<Action>& legal, Rng& rng) {
      return heuristic_action(static_cast<const RiskState&>(s), legal, &rng);
    };
    const int width = width_;
    o.candidates = [width](const State& s, const std::vector<Action>& legal,
                           std::vector<Action>& out) {
      candidate_actions(static_cast<const RiskState&>(s), legal, width, out);
    };
    o.name = std::move(name);
    search_ = std::make_unique<IsmctsBot>(game, std::move(o), seed);
  }
  std::string name() const override { return search_->name(); }
  // The search's estimate, when the last decision was searched (a hint
  // for a forced one is estimated by playouts instead).
  std::optional<double> win_chance() const override {
    return searched_ ? search_->win_chance() : std::nullopt;
  }

  Action choose(const Decision& d) override {
    searched_ = false;
    d.determinize_into(sample_rng_, sample_);
    const auto* s = dynamic_cast<const RiskState*>(sample_.get());
    if (s) {
      candidate_actions(*s, d.legal_actions(), width_, candidates_);
      if (candidates_.size() == 1) return candidates_.front();
    }
    searched_ = true;
    return search_->choose(d);
  }

 private:
  int width_;
  Rng sample_rng_;
  std::unique_ptr<State> sample_;
  std::vector<Action> candidates_;
  std::unique_ptr<IsmctsBot> search_;
  bool searched_ = false;
};

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
  std::vector<std::string> names = {"the heuristic, 50 % of its moves random",
                                    "the heuristic (battle odds, borders, missions)"};
  names.push_back(
      fmt::format("ISMCTS, {} iterations a decision over the heuristic's {} best choices, "
                  "heuristic playouts",
                  kSearch.iterations, kSearch.width));
  return names;
}

std::unique_ptr<Bot> make_risk_bot(const Game& game, int level, uint64_t seed) {
  level = std::clamp(level, 1, kTopLevel);
  if (level == 1)
    return std::make_unique<CarelessBot>(heuristic_bot(seed), 0.5, mix64(seed, 0x6361u),
                                         "risk careless heuristic");
  // The team game: the search won 18 of 40 games against two heuristics
  // (docs/bots.md), no better than the heuristic, so the heuristic plays
  // its top levels until a search plays the team game better.
  const json& options = game.options();
  const bool teams = options.is_object() && options.value("mode", "") == "teams";
  if (level == 2 || teams) return heuristic_bot(seed);
  return std::make_unique<SearchBot>(game, kSearch, seed, "risk ismcts level 3");
}

}  // namespace meeple::risk
