// The input boundary and hidden information: options, compound JSON and
// text commands, errors that change nothing, views and determinization
// (issue 3 items 3 and 4).
#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/match.h"
#include "risk_helpers.h"

namespace meeple::risk {
namespace {

using test::act;
using test::board;
using test::cards;
using test::give;
using test::make;
using test::T;

TEST(RiskOptions, InvalidCombinationsAreErrorsThatSayWhy) {
  auto r = make_game(json{{"mode", "domination"}, {"players", 2}});
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("3 to 6"), std::string::npos) << r.status().message();
  r = make_game(json{{"mode", "teams"}, {"players", 3}});
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("4 to 6"), std::string::npos);
  r = make_game(json{{"mode", "two-player-passive"}, {"players", 3}});
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("exactly 2"), std::string::npos);
  EXPECT_TRUE(all_games().create("risk", json{{"mode", "missions"}, {"players", 6}}).is_ok());
  EXPECT_FALSE(all_games().create("risk", json{{"mode", "chess"}}).is_ok());
}

TEST(RiskProtocol, CompoundJsonAndTextDecodeIntoSeveralIds) {
  auto g = make("domination", 3);
  auto s = board(*g, 1);
  s->set_territory(T("alaska"), 0, 1);
  s->set_territory(T("ukraine"), 0, 8);
  s->set_territory(T("ural"), 0, 1);
  s->begin_turn_for_test(0);
  ASSERT_EQ(s->reinforcements_left(), 3);
  auto ids = s->decode_action(json{{"type", "place"}, {"territory", "alaska"}, {"count", 3}});
  ASSERT_TRUE(ids.is_ok()) << ids.status().to_string();
  EXPECT_EQ(*ids, (std::vector<Action>{T("alaska"), T("alaska"), T("alaska")}));
  EXPECT_TRUE(s->decode_action(json("place 3 on alaska")).is_ok());
  // Too many armies: an error, and nothing happened.
  const uint64_t before = s->hash();
  auto bad = s->decode_action(json("place 4 alaska"));
  ASSERT_FALSE(bad.is_ok());
  EXPECT_NE(bad.status().message().find("only 3"), std::string::npos) << bad.status().message();
  EXPECT_EQ(s->hash(), before);
  act(*s, "place 3 alaska");
  // "move 7 from ukraine to ural" in the attack step: end attack, fortify, 7 armies.
  act(*s, "move 7 from ukraine to ural");
  EXPECT_EQ(s->armies(T("ural")), 8);
  EXPECT_EQ(s->armies(T("ukraine")), 1);
  EXPECT_EQ(s->active(), 1);
}

TEST(RiskProtocol, BadInputNamesTheProblem) {
  auto g = make("domination", 3);
  auto s = board(*g, 1);
  s->set_territory(T("alaska"), 0, 5);
  s->begin_attack_for_test(0);
  auto expect_error = [&](const json& j, const std::string& fragment) {
    auto r = s->decode_action(j);
    ASSERT_FALSE(r.is_ok()) << j.dump();
    EXPECT_NE(r.status().message().find(fragment), std::string::npos) << r.status().message();
  };
  expect_error(json("attack alaska atlantis 3"), "unknown territory 'atlantis'");
  expect_error(json("attack alaska brazil 3"), "does not border");
  expect_error(json("attack kamchatka alaska 1"), "not yours");
  expect_error(json("attack alaska kamchatka 4"), "1..3");
  expect_error(json("jump"), "unknown command");
  expect_error(json{{"dice", 3}}, "\"type\"");
  expect_error(json("die 4"), "no chance event");
  expect_error(json("declare CPT1"), "only in Mission Risk");
  // JSON numbers must be whole, in range and not booleans: get<int>() alone
  // would read true as 1, 2.5 as 2 and 4294967299 as 3.
  const json attack = {{"type", "attack"}, {"from", "alaska"}, {"to", "kamchatka"}};
  for (const json& dice : {json(true), json(2.5), json(-1), json(4294967299LL), json("3")}) {
    json bad = attack;
    bad["dice"] = dice;
    expect_error(bad, "\"dice\" must be a whole number");
  }
  expect_error(json{{"type", "place"}, {"territory", "alaska"}, {"count", -2}}, "\"count\"");
}

TEST(RiskProtocol, ABribeNamesItsNeutral) {
  auto g = make("two-player-active", 2);
  auto s = board(*g, 0);
  auto r = s->decode_action(json{{"type", "bribe"}, {"card", "alaska"}});
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("unknown neutral"), std::string::npos)
      << r.status().message();
}

