// State JSON: round trips through a whole game, hostile documents refused
// with a message naming the field (never a crash), and the set-up chance
// typed in by a referee.
#include <gtest/gtest.h>

#include "ai/bot.h"
#include "core/match.h"
#include "kid_helpers.h"

namespace meeple::king_is_dead::test {
namespace {

TEST(KidStateJson, RoundTripThroughAdvancedGames) {
  auto game = make_game(3, true);
  Rng rng(11);
  for (int g = 0; g < 20; ++g) {
    Match m = Match::start(game, rng.next());
    RandomBot bot(rng.next());
    while (!m.state().is_terminal()) {
      const json j = m.state().to_json();
      auto back = game->state_from_json(j);
      ASSERT_TRUE(back.is_ok()) << back.status().to_string() << "\n" << j.dump();
      ASSERT_EQ((*back)->hash(), m.state().hash());
      ASSERT_EQ((*back)->to_json(), j);
      if (m.state().is_chance()) {
        m.sample_chance();
      } else {
        ASSERT_TRUE(m.act(bot.choose(Decision(*game, m.state()))).is_ok());
      }
    }
  }
}

TEST(KidStateJson, HostileDocumentsAreRefused) {
  const Position p = opening();
  auto s = load(p);
  ASSERT_TRUE(s);
  auto game = make_game(2, false);
  const json good = s->to_json();
  std::vector<std::pair<std::function<void(json&)>, std::string>> damage = {
      {[](json& j) { j["supply"][0] = 6; }, "followers of the scots"},
      {[](json& j) { j["supply"][0] = -1; }, "/supply/0"},
      {[](json& j) { j["supply"] = "many"; }, "/supply"},
      {[](json& j) { j["regions"]["moray"]["status"] = "scots"; }, "holds followers"},
      {[](json& j) { j["regions"]["moray"]["status"] = "french"; }, "/regions/moray/status"},
      {[](json& j) { j["regions"].erase("moray"); }, "/regions"},
      {[](json& j) { j["track"][0] = "camelot"; }, "/track/0"},
      {[](json& j) { j["track"][0] = "moray"; }, "each region card once"},
      {[](json& j) { j["struggles"] = 1; }, "space 1"},
      {[](json& j) { j["players"][0]["hand"].push_back("spy"); }, "at most 8"},
      {[](json& j) { j["players"][0]["hand"][0] = "spy"; }, "holds or played 0 scottish_support"},
      {[](json& j) { j["players"][0]["last_play"] = 3; }, "/players/0/last_play"},
      {[](json& j) { j["current"] = 2; }, "/current"},
      {[](json& j) { j["current"] = true; }, "/current"},
      {[](json& j) { j["passes"] = 2.5; }, "/passes"},
      {[](json& j) { j["phase"] = "summon"; }, "latest play"},
      {[](json& j) { j["phase"] = "effect"; }, "effect"},
      {[](json& j) { j["phase"] = "ended"; }, "phase ended before the end"},
      {[](json& j) {
         j["effect"] = {{"card", "manoeuvre"}, {"steps", {21}}};
       },
       "only in phase"},
      {[](json& j) { j["extra"] = 1; }, "/extra"},
      {[](json& j) { j["format"] = 2; }, "/format"},
      {[](json& j) { j["last_effect"]["type"] = "manoeuvre"; }, "last_effect"},
      {[](json& j) { j["setup_step"] = 0; }, "setup_step"},
      {[](json& j) { j = json::array(); }, "object"},
  };
  for (const auto& [f, words] : damage) {
    json bad = good;
    f(bad);
    auto r = game->state_from_json(bad);
    ASSERT_FALSE(r.is_ok()) << words << "\n" << bad.dump();
    EXPECT_NE(r.status().message().find(words), std::string::npos) << r.status().message();
  }
}

TEST(KidStateJson, EffectStepsMustLeadToALegalEffect) {
  const Position p = opening();
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "play manoeuvre");
  play(*s, "follower moray scots");
  const json mid = s->to_json();
  auto game = make_game(2, false);
  ASSERT_TRUE(game->state_from_json(mid).is_ok());
  json bad = mid;
  bad["effect"]["steps"][0] = follower_action(1, 0) + 100;
  EXPECT_FALSE(game->state_from_json(bad).is_ok());
  bad = mid;
  bad["effect"]["steps"] = {kRegionBase};  // not a Manoeuvre step
  EXPECT_FALSE(game->state_from_json(bad).is_ok());
}

TEST(KidReferee, SetupOutcomesTypedIn) {
  auto game = make_game(2, true);
  Match m = Match::start(game, 1);
  // Courts: A draws two Scots, B a Welsh and an English.
  for (const char* f : {"scots", "scots", "welsh", "english"})
    ASSERT_TRUE(m.supply_chance(act(static_cast<const KidState&>(m.state()),
                                    {{"type", "draw"}, {"faction", f}}))
                    .is_ok());
  const auto& s = static_cast<const KidState&>(m.state());
  EXPECT_EQ(court(s, 0), (C3{2, 0, 0}));
  EXPECT_EQ(court(s, 1), (C3{0, 1, 1}));
  // An impossible outcome is refused.
  EXPECT_FALSE(m.supply_chance(kRegionCardBase).is_ok());
  while (m.state().is_chance()) m.sample_chance();
  const auto& t = static_cast<const KidState&>(m.state());
  EXPECT_EQ(t.supply(0) + t.supply(1) + t.supply(2), 12);
  for (int r = 0; r < kNumRegions; ++r)
    EXPECT_EQ(t.followers(r, 0) + t.followers(r, 1) + t.followers(r, 2), 4);
  // Each player: 5 basic cards and 3 Cunning cards; 2 Cunning hidden from the other.
  EXPECT_EQ(t.player(0).hand_size(), 8);
  EXPECT_EQ(t.view(1)["players"][0]["hidden_cards"], 3);
  EXPECT_EQ(t.view(0)["players"][0]["hidden_cards"], 0);
  EXPECT_EQ(t.view(kSpectator)["undealt_cunning"], 6);
}

}  // namespace
}  // namespace meeple::king_is_dead::test
