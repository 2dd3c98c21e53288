// The King is Dead's heuristic player and its levels (kid_bot.h).
#include "ai/king_is_dead/kid_bot.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>

#include "ai/careless.h"
#include "ai/ismcts.h"
#include "ai/king_is_dead/kid_eval.h"
#include "ai/king_is_dead/kid_search.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

namespace {

// The basic two-player game: the heuristic, ISMCTS made careless, ISMCTS,
// the turn search. Every other way: the heuristic, ISMCTS made careless
// twice, ISMCTS (the turn search is no stronger than ISMCTS where Cunning
// cards are hidden; docs/bots.md).
constexpr KidPlayer kHeuristic{KidSearch::kHeuristic, 0};
constexpr KidPlayer kIsmcts{KidSearch::kIsmcts, 0};
constexpr KidPlayer kTurns{KidSearch::kTurns, 0};
constexpr KidPlayer careless_heuristic(double share) {
  return {KidSearch::kHeuristic, share};
}
constexpr KidPlayer careless_ismcts(double share) {
  return {KidSearch::kIsmcts, share};
}

// In the advanced two-player game the other's Cunning cards are drawn from
// what its plays suggest (kid_beliefs.h), one draw a move: the search shown
// the cards beat ISMCTS far more often than with uniform draws (docs/bots.md).
constexpr TurnSearchOptions kTurnSearch{.nodes = 100000, .samples = 1, .beam = 2, .belief_beta = 5};

constexpr std::array<KidLevel, kTopLevel> kLevels = {{
    // two players: basic, advanced; three players: basic, advanced; team game:
    // basic, advanced
    {careless_heuristic(0.95), careless_heuristic(0.95), careless_heuristic(0.95),
     careless_heuristic(0.95), careless_heuristic(0.95), careless_heuristic(0.95)},  // 1
    {kHeuristic, kHeuristic, kHeuristic, kHeuristic, kHeuristic, kHeuristic},        // 2
    {careless_ismcts(0.45), careless_ismcts(0.60), careless_ismcts(0.50), careless_ismcts(0.70),
     careless_ismcts(0.40), careless_ismcts(0.16)},  // 3
    {kIsmcts, careless_ismcts(0.20), careless_ismcts(0.25), careless_ismcts(0.45),
     careless_ismcts(0.25), careless_ismcts(0.08)},       // 4
    {kTurns, kTurns, kIsmcts, kIsmcts, kIsmcts, kIsmcts}  // 5
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
      complete_turn_greedily(static_cast<KidState&>(*next), me);
      const double v = evaluate(static_cast<const KidState&>(*next), me) +
                       1e-6 * static_cast<double>(rng_.below(1000));
      if (v > best_value) best_value = v, best = a;
    }
    return best;
  }

 private:
  Rng rng_;
};

}  // namespace

std::unique_ptr<Bot> make_kid_bot(const Game& game, int level, uint64_t seed) {
  const int n = std::clamp(level, 1, kTopLevel);
  const KidPlayer& p = kid_player(kid_level(level), game.options());
  switch (p.search) {
    case KidSearch::kHeuristic:
      return make_careless_level(std::make_unique<KidBot>(seed), p.careless, seed, "king-is-dead",
                                 n);
    case KidSearch::kTurns:
      return make_turn_search_bot(kTurnSearch, seed,
                                  fmt::format("king-is-dead turn search:{}", kTurnSearch.nodes));
    case KidSearch::kIsmcts:
      break;
  }
  IsmctsOptions o;
  o.iterations = kIsmctsIterations;
  o.rollout_limit = 2000;  // random play ends a game in ~150 steps
  o.name = fmt::format("king-is-dead ismcts:{}", kIsmctsIterations);
  auto search = std::make_unique<IsmctsBot>(game, std::move(o), seed);
  if (p.careless == 0) return search;
  // The same seeds as the arena's careless:P:ismcts:200 (tests/cli's
  // arena_test), so a level's calibration names it exactly.
  return make_careless(
      std::move(search), p.careless, seed,
      fmt::format("king-is-dead careless ismcts:{} level {}", kIsmctsIterations, n));
}

namespace {

std::string percent(double share) {
  return fmt::format("{:.0f} %", 100 * share);
}

// What `p` plays, in words.
std::string describe(const KidPlayer& p) {
  switch (p.search) {
    case KidSearch::kHeuristic:
      return p.careless > 0 ? careless_level_name(p.careless) : "the heuristic";
    case KidSearch::kTurns:
      return fmt::format("alpha-beta over whole turns, {},{:03} positions a move",
                         kTurnSearch.nodes / 1000, kTurnSearch.nodes % 1000);
    case KidSearch::kIsmcts:
      break;
  }
  std::string name =
      fmt::format("ISMCTS, {} iterations a move, random playouts", kIsmctsIterations);
  if (p.careless > 0) name += ", " + percent(p.careless) + " of its moves random";
  return name;
}

}  // namespace

std::vector<std::string> level_names() {
  std::vector<std::string> names;
  for (const KidLevel& l : kLevels) {
    // The basic two-player game's player, then the other ways to play where
    // they differ from it, ways with the same player together.
    const std::pair<const char*, const KidPlayer*> others[] = {
        {"advanced two-player", &l.two_advanced},
        {"three-player", &l.three},
        {"advanced three-player", &l.three_advanced},
        {"team", &l.team},
        {"advanced team", &l.team_advanced}};
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;  // text, ways
    for (const auto& [way, player] : others) {
      // The turn search draws the advanced game's hidden cards its own way.
      const bool beliefs = player == &l.two_advanced && player->search == KidSearch::kTurns;
      if (player->search == l.two.search && player->careless == l.two.careless && !beliefs)
        continue;
      const std::string text =
          beliefs ? (l.two.search == KidSearch::kTurns ? std::string("the same, ")
                                                       : describe(*player) + ", ") +
                        "the other's Cunning cards drawn from what its plays suggest"
          : player->search == l.two.search && player->careless > 0
              ? percent(player->careless) + " random"
              : describe(*player);
      auto g = std::find_if(groups.begin(), groups.end(),
                            [&](const auto& x) { return x.first == text; });
      if (g == groups.end()) g = groups.insert(groups.end(), {text, {}});
      g->second.push_back(way);
    }
    // The last group is "every other game" when it holds every way not
    // named before it (none played as the basic two-player game).
    size_t named = 0;
    for (const auto& g : groups) named += g.second.size();
    std::vector<std::string> differ;
    for (const auto& [text, ways] : groups) {
      const bool rest = &ways == &groups.back().second && named == std::size(others) &&
                        (ways.size() > 1 || groups.size() == 1);
      differ.push_back(fmt::format(
          "{}: {}",
          rest ? std::string("every other game") : fmt::format("{}", fmt::join(ways, " and ")),
          text));
    }
    std::string name = describe(l.two);
    if (!differ.empty()) name += fmt::format(" ({})", fmt::join(differ, "; "));
    names.push_back(std::move(name));
  }
  return names;
}

const KidPlayer& kid_player(const KidLevel& level, const json& options) {
  const bool advanced = options.value("advanced", false);
  if (options.value("teams", false) || options.value("players", 2) == 4)
    return advanced ? level.team_advanced : level.team;
  if (options.value("players", 2) == 3) return advanced ? level.three_advanced : level.three;
  return advanced ? level.two_advanced : level.two;
}

const KidLevel& kid_level(int level) {
  return kLevels[static_cast<size_t>(std::clamp(level, 1, kTopLevel) - 1)];
}

}  // namespace meeple::king_is_dead
