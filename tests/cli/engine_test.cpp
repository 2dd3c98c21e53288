// The JSON-lines engine protocol: every command, and every kind of bad
// input answered with a one-line error that leaves the state unchanged.
#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "cli/engine_session.h"
#include "core/match.h"
#include "core/registry.h"

namespace meeple::cli {
namespace {

json send(EngineSession& s, const std::string& line) {
  const std::string out = s.handle_line(line);
  EXPECT_EQ(out.find('\n'), std::string::npos) << "one line per response";
  return json::parse(out);
}

TEST(EngineProtocol, NewLegalActAndView) {
  EngineSession s;
  auto r = send(s, R"({"cmd":"new","game":"reversi","seed":"7","id":1})");
  ASSERT_TRUE(r["ok"]) << r.dump();
  EXPECT_EQ(r["id"], 1);
  EXPECT_EQ(r["current_player"], 0);
  r = send(s, R"({"cmd":"legal"})");
  ASSERT_EQ(r["actions"].size(), 4u);
  EXPECT_EQ(r["actions"][0]["text"], "d3");  // order pinned: ascending ids
  r = send(s, R"({"cmd":"act","action":{"move":"f5"}})");
  ASSERT_TRUE(r["ok"]) << r.dump();
  EXPECT_EQ(r["current_player"], 1);
  r = send(s, R"({"cmd":"act","action":"d6"})");
  ASSERT_TRUE(r["ok"]) << r.dump();
  r = send(s, R"({"cmd":"view","seat":"spectator"})");
  ASSERT_TRUE(r["ok"]);
  EXPECT_EQ(r["view"]["current_player"], 0);
  r = send(s, R"({"cmd":"undo"})");
  ASSERT_TRUE(r["ok"]);
  EXPECT_EQ(r["moves"], 1);
}

TEST(EngineProtocol, BadInputIsAOneLineErrorAndChangesNothing) {
  EngineSession s;
  EXPECT_EQ(send(s, R"({"cmd":"legal"})")["error"]["code"], "failed_precondition");
  ASSERT_TRUE(send(s, R"({"cmd":"new","game":"reversi"})")["ok"]);
  const json before = send(s, R"({"cmd":"state"})")["state"];
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{not json", "invalid_argument"},
      {"[1,2]", "invalid_argument"},
      {R"({"nocmd":1})", "invalid_argument"},
      {R"({"cmd":"fly"})", "invalid_argument"},
      {R"({"cmd":"act"})", "invalid_argument"},
      {R"({"cmd":"act","action":{"move":"z9"}})", "invalid_argument"},
      {R"({"cmd":"act","action":{"move":"a1"}})", "illegal_action"},
      {R"({"cmd":"act","action":"pass"})", "illegal_action"},
      {R"({"cmd":"act","action":63})", "illegal_action"},
      {R"({"cmd":"act","action":[1]})", "invalid_argument"},
      {R"({"cmd":"chance","outcome":1})", "failed_precondition"},
      {R"({"cmd":"view","seat":5})", "invalid_argument"},
      {R"({"cmd":"new","game":"chess"})", "not_found"},
      {R"({"cmd":"new","game":"reversi","options":{"size":10}})", "invalid_argument"},
      {R"({"cmd":"new","game":"reversi","seed":-4})", "invalid_argument"},
      {R"({"cmd":"load","game":"reversi","state":{"board":"xx"}})", "invalid_argument"},
      {R"({"cmd":"replay","log":{"game":"reversi","seed":"1","entries":[{"action":3}]}})",
       "data_loss"},
      {R"({"cmd":"bot","level":11})", "invalid_argument"},
      {R"({"cmd":"bot","level":4294967299})", "invalid_argument"},
      {R"({"cmd":"view","seat":4294967296})", "invalid_argument"},
  };
  // Nested a million deep: refused before it is parsed (core/json_depth.h).
  auto all_cases = cases;
  all_cases.emplace_back(
      R"({"cmd":"act","action":)" + std::string(1000000, '[') + std::string(1000000, ']') + "}",
      "invalid_argument");
  for (const auto& [line, code] : all_cases) {
    const json r = send(s, line);
    EXPECT_FALSE(r["ok"]) << line;
    EXPECT_EQ(r["error"]["code"], code) << line << " -> " << r.dump();
    EXPECT_FALSE(r["error"]["message"].get<std::string>().empty());
  }
  EXPECT_EQ(send(s, R"({"cmd":"state"})")["state"], before) << "state unchanged";
}

TEST(EngineProtocol, LoadAPosition) {
  EngineSession s;
  // White to move with no move, Black has one: the only action is a pass.
  auto r = send(
      s,
      R"({"cmd":"load","game":"reversi","state":{"board":)"
      R"("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--","to_move":"white"}})");
  ASSERT_TRUE(r["ok"]) << r.dump();
  r = send(s, R"({"cmd":"legal"})");
  ASSERT_EQ(r["actions"].size(), 1u) << r.dump();
  EXPECT_EQ(r["actions"][0]["text"], "pass");
}

TEST(EngineProtocol, ReplayAndLogRoundTrip) {
  EngineSession s;
  ASSERT_TRUE(send(s, R"({"cmd":"new","game":"reversi","seed":"3"})")["ok"]);
  for (int i = 0; i < 10; ++i)
    ASSERT_TRUE(send(s, R"({"cmd":"bot","level":0,"apply":true})")["ok"]);
  const json log = send(s, R"({"cmd":"log"})")["log"];
  const std::string hash = send(s, R"({"cmd":"legal"})")["hash"];
  EngineSession t;
  auto r = t.handle({{"cmd", "replay"}, {"log", log}});
  ASSERT_TRUE(r["ok"]) << r.dump();
  EXPECT_EQ(r["verified"], true);
  EXPECT_EQ(r["hash"], hash);
}

// A Risk position where ending the turn draws a card: the end of a turn
// with a conquest (§5.8), reached by seeded random play.
json risk_turn_end_with_a_card() {
  Match m = Match::start("risk", {{"mode", "domination"}, {"players", 3}}, 5, all_games()).value();
  Rng rng(9);
  for (int i = 0; i < 50000 && !m.state().is_terminal(); ++i) {
    const json j = m.state().to_json();
    if (j["phase"] == "fortify" && j["conquests_this_turn"].get<int>() > 0) return j;
    if (m.state().is_chance()) {
      m.sample_chance();
    } else {
      const auto legal = m.state().legal_actions();
      EXPECT_TRUE(m.act(legal[rng.below(legal.size())]).is_ok());
    }
  }
  ADD_FAILURE() << "no end of turn with a conquest";
  return json::object();
}

TEST(EngineProtocol, LoadKeepsTheSessionsDiceMode) {
  const json state = risk_turn_end_with_a_card();
  const json options = {{"mode", "domination"}, {"players", 3}};
  // A referee session (dice entered by hand) loads a position: ending the
  // turn leaves the card draw to the referee instead of drawing it.
  EngineSession s;
  ASSERT_TRUE(s.handle(
      {{"cmd", "new"}, {"game", "risk"}, {"options", options}, {"auto_chance", false}})["ok"]);
  auto r = s.handle({{"cmd", "load"}, {"game", "risk"}, {"options", options}, {"state", state}});
  ASSERT_TRUE(r["ok"]) << r.dump();
  r = s.handle({{"cmd", "act"}, {"action", 2309}});  // end the turn
  ASSERT_TRUE(r["ok"]) << r.dump();
  EXPECT_EQ(r["current_player"], "chance") << r.dump();
  // The same with automatic dice, or with auto_chance named on load: drawn.
  for (const json& load :
       {json{{"cmd", "load"}, {"game", "risk"}, {"options", options}, {"state", state}},
        json{{"cmd", "load"},
             {"game", "risk"},
             {"options", options},
             {"state", state},
             {"auto_chance", true}}}) {
    EngineSession t;  // automatic dice by default
    ASSERT_TRUE(t.handle(load)["ok"]);
    r = t.handle({{"cmd", "act"}, {"action", 2309}});
    ASSERT_TRUE(r["ok"]) << r.dump();
    EXPECT_NE(r["current_player"], "chance") << r.dump();
  }
  // An explicit false on load in an automatic session is kept too.
  EngineSession u;
  r = u.handle({{"cmd", "load"},
                {"game", "risk"},
                {"options", options},
                {"state", state},
                {"auto_chance", false}});
  ASSERT_TRUE(r["ok"]) << r.dump();
  EXPECT_EQ(u.handle({{"cmd", "act"}, {"action", 2309}})["current_player"], "chance");
}

TEST(EngineProtocol, ReplayOfARefereeLogIsNotVerified) {
  EngineSession s;
  ASSERT_TRUE(send(
      s,
      R"({"cmd":"new","game":"risk","options":{"mode":"domination","players":3},"auto_chance":false})")
                  ["ok"]);
  auto r = send(s, R"({"cmd":"chance","outcome":87548})");  // seat 0 claims first, typed in
  ASSERT_TRUE(r["ok"]) << r.dump();
  const json log = send(s, R"({"cmd":"log"})")["log"];
  EngineSession t;
  r = t.handle({{"cmd", "replay"}, {"log", log}});
  ASSERT_TRUE(r["ok"]) << r.dump();
  EXPECT_EQ(r["referee"], true);
  EXPECT_EQ(r["verified"], false);
}

TEST(EngineProtocol, BotSuggestsALegalMove) {
  EngineSession s;
  ASSERT_TRUE(send(s, R"({"cmd":"new","game":"reversi"})")["ok"]);
  auto r = send(s, R"({"cmd":"bot","level":2})");
  ASSERT_TRUE(r["ok"]) << r.dump();
  const std::string move = r["action"]["text"];
  EXPECT_TRUE(move == "d3" || move == "c4" || move == "f5" || move == "e6") << move;
  EXPECT_EQ(r["moves"], 0) << "without apply the state is unchanged";
}

TEST(EngineProtocol, Quit) {
  EngineSession s;
  EXPECT_TRUE(send(s, R"({"cmd":"quit"})")["ok"]);
  EXPECT_TRUE(s.quit_requested());
}

}  // namespace
}  // namespace meeple::cli
