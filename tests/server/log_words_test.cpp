// The log in words in every snapshot (docs/api.md "log"): each viewer gets
// its own, with nothing another seat's secret; and a human defender in Risk
// is answered for (the most dice, R8), so an attack rolls at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <thread>
#include <utility>

#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

class LogFixture : public ServerFixture {
 protected:
  void configure(server::ServerOptions& o) override { o.quotas.actions_per_minute = 0; }
  std::string path(const json& created) {
    return "/api/tables/" + created["id"].get<std::string>();
  }
  // The seat to move takes its first legal step, or attacks with the most
  // dice when it can (the last attack listed); with `defended`, only a
  // territory of 2 armies or more, whose owner has a choice of dice.
  // Answers who acted and what.
  std::pair<int, json> step_or_attack(const json& c, bool defended = false) {
    const int seat = get(port_, path(c)).j["table"]["to_move"];
    const json s = get(port_, path(c), token_of(c, seat)).j;
    EXPECT_FALSE(s["legal"].empty()) << s.dump();
    if (s["legal"].empty()) return {seat, json()};
    std::map<std::string, int> armies;
    for (const auto& t : s["view"]["territories"]) armies[t["id"]] = t["armies"];
    json pick = s["legal"][0];
    for (const auto& a : s["legal"])
      if (a["json"]["type"] == "attack" && (!defended || armies[a["json"]["to"]] >= 2)) pick = a;
    auto r =
        post(port_, path(c) + "/actions",
             {{"action", pick["json"]}, {"version", s["table"]["version"]}}, token_of(c, seat));
    EXPECT_EQ(r.status, 200) << r.body;
    return {seat, pick["json"]};
  }
  static std::vector<std::string> texts(const json& snapshot) {
    std::vector<std::string> out;
    for (const auto& e : snapshot["log"]["entries"]) out.push_back(e["text"]);
    return out;
  }
};

TEST_F(LogFixture, ReversiMovesInWords) {
  json c = create(kTwoHumans);
  auto r = post(port_, path(c) + "/actions", {{"action", {{"move", "d3"}}}, {"version", 0}},
                token_of(c, 0));
  ASSERT_EQ(r.status, 200) << r.body;
  const json spectator = get(port_, path(c)).j;
  EXPECT_EQ(spectator["log"]["total"], 1);
  ASSERT_EQ(spectator["log"]["entries"].size(), 1u);
  EXPECT_EQ(spectator["log"]["entries"][0],
            json({{"i", 0}, {"seat", 0}, {"turn", 0}, {"text", "Black plays d3, flipping 1."}}));
}

TEST_F(LogFixture, ACunningCardDealtIsReadOnlyByItsReceiver) {
  json c = create({{"game", "king-is-dead"},
                   {"options", {{"players", 2}, {"advanced", true}}},
                   {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}});
  const json spectator = get(port_, path(c)).j;
  const json seat0 = get(port_, path(c), token_of(c, 0)).j;
  auto count = [](const std::vector<std::string>& lines, const std::string& part) {
    return std::count_if(lines.begin(), lines.end(),
                         [&](const std::string& l) { return l.find(part) != std::string::npos; });
  };
  EXPECT_EQ(count(texts(spectator), "is dealt a Cunning card."), 6);
  EXPECT_EQ(count(texts(spectator), "only you see"), 0);
  EXPECT_EQ(count(texts(seat0), "only you see"), 3);
  EXPECT_EQ(count(texts(seat0), "Player B is dealt a Cunning card."), 3);
  EXPECT_EQ(count(texts(spectator), "The bag gives: "), 26 + 4);  // courts, then the regions
}

