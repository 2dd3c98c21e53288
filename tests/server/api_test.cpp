// API tests: create, join (more in seats_test.cpp), act, errors (each leaves the table unchanged),
// hints, computer seats, WebSockets (several tabs, spectators, reconnect),
// restart from the database, and the commit-reveal log.
#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/match.h"
#include "core/registry.h"
#include "core/sha256.h"
#include "core/verify.h"
#include "server/crypto.h"
#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

std::string table_path(const json& created) {
  return "/api/tables/" + created["id"].get<std::string>();
}

TEST_F(ServerFixture, GamesListsReversiWithOptionsAndLevels) {
  auto r = get(port_, "/api/games");
  ASSERT_EQ(r.status, 200);
  bool found = false;
  for (const auto& g : r.j["games"]) {
    if (g["name"] == "reversi") {
      found = true;
      EXPECT_EQ(g["levels"]["max"], 10);
      EXPECT_EQ(g["levels"]["top"], 10);
      EXPECT_EQ(g["levels"]["names"].size(), 11u);
      EXPECT_EQ(g["levels"]["heuristic"], 2);
      EXPECT_EQ(g["levels"]["standard"], 4);
      EXPECT_TRUE(g.contains("options"));
    }
    // Risk's levels 1-3 are its heuristic made careless: the server's
    // standard (a seat created without a level) is its search, level 5.
    if (g["name"] == "risk") {
      EXPECT_EQ(g["levels"]["top"], 5);
      EXPECT_EQ(g["levels"]["heuristic"], 4);
      EXPECT_EQ(g["levels"]["standard"], 5);
    }
  }
  EXPECT_TRUE(found);
}

// A computer seat created without a level plays the game's standard one
// (Risk: its search, level 5; Reversi: its three-ply search, level 4).
TEST_F(ServerFixture, AComputerSeatWithoutALevelPlaysTheGamesStandardLevel) {
  json risk = create({{"game", "risk"},
                      {"options", {{"players", 3}}},
                      {"seats", json::array({{{"kind", "human"}},
                                             {{"kind", "computer"}},
                                             {{"kind", "computer"}, {"level", 2}}})}});
  EXPECT_EQ(risk["table"]["seats"][1]["level"], 5);
  EXPECT_EQ(risk["table"]["seats"][2]["level"], 2);
  json reversi = create(
      {{"game", "reversi"}, {"seats", json::array({{{"kind", "human"}}, {{"kind", "computer"}}})}});
  EXPECT_EQ(reversi["table"]["seats"][1]["level"], 4);
}

TEST_F(ServerFixture, CreateGivesOneTokenPerHumanSeatAndPublishesTheSeedHashOnly) {
  json c = create(kTwoHumans);
  ASSERT_EQ(c["tokens"].size(), 2u);
  EXPECT_EQ(c["table"]["seed_sha256"].get<std::string>().size(), 64u);
  EXPECT_FALSE(c["table"].contains("seed"));
  EXPECT_EQ(c["table"]["status"], "open");
  auto spectator = get(port_, table_path(c));
  ASSERT_EQ(spectator.status, 200);
  EXPECT_EQ(spectator.j["you"], "spectator");
  EXPECT_TRUE(spectator.j["legal"].empty());
  EXPECT_FALSE(spectator.j["table"].contains("seed"));
}

TEST_F(ServerFixture, SeatToMoveGetsLegalActionsAndCanAct) {
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  auto s0 = get(port_, table_path(c), t0);
  ASSERT_EQ(s0.status, 200);
  EXPECT_EQ(s0.j["you"], 0);
  ASSERT_EQ(s0.j["legal"].size(), 4u);  // the four opening moves
  for (const auto& a : s0.j["legal"]) {
    EXPECT_TRUE(a.contains("id"));
    EXPECT_TRUE(a.contains("json"));
    EXPECT_TRUE(a.contains("text"));
  }
  auto s1 = get(port_, table_path(c), t1);
  EXPECT_EQ(s1.j["you"], 1);
  EXPECT_TRUE(s1.j["legal"].empty());

  auto r =
      post(port_, table_path(c) + "/actions", {{"action", {{"move", "d3"}}}, {"version", 0}}, t0);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.j["version"], 1);
  auto after = get(port_, table_path(c));
  EXPECT_EQ(after.j["table"]["version"], 1);
  EXPECT_EQ(after.j["table"]["to_move"], 1);
  ASSERT_EQ(after.j["history"].size(), 1u);
  EXPECT_EQ(after.j["history"][0]["text"], "d3");
  EXPECT_EQ(after.j["table"]["status"], "running");
}

