// The shared conformance suite (tests/common/conformance.h) on Risk 2008,
// as all_games/ registers it, with its battles die by die and as outcomes
// (battles=outcomes). Uniformly random play ends slowly in Risk, so the
// players here are random but keen: they attack with the most dice, claim
// an objective when they can and never fiddle with a trade selection.
// World Conquest (§13, [UNVERIFIED]) ends by eliminations only, which keen
// random players do not reach within the suite's 100,000 steps at 5
// players: there the heuristic computer player (level 2) plays.
#include "tests/common/conformance.h"

#include <gtest/gtest.h>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "games/risk_2008/risk_2008_game.h"

namespace meeple::risk::state2008 {
namespace {

class KeenRandomBot final : public Bot {
 public:
  explicit KeenRandomBot(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "keen-random"; }
  Action choose(const Decision& d) override {
    const std::vector<Action>& legal = d.legal_actions();
    std::vector<Action> keen;
    for (const Action a : legal) {
      const bool attack =
          a >= r2008::kAttackBase && a < r2008::kEndAttack && (a - r2008::kAttackBase) % 3 == 2;
      const bool claim = a >= r2008::kClaimBase && a < r2008::kNoClaim;
      if (attack || claim) keen.push_back(a);
    }
    if (!keen.empty() && rng_.below(10) != 0) return keen[rng_.below(keen.size())];
    std::vector<Action> calm;
    for (const Action a : legal)
      if (a < r2008::kSelectBase || a > r2008::kConfirmTrade) calm.push_back(a);
    const auto& from = calm.empty() ? legal : calm;
    return from[rng_.below(from.size())];
  }

 private:
  Rng rng_;
};

// The players of a mode's conformance games.
std::function<std::unique_ptr<Bot>(const Game&, uint64_t)> conformance_player_2008(
    const std::string& mode) {
  if (mode == "world-conquest")
    return [](const Game& game, uint64_t seed) {
      auto bot = make_bot(game, 2, seed);
      EXPECT_TRUE(bot.is_ok());
      std::unique_ptr<Bot> out = std::move(*bot);
      return out;
    };
  return [](const Game&, uint64_t seed) { return std::make_unique<KeenRandomBot>(seed); };
}

TEST(Risk2008Conformance, CommandRoomAndBasicTraining) {
  for (const char* mode : {"command-room", "basic-training", "world-conquest"}) {
    for (const int players : {3, 5}) {
      SCOPED_TRACE(std::string(mode) + " " + std::to_string(players));
      meeple::testing::run_conformance("risk-2008", json{{"mode", mode}, {"players", players}},
                                       {.games = 1,
                                        .deep_check_every = 25,
                                        .id_sweep_every = 8,
                                        .player = conformance_player_2008(mode)});
      if (HasFatalFailure()) return;
    }
  }
}

TEST(Risk2008Conformance, BattlesAsOutcomes) {
  for (const char* mode : {"command-room", "basic-training", "world-conquest"}) {
    SCOPED_TRACE(mode);
    meeple::testing::run_conformance("risk-2008",
                                     json{{"mode", mode}, {"players", 4}, {"battles", "outcomes"}},
                                     {.games = 1,
                                      .deep_check_every = 25,
                                      .id_sweep_every = 8,
                                      .player = conformance_player_2008(mode)});
    if (HasFatalFailure()) return;
  }
}

TEST(Risk2008Conformance, OptionsAreChecked) {
  EXPECT_FALSE(make_risk_2008_game(json{{"mode", "world_conquest"}, {"players", 3}}));
  EXPECT_FALSE(make_risk_2008_game(json{{"mode", "domination"}, {"players", 3}}));
  EXPECT_FALSE(make_risk_2008_game(json{{"mode", "command-room"}, {"players", 6}}));
  auto g = make_risk_2008_game(json{{"mode", "basic-training"}, {"players", 4}});
  ASSERT_TRUE(g) << g.status().to_string();
  EXPECT_EQ((*g)->num_seats(), 4);
}

}  // namespace
}  // namespace meeple::risk::state2008