TEST(RiskProtocol, RefereeSuppliesDiceAndCardsThroughTheMatch) {
  auto g = make("domination", 3);
  auto s = board(*g, 1);
  s->set_territory(T("east_africa"), 0, 7);
  s->set_territory(T("egypt"), 1, 1);
  s->begin_attack_for_test(0);
  Match m = Match::start_from(g, s->clone(), 9);
  ASSERT_TRUE(m.act_json("attack east_africa egypt 3").is_ok());
  for (int face : {6, 2, 1, 4})
    ASSERT_TRUE(m.act_json(json("die " + std::to_string(face))).is_ok() ||
                m.supply_chance(kDieBase + face - 1).is_ok());
  const auto& st = static_cast<const RiskState&>(m.state());
  EXPECT_EQ(st.owner(T("egypt")), 0);
  ASSERT_TRUE(m.act_json("move 3").is_ok());
  ASSERT_TRUE(m.act_json("end").is_ok());
  ASSERT_TRUE(m.act_json("end").is_ok());
  ASSERT_TRUE(m.state().is_chance());
  ASSERT_TRUE(m.supply_chance(kCardBase + T("brazil")).is_ok());
  EXPECT_EQ(static_cast<const RiskState&>(m.state()).hand(0), cards({"brazil"}));
}

TEST(RiskHiddenInformation, ViewsShowOwnCardsOnlyAndDeterminizeKeepsThem) {
  auto g = make("missions", 3);
  Match m = Match::start(g, 11);
  m.resolve_chance();  // missions dealt, first claimer chosen
  auto s = std::unique_ptr<RiskState>(static_cast<RiskState*>(m.state().clone().release()));
  give(*s, 0, cards({"alaska", "peru"}));
  give(*s, 1, cards({"ural", "joker1", "japan"}));
  const json v0 = s->view(0), spectator = s->view(kSpectator);
  EXPECT_EQ(v0["players"][0]["hand"].size(), 2u);
  EXPECT_FALSE(v0["players"][1].contains("hand"));
  EXPECT_EQ(v0["players"][1]["cards"], 3);
  EXPECT_FALSE(spectator["players"][0].contains("hand"));
  EXPECT_FALSE(v0["players"][0]["missions"][0]["mission"].is_null());
  EXPECT_TRUE(v0["players"][1]["missions"][0]["mission"].is_null());
  bool hands_vary = false, missions_vary = false;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    auto d = s->determinize(0, rng);
    const auto& ds = static_cast<const RiskState&>(*d);
    EXPECT_EQ(d->view(0), v0);
    EXPECT_EQ(ds.hand(0), s->hand(0));
    EXPECT_EQ(popcount(ds.hand(1)), 3);
    hands_vary = hands_vary || ds.hand(1) != s->hand(1);
    missions_vary = missions_vary || ds.mission(1, 0) != s->mission(1, 0);
    for (int slot = 0; slot < kNumRanks; ++slot)
      EXPECT_EQ(classic_edition().missions[ds.mission(1, slot)].rank, slot);
  }
  EXPECT_TRUE(hands_vary);
  EXPECT_TRUE(missions_vary);
}

}  // namespace
}  // namespace meeple::risk

namespace meeple::risk {
namespace {

// What a table needs to say "place 3 more" or "7 moved so far" is public and
// in every seat's view.
TEST(RiskViews, SetUpArmiesLeftAndTheMoveInProgress) {
  Match m = Match::start(make("two-player-passive", 2), 11);
  m.resolve_chance();
  ASSERT_EQ(m.state().view(0)["phase"], "two_player_place");
  const json v = m.state().view(kSpectator);
  EXPECT_EQ(v["setup_left"].size(), 6u) << "two players and four neutrals";
  EXPECT_EQ(v["placement_turn"]["own"], 3);
  EXPECT_EQ(v["placement_turn"]["neutrals"].size(), 4u);

  auto g = make("domination", 3);
  auto s = board(*g, 1);
  s->set_territory(T("alaska"), 0, 6);
  s->set_territory(T("alberta"), 0, 1);
  s->begin_attack_for_test(0);
  EXPECT_FALSE(s->view(0).contains("setup_left"));
  act(*s, "end");
  act(*s, "fortify alaska alberta");
  const json mv = s->view(1)["move"];
  EXPECT_EQ(mv["from"], "alaska");
  EXPECT_EQ(mv["to"], "alberta");
  EXPECT_EQ(mv["moved"], 0);
  EXPECT_EQ(mv["at_least"], 1);
}

}  // namespace
}  // namespace meeple::risk