TEST_F(ServerFixture, ErrorsArePreciseAndChangeNothing) {
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  const std::string acts = table_path(c) + "/actions";
  auto code = [](const HttpReply& r) { return r.j["error"]["code"].get<std::string>(); };

  auto r = http_request(port_, "POST", acts, "{\"action\": ", t0);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(code(r), "invalid_argument");
  r = post(port_, acts, {{"action", {{"move", "d3"}}}}, "not-a-token");
  EXPECT_EQ(r.status, 403);
  r = post(port_, acts, {{"action", {{"move", "d3"}}}}, t1);  // not seat 1's turn
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(code(r), "permission_denied");
  r = post(port_, acts, {{"action", {{"move", "d3"}}}});  // spectator
  EXPECT_EQ(r.status, 403);
  r = post(port_, acts, {{"action", {{"move", "a1"}}}}, t0);  // illegal square
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(code(r), "illegal_action");
  r = post(port_, acts, {{"action", {{"move", "z9"}}}}, t0);  // not a square
  EXPECT_EQ(r.status, 400);
  r = post(port_, acts, {{"action", {{"move", "d3"}}}, {"version", 7}}, t0);  // stale
  EXPECT_EQ(r.status, 409);
  r = post(port_, acts, {{"move", "d3"}}, t0);  // unknown field
  EXPECT_EQ(r.status, 400);
  r = get(port_, "/api/nothing");
  EXPECT_EQ(r.status, 404);
  r = get(port_, "/api/tables/ffffffffffffffff");
  EXPECT_EQ(r.status, 404);
  r = get(port_, acts);
  EXPECT_EQ(r.status, 405);
  r = post(port_, "/api/tables", {{"game", "chess"}});
  EXPECT_EQ(r.status, 404);
  r = post(port_, "/api/tables", {{"game", "reversi"}, {"options", {{"colour", "blue"}}}});
  EXPECT_EQ(r.status, 400);
  r = post(port_, "/api/tables",
           {{"game", "reversi"},
            {"seats", json::array({{{"kind", "computer"}, {"level", 11}}, {{"kind", "human"}}})}});
  EXPECT_EQ(r.status, 400);
  r = post(port_, "/api/tables",  // would wrap to level 3 if read with get<int>()
           {{"game", "reversi"},
            {"seats",
             json::array({{{"kind", "computer"}, {"level", 4294967299LL}}, {{"kind", "human"}}})}});
  EXPECT_EQ(r.status, 400);
  r = post(port_, "/api/tables",
           {{"game", "reversi"}, {"seats", json::array({{{"kind", "human"}}})}});
  EXPECT_EQ(r.status, 400);
  r = http_request(port_, "POST", acts, std::string(200 * 1024, 'x'), t0);
  EXPECT_EQ(r.status, 413);
  // Nested 20,000 deep in 60 KB: refused by its depth before it is parsed.
  r = http_request(port_, "POST", acts,
                   "{\"action\":" + std::string(20000, '[') + std::string(20000, ']') + "}", t0);
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.j["error"]["message"].get<std::string>().find("deeper than 64"), std::string::npos)
      << r.body;
  r = get(port_, "/../../etc/passwd");
  EXPECT_EQ(r.status, 404);
  r = get(port_, table_path(c) + "/log");  // seed revealed only at the end
  EXPECT_EQ(r.status, 409);

  // Nothing changed.
  auto s = get(port_, table_path(c), t0);
  EXPECT_EQ(s.j["table"]["version"], 0);
  EXPECT_EQ(s.j["legal"].size(), 4u);
  // And the server still works.
  r = post(port_, acts, {{"action", "d3"}}, t0);
  EXPECT_EQ(r.status, 200) << r.body;
}

