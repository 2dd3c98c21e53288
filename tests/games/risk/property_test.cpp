// Property tests: many heuristic-vs-heuristic games in every implemented mode
// never reach an inconsistent state (armies never negative, every territory
// owned with at least one army once set-up has placed it — in Team Risk by
// one team only —, the 44 cards each in exactly one place, team hands
// included), and every game ends. A few games per mode also go
// through the shared conformance suite (JSON round trips, views,
// determinization, replay hashes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "ai/bot.h"
#include "ai/risk/risk_bot.h"
#include "all_games/all_games.h"
#include "core/match.h"
#include "risk_helpers.h"
#include "tests/common/conformance.h"

namespace meeple::risk {
namespace {

int games_per_mode() {
  if (const char* env = std::getenv("MEEPLE_RISK_PROPERTY_GAMES")) return std::atoi(env);
  return 60;  // MEEPLE_RISK_PROPERTY_GAMES=4000 for the long run
}

void check_invariants(const RiskState& s) {
  const bool placed = s.phase() != Phase::kDealMissions && s.phase() != Phase::kDealTerritories &&
                      s.phase() != Phase::kRollFirst && s.phase() != Phase::kClaim;
  for (Territory t = 0; t < kNumTerritories; ++t) {
    ASSERT_GE(s.armies(t), 0);
    if (placed) {
      ASSERT_GE(s.owner(t), 0) << world_map().territory(t).id;
      ASSERT_GE(s.armies(t), 1) << world_map().territory(t).id;
    }
  }
  CardMask all = s.deck() | s.discard(), overlap = s.deck() & s.discard();
  for (int p = 0; p < kMaxOwners; ++p) {
    overlap |= all & s.hand(p);
    all |= s.hand(p);
    overlap |= all & s.bribes(p);
    all |= s.bribes(p);
  }
  ASSERT_EQ(overlap, 0u) << "a card in two places";
  if (s.phase() != Phase::kDealTerritories) {
    ASSERT_EQ(all, kAllCards) << "card conservation";
  }
  // The bribe cards each player remembers giving: face down, never in the
  // deck or the discard, never both players'; every card under a neutral has
  // a giver.
  CardMask face_down = 0, under_neutrals = 0;
  for (int p = 0; p < kMaxOwners; ++p) {
    face_down |= s.hand(p) | s.bribes(p);
    under_neutrals |= s.bribes(p);
  }
  ASSERT_EQ(s.bribes_given(0) & s.bribes_given(1), 0u);
  ASSERT_EQ((s.bribes_given(0) | s.bribes_given(1)) & ~face_down, 0u);
  ASSERT_EQ(under_neutrals & ~(s.bribes_given(0) | s.bribes_given(1)), 0u);
  if (s.config().teams() && placed) {
    // §12: per-seat armies never negative, sum to the total, one team only.
    for (Territory t = 0; t < kNumTerritories; ++t) {
      int total = 0, teams = 0;
      for (int p = 0; p < s.config().players; ++p) {
        ASSERT_GE(s.armies_of(t, p), 0);
        total += s.armies_of(t, p);
        if (s.armies_of(t, p) > 0) teams |= 1 << RiskConfig::team_of(p);
      }
      ASSERT_EQ(total, s.armies(t)) << world_map().territory(t).id;
      ASSERT_TRUE(teams == 1 || teams == 2) << world_map().territory(t).id << " mixes teams";
    }
    for (int p = 2; p < kMaxOwners; ++p) ASSERT_EQ(s.hand(p), 0u) << "team hands are 0 and 1";
  }
  for (int p = 0; p < s.config().players; ++p) {
    if (s.eliminated(p)) {
      ASSERT_EQ(s.territory_count(p), 0);
    }
  }
}

// Team Risk situations the heuristic games reach (shared territories, the
// defence's removal decision), so the invariants are checked on them too.
struct TeamStats {
  int shared = 0, removals = 0;
};

void count_team_situations(const RiskState& s, TeamStats& stats) {
  if (!s.config().teams()) return;
  stats.removals += s.phase() == Phase::kRemoveArmy;
  for (Territory t = 0; t < kNumTerritories; ++t) {
    int colours = 0;
    for (int p = 0; p < s.config().players; ++p) colours += s.armies_of(t, p) > 0;
    stats.shared += colours > 1;
  }
}

void play_games(const std::string& mode, int players, int games, uint64_t seed,
                TeamStats* stats = nullptr) {
  auto game = test::make(mode, players);
  Rng rng(seed);
  int total_steps = 0, longest = 0;
  for (int g = 0; g < games; ++g) {
    Match m = Match::start(game, rng.next());
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < players; ++p)
      bots.push_back(make_risk_bot(*game, kHeuristicLevel, rng.next()));
    int steps = 0;
    while (!m.state().is_terminal()) {
      const auto& s = static_cast<const RiskState&>(m.state());
      ASSERT_NO_FATAL_FAILURE(check_invariants(s)) << mode << " game " << g << " step " << steps;
      if (stats) count_team_situations(s, *stats);
      if (s.is_chance()) {
        m.sample_chance();
      } else {
        const Action a = bots[s.current_player()]->choose(Decision(*game, s));
        ASSERT_TRUE(m.act(a).is_ok()) << s.action_to_string(a);
      }
      ASSERT_LT(++steps, 200000) << mode << ": the game must end";
    }
    total_steps += steps;
    longest = std::max(longest, steps);
    const auto& s = static_cast<const RiskState&>(m.state());
    ASSERT_NO_FATAL_FAILURE(check_invariants(s));
    ASSERT_GE(s.winner(), 0);
    if (g < 3) {  // replay hash and JSON round trip of the whole match
      auto replayed = Match::replay(m.log_json(), all_games());
      ASSERT_TRUE(replayed.is_ok()) << replayed.status().to_string();
      ASSERT_EQ(replayed->state().hash(), s.hash());
      auto loaded = game->state_from_json(s.to_json());
      ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
      ASSERT_EQ((*loaded)->hash(), s.hash());
    }
  }
  ::testing::Test::RecordProperty("average_steps", total_steps / std::max(games, 1));
  ::testing::Test::RecordProperty("longest_game_steps", longest);
}

TEST(RiskProperties, HeuristicGamesDomination) {
  for (int n = 3; n <= 6; ++n) play_games("domination", n, games_per_mode() / 4, 100 + n);
}
TEST(RiskProperties, HeuristicGamesMissions) {
  for (int n = 3; n <= 6; ++n) play_games("missions", n, games_per_mode() / 4, 200 + n);
}
TEST(RiskProperties, HeuristicGamesTeams) {
  TeamStats stats;
  for (int n = 4; n <= 6; ++n) play_games("teams", n, games_per_mode() / 3, 500 + n, &stats);
  ::testing::Test::RecordProperty("team_shared_territory_states", stats.shared);
  ::testing::Test::RecordProperty("team_removal_decisions", stats.removals);
  EXPECT_GT(stats.shared, 0) << "the games never shared a territory";
  EXPECT_GT(stats.removals, 0) << "the games never asked the defence which army to remove";
}
TEST(RiskProperties, HeuristicGamesTwoPlayerPassive) {
  play_games("two-player-passive", 2, games_per_mode(), 300);
}
TEST(RiskProperties, HeuristicGamesTwoPlayerActive) {
  play_games("two-player-active", 2, games_per_mode(), 400);
}

// The shared conformance suite (tests/common/conformance.h) over one
// heuristic game: sorted legal actions, chance sums, action JSON round trips,
// state JSON round trips, independent copies, views and determinizations,
// hostile input; then the replay hash and the match JSON round trip.
// (Uniformly random players rarely finish a Risk game, so the players here
// are the heuristic bot.)
void conformance(const std::string& mode, int players, uint64_t seed) {
  meeple::testing::run_conformance(
      "risk", {{"mode", mode}, {"players", players}},
      {.games = 1,
       .max_steps = 200000,
       .seed = seed,
       .deep_check_every = 7,
       .id_sweep_every = 10,  // all 87,770 ids at every 70th step: seconds, not minutes
       .player = [](const Game& game, uint64_t s) {
         return make_risk_bot(game, kHeuristicLevel, s);
       }});
}

TEST(RiskConformance, Domination) {
  conformance("domination", 3, 1);
}
TEST(RiskConformance, Missions) {
  conformance("missions", 4, 2);
}
TEST(RiskConformance, TwoPlayerPassive) {
  conformance("two-player-passive", 2, 3);
}
TEST(RiskConformance, TwoPlayerActive) {
  conformance("two-player-active", 2, 4);
}
TEST(RiskConformance, Teams) {
  conformance("teams", 4, 5);
  conformance("teams", 5, 6);
  conformance("teams", 6, 7);
}

}  // namespace
}  // namespace meeple::risk
