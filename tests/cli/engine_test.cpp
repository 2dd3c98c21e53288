// The JSON-lines engine protocol: every command, and every kind of bad
// input answered with a one-line error that leaves the state unchanged.
#include <gtest/gtest.h>

#include "cli/engine_session.h"

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
  for (const auto& [line, code] : cases) {
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