TEST_F(ServerFixture, HintIsForTheSeatToMoveOnlyAndLegal) {
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  auto h = post(port_, table_path(c) + "/hint", {{"level", 2}}, t0);
  ASSERT_EQ(h.status, 200) << h.body;
  auto s = get(port_, table_path(c), t0);
  bool legal = false;
  for (const auto& a : s.j["legal"]) legal |= a["id"] == h.j["action"]["id"];
  EXPECT_TRUE(legal);
  // Reversi's searcher estimates its own chance to win.
  EXPECT_EQ(h.j["estimated_by"], "search") << h.body;
  EXPECT_EQ(h.j["playouts"], 0);
  ASSERT_TRUE(h.j["win_chance"].is_number()) << h.body;
  EXPECT_GT(h.j["win_chance"].get<double>(), 0.0);
  EXPECT_LT(h.j["win_chance"].get<double>(), 1.0);
  EXPECT_EQ(post(port_, table_path(c) + "/hint", json::object(), t1).status, 409);
  EXPECT_EQ(post(port_, table_path(c) + "/hint", json::object()).status, 403);
}

TEST_F(ServerFixture, ComputerSeatMovesOnTheServer) {
  json c =
      create({{"game", "reversi"},
              {"seats", json::array({{{"kind", "computer"}, {"level", 0}}, {{"kind", "human"}}})}});
  const std::string t1 = token_of(c, 1);
  ASSERT_EQ(c["tokens"].size(), 1u);
  WsClient ws(port_, "/ws/tables/" + c["id"].get<std::string>() + "?token=" + t1);
  auto m = ws.until([](const json& j) { return j["table"]["to_move"] == 1; });
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->at("you"), 1);
  EXPECT_FALSE(m->at("legal").empty());
  EXPECT_GE(m->at("table")["version"].get<int>(), 1);
}

TEST_F(ServerFixture, EveryTabAndSpectatorGetsEachNewViewAndReconnectResumes) {
  json c = create(kTwoHumans);
  const std::string id = c["id"], t0 = token_of(c, 0), t1 = token_of(c, 1);
  WsClient tab_a(port_, "/ws/tables/" + id + "?token=" + t0);
  WsClient tab_b(port_, "/ws/tables/" + id + "?token=" + t0);
  WsClient seat1(port_, "/ws/tables/" + id + "?token=" + t1);
  WsClient watcher(port_, "/ws/tables/" + id);
  for (WsClient* w : {&tab_a, &tab_b, &seat1, &watcher}) ASSERT_TRUE(w->next().has_value());

  ASSERT_EQ(post(port_, "/api/tables/" + id + "/actions", {{"action", "d3"}}, t0).status, 200);
  auto v1 = [](const json& j) { return j["table"]["version"] == 1; };
  auto a = tab_a.until(v1), b = tab_b.until(v1), s1 = seat1.until(v1), w = watcher.until(v1);
  ASSERT_TRUE(a && b && s1 && w);
  EXPECT_EQ(a->at("you"), 0);
  EXPECT_TRUE(a->at("legal").empty());
  EXPECT_EQ(s1->at("you"), 1);
  EXPECT_FALSE(s1->at("legal").empty());
  EXPECT_EQ(w->at("you"), "spectator");
  EXPECT_TRUE(w->at("legal").empty());

  // A reload: a new connection starts at the current state at once.
  WsClient again(port_, "/ws/tables/" + id + "?token=" + t1);
  auto first = again.next();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->at("table")["version"], 1);
  EXPECT_FALSE(first->at("legal").empty());
}

TEST_F(ServerFixture, WebSocketWithAWrongTokenIsRefused) {
  json c = create(kTwoHumans);
  EXPECT_ANY_THROW(WsClient(port_, "/ws/tables/" + c["id"].get<std::string>() + "?token=bad"));
  EXPECT_ANY_THROW(WsClient(port_, "/ws/tables/nope"));
}