TEST_F(LogFixture, RiskHumanDefenderIsAnsweredAndTheBattleIsOneEntry) {
  json c = create(
      {{"game", "risk"},
       {"options", {{"mode", "domination"}, {"players", 3}}},
       {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}, {{"kind", "human"}}})}});
  // Everyone takes the first legal step until someone can attack, then
  // attacks with the most dice.
  for (int step = 0; step < 400; ++step) {
    const auto [seat, pick] = step_or_attack(c);
    ASSERT_FALSE(HasFailure());
    if (pick.value("type", "") != "attack") continue;
    // The defender (a human) was not asked: the roll is done.
    const json after = get(port_, path(c)).j;
    EXPECT_NE(after["view"]["phase"], "defend");
    const auto lines = texts(after);
    const auto attack = std::find_if(lines.rbegin(), lines.rend(), [](const std::string& l) {
      return l.find(" attacks ") != std::string::npos;
    });
    ASSERT_NE(attack, lines.rend());
    // Then the defence, unless one army had no choice, and the roll.
    EXPECT_LE(attack - lines.rbegin(), 2);
    if (attack - lines.rbegin() == 2) {
      EXPECT_NE(lines[lines.size() - 2].find(" defends "), std::string::npos);
    }
    EXPECT_NE(lines.back().find(" loses "), std::string::npos) << lines.back();
    return;
  }
  FAIL() << "nobody attacked in 400 steps";
}

TEST_F(LogFixture, RiskDefenderWhoChoosesIsAskedUntilTheyLeaveItToTheServer) {
  // Every seat chooses its own dice (auto_answer false at creation).
  const json human = {{"kind", "human"}, {"auto_answer", false}};
  json c = create({{"game", "risk"},
                   {"options", {{"mode", "domination"}, {"players", 3}}},
                   {"seats", json::array({human, human, human})}});
  for (const auto& seat : c["table"]["seats"]) EXPECT_EQ(seat["auto_answer"], false);
  for (int step = 0; step < 1500; ++step) {
    const auto [seat, pick] = step_or_attack(c, true);
    ASSERT_FALSE(HasFailure());
    const json after = get(port_, path(c)).j;
    if (after["view"]["phase"] != "defend") continue;
    // The defender is asked: the table waits on them with their choices.
    const int defender = after["table"]["to_move"];
    ASSERT_NE(defender, seat);
    const json asked = get(port_, path(c), token_of(c, defender)).j;
    ASSERT_GE(asked["legal"].size(), 2u) << asked["legal"].dump();
    // Bad settings change nothing.
    EXPECT_EQ(
        post(port_, path(c) + "/seat", {{"auto_answer", "yes"}}, token_of(c, defender)).status,
        400);
    EXPECT_EQ(post(port_, path(c) + "/seat", {{"auto", true}}, token_of(c, defender)).status, 400);
    EXPECT_EQ(post(port_, path(c) + "/seat", {{"auto_answer", true}}).status, 403);
    EXPECT_EQ(get(port_, path(c)).j["table"]["version"], after["table"]["version"]);
    // Leaving it to the server answers the waiting defence at once.
    auto set = post(port_, path(c) + "/seat", {{"auto_answer", true}}, token_of(c, defender));
    ASSERT_EQ(set.status, 200) << set.body;
    EXPECT_EQ(set.j,
              json({{"seat", defender}, {"auto_answer", true}, {"away", false}, {"name", ""}}));
    json now;
    for (int wait = 0; wait < 100; ++wait) {
      now = get(port_, path(c)).j;
      if (now["view"]["phase"] != "defend") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_NE(now["view"]["phase"], "defend");
    EXPECT_EQ(now["table"]["seats"][defender]["auto_answer"], true);
    const auto lines = texts(now);
    const bool defended = std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
      return l.find(" defends ") != std::string::npos;
    });
    EXPECT_TRUE(defended);
    // The choice outlives a restart.
    restart();
    EXPECT_EQ(get(port_, path(c)).j["table"]["seats"][defender]["auto_answer"], true);
    EXPECT_EQ(get(port_, path(c)).j["table"]["seats"][seat]["auto_answer"], false);
    return;
  }
  FAIL() << "no defender was asked in 1500 steps";
}

}  // namespace
}  // namespace meeple::test
