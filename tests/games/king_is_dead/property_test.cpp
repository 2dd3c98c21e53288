// Property tests over random playouts in every configuration: followers
// conserved (bag + regions + supply + courts = 16 or 18 per faction),
// resolved regions empty, at most 8 struggles and 3 unstable regions,
// every game ends, court sizes as §5 says, returns well formed, each card in
// one place, the effect steps offered the same as a reloaded state's; and
// the shared conformance suite (JSON round trips, views, determinization,
// hostile input, replay hashes) for every configuration.
#include <gtest/gtest.h>

#include <cstdlib>

#include "ai/bot.h"
#include "core/match.h"
#include "kid_helpers.h"
#include "tests/common/conformance.h"

namespace meeple::king_is_dead::test {
namespace {

int games_per_config() {
  if (const char* env = std::getenv("MEEPLE_KID_PROPERTY_GAMES")) return std::atoi(env);
  return 200;
}

const std::vector<json> kConfigs = {
    {{"players", 2}},
    {{"players", 3}},
    {{"players", 4}, {"teams", true}},
    {{"players", 2}, {"advanced", true}},
    {{"players", 3}, {"advanced", true}},
    {{"players", 4}, {"advanced", true}, {"teams", true}},
    {{"players", 3}, {"advanced", true}, {"betrayal", true}},
    {{"players", 4}, {"advanced", true}, {"betrayal", true}, {"teams", true}},
};

void check_invariants(const KidState& s) {
  const int total = s.config().total_followers();
  for (int f = 0; f < kNumFactions; ++f) {
    int sum = s.supply(f);
    for (int r = 0; r < kNumRegions; ++r) {
      ASSERT_GE(s.followers(r, f), 0);
      if (!s.is_open(r)) {
        ASSERT_EQ(s.followers(r, f), 0);
      }
      sum += s.followers(r, f);
    }
    for (int p = 0; p < s.num_seats(); ++p) sum += s.court(p, f);
    if (s.phase() != Phase::kSetup) {
      ASSERT_EQ(sum, total) << "faction " << f;
    }
  }
  ASSERT_LE(s.struggles(), 8);
  ASSERT_LE(s.instability(), 3);
  if (s.phase() == Phase::kSetup) return;
  int unstable = 0;
  for (int k = 0; k < s.struggles(); ++k) unstable += s.status(s.track(k)) == kUnstable;
  ASSERT_EQ(unstable, s.instability());
  for (int p = 0; p < s.num_seats(); ++p) {
    const auto& pl = s.player(p);
    ASSERT_EQ(pl.hand_size() + static_cast<int>(pl.discard.size()), kHandSize);
    const int court = s.court(p, 0) + s.court(p, 1) + s.court(p, 2);
    // §5: 2 + cards played - skipped summons; a summon may be pending.
    ASSERT_LE(court, 2 + static_cast<int>(pl.discard.size()));
  }
}

TEST(KidProperties, RandomPlayoutsKeepTheInvariants) {
  for (const json& options : kConfigs) {
    auto game = all_games().create("king-is-dead", options);
    ASSERT_TRUE(game.is_ok()) << game.status().to_string();
    Rng rng(7);
    int invasions = 0, coronations = 0;
    for (int g = 0; g < games_per_config(); ++g) {
      Match m = Match::start(*game, rng.next());
      RandomBot bot(rng.next());
      int steps = 0;
      while (!m.state().is_terminal()) {
        const auto& now = static_cast<const KidState&>(m.state());
        ASSERT_NO_FATAL_FAILURE(check_invariants(now));
        if (now.phase() == Phase::kEffect && g % 10 == 0) {
          // The candidates narrowed step by step offer what a state loaded
          // from JSON computes afresh.
          auto loaded = (*game)->state_from_json(now.to_json());
          ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
          ASSERT_EQ((*loaded)->legal_actions(), now.legal_actions()) << now.to_json().dump();
        }
        if (m.state().is_chance()) {
          m.sample_chance();
        } else {
          ASSERT_TRUE(m.act(bot.choose(Decision(**game, m.state()))).is_ok());
        }
        ASSERT_LE(++steps, (*game)->metadata().max_game_length) << options.dump();
      }
      const auto& s = static_cast<const KidState&>(m.state());
      ASSERT_NO_FATAL_FAILURE(check_invariants(s));
      ASSERT_TRUE(s.invasion() || s.struggles() == 8);
      const auto w = s.winners();
      ASSERT_FALSE(w.empty());
      if (s.config().teams) {
        // Partners share the result.
        ASSERT_EQ(s.returns()[0], s.returns()[2]);
        ASSERT_EQ(s.returns()[1], s.returns()[3]);
      }
      (s.invasion() ? invasions : coronations)++;
      // The log replays to the same hash.
      auto replayed = Match::replay(m.log_json(), all_games());
      ASSERT_TRUE(replayed.is_ok()) << replayed.status().to_string();
      ASSERT_EQ(replayed->state().hash(), s.hash());
    }
    std::printf("%s: %d invasions, %d coronations\n", options.dump().c_str(), invasions,
                coronations);
    EXPECT_GT(invasions + coronations, 0) << options.dump();
  }
}

TEST(KidConformance, EveryConfiguration) {
  for (const json& options : kConfigs) {
    SCOPED_TRACE(options.dump());
    meeple::testing::run_conformance("king-is-dead", options,
                                     {.games = 3, .deep_check_every = 3, .id_sweep_every = 4});
  }
}

TEST(KidMetadata, PerfectInformationOnlyInTheBasicGame) {
  auto basic = all_games().create("king-is-dead", {{"players", 3}});
  auto adv = all_games().create("king-is-dead", {{"players", 3}, {"advanced", true}});
  ASSERT_TRUE(basic.is_ok() && adv.is_ok());
  EXPECT_EQ((*basic)->metadata().information, Information::kPerfect);
  EXPECT_EQ((*adv)->metadata().information, Information::kImperfect);
  auto teams = all_games().create("king-is-dead", {{"players", 4}, {"teams", true}});
  ASSERT_TRUE(teams.is_ok());
  EXPECT_EQ((*teams)->metadata().teams, (std::vector<std::vector<Seat>>{{0, 2}, {1, 3}}));
}

TEST(KidOptions, BadCombinationsAreRefused) {
  EXPECT_FALSE(all_games().create("king-is-dead", {{"players", 3}, {"teams", true}}).is_ok());
  EXPECT_FALSE(all_games().create("king-is-dead", {{"players", 2}, {"betrayal", true}}).is_ok());
  EXPECT_FALSE(all_games().create("king-is-dead", {{"players", 5}}).is_ok());
  EXPECT_FALSE(all_games().create("king-is-dead", {{"players", 4}}).is_ok());
  EXPECT_TRUE(all_games().create("king-is-dead", {{"players", 4}, {"teams", true}}).is_ok());
}

}  // namespace
}  // namespace meeple::king_is_dead::test