TEST_F(ServerFixture, JoinFromTheLobbyTakesAnOpenSeatOnly) {
  json c = create(
      {{"game", "reversi"},
       {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}, {"access", "open"}}})}});
  auto open = get(port_, "/api/tables?status=open");
  ASSERT_EQ(open.j["tables"].size(), 1u);
  auto j = post(port_, table_path(c) + "/join", json::object());
  ASSERT_EQ(j.status, 200) << j.body;
  EXPECT_EQ(j.j["seat"], 1);
  EXPECT_EQ(get(port_, table_path(c), j.j["token"]).j["you"], 1);
  EXPECT_EQ(post(port_, table_path(c) + "/join", json::object()).status, 409);
  EXPECT_EQ(get(port_, "/api/tables?status=open").j["tables"].size(), 0u);
  EXPECT_EQ(get(port_, "/api/tables?status=running").j["tables"].size(), 1u);
}

TEST_F(ServerFixture, TablesResumeExactlyAfterARestart) {
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  ASSERT_EQ(post(port_, table_path(c) + "/actions", {{"action", "d3"}}, t0).status, 200);
  ASSERT_EQ(post(port_, table_path(c) + "/actions", {{"action", "c5"}}, t1).status, 200);
  auto before = get(port_, table_path(c), t0);
  restart();
  auto after = get(port_, table_path(c), t0);
  ASSERT_EQ(after.status, 200);
  EXPECT_EQ(after.j["view"], before.j["view"]);
  EXPECT_EQ(after.j["legal"], before.j["legal"]);
  EXPECT_EQ(after.j["table"]["version"], 2);
  EXPECT_EQ(after.j["table"]["seed_sha256"], before.j["table"]["seed_sha256"]);
  EXPECT_EQ(post(port_, table_path(c) + "/actions", {{"action", "e6"}}, t0).status, 200);
}

TEST_F(ServerFixture, FinishedGameRevealsASeedMatchingItsHashAndReplays) {
  json c = create({{"game", "reversi"},
                   {"seats", json::array({{{"kind", "computer"}, {"level", 0}},
                                          {{"kind", "computer"}, {"level", 0}}})}});
  WsClient w(port_, "/ws/tables/" + c["id"].get<std::string>());
  auto end = w.until([](const json& j) { return j["table"]["status"] == "finished"; },
                     std::chrono::seconds(60));
  ASSERT_TRUE(end.has_value());
  auto log = get(port_, table_path(c) + "/log");
  ASSERT_EQ(log.status, 200);
  EXPECT_EQ(server::sha256_hex(log.j["seed"].get<std::string>()), c["table"]["seed_sha256"]);
  auto m = Match::replay(log.j, all_games());
  ASSERT_TRUE(m.is_ok()) << m.status().to_string();
  EXPECT_TRUE(m->state().is_terminal());
  // The server never records supplied chance: its logs verify, not referee.
  EXPECT_EQ(sha256_hex(log.j["seed"].get<std::string>()),
            server::sha256_hex(log.j["seed"].get<std::string>()));
  const Verification v = verify_log(log.j, all_games());
  EXPECT_EQ(v.verdict, Verdict::kVerified) << v.message;
  auto replay = get(port_, table_path(c) + "/replay");
  ASSERT_EQ(replay.status, 200);
  EXPECT_EQ(replay.j["steps"].size(), m->log().size() + 1);
  EXPECT_EQ(replay.j["steps"].back()["view"], m->state().view(kSpectator));
  EXPECT_EQ(end->at("table")["seed"], log.j["seed"]);
  // After the end nobody can act.
  EXPECT_EQ(get(port_, "/api/tables?status=finished").j["tables"].size(), 1u);
}

TEST_F(ServerFixture, StaticFilesAreServed) {
  auto r = get(port_, "/");
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.body.find("<html"), std::string::npos);
}

}  // namespace
}  // namespace meeple::test
