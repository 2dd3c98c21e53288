// Resigning (issue 16): in a two-seat game the other seat wins at once and
// the table is finished (log, seed and replay revealed); with more seats
// the computer plays the resigned seat to the end, and the player cannot
// take it back. Stored: a restart keeps both.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

std::string last_note(const json& snapshot) {
  std::string text;
  for (const auto& e : snapshot["log"]["entries"])
    if (e.contains("note")) text = e["text"];
  return text;
}

TEST_F(ServerFixture, ResigningATwoSeatGameEndsItForTheOtherSeat) {
  json c = create(kTwoHumans);
  const std::string p = path_of(c), t0 = token_of(c, 0), t1 = token_of(c, 1);
  json s = get(port_, p, t0).j;
  ASSERT_EQ(post(port_, p + "/actions", {{"action", s["legal"][0]["json"]}}, t0).status, 200);

  // Refused, changing nothing: no token, a field, the log before the end.
  EXPECT_EQ(post(port_, p + "/resign", json::object()).status, 403);
  EXPECT_EQ(post(port_, p + "/resign", {{"now", true}}, t1).status, 400);
  EXPECT_EQ(get(port_, p + "/log").status, 409);
  EXPECT_EQ(get(port_, p, t1).j["table"]["status"], "running");

  auto r = post(port_, p + "/resign", json::object(), t1);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.j, json({{"seat", 1}, {"status", "finished"}}));
  auto check = [&] {
    json f = get(port_, p, t0).j;
    EXPECT_EQ(f["table"]["status"], "finished");
    EXPECT_EQ(f["table"]["to_move"], "terminal");
    EXPECT_EQ(f["table"]["returns"], json({1.0, -1.0}));
    EXPECT_EQ(f["table"]["seats"][1]["resigned"], true);
    EXPECT_EQ(f["table"]["seats"][0]["resigned"], false);
    EXPECT_TRUE(f["table"].contains("seed"));
    EXPECT_TRUE(f["legal"].empty());
    EXPECT_EQ(last_note(f), "White resigned: Black wins");
    EXPECT_EQ(get(port_, p + "/log").status, 200);
    EXPECT_EQ(get(port_, p + "/replay").status, 200);
    // Nothing more happens at the table.
    EXPECT_EQ(post(port_, p + "/resign", json::object(), t0).status, 409);
    EXPECT_EQ(post(port_, p + "/hint", json::object(), t1).status, 409);
  };
  check();
  restart();
  check();
  EXPECT_EQ(get(port_, "/api/tables?status=finished").j["tables"].size(), 1u);
}

TEST_F(ServerFixture, AResignedSeatOfThreeIsPlayedByTheComputerToTheEnd) {
  json c = create({{"game", "risk"},
                   {"options", {{"mode", "domination"}, {"players", 3}}},
                   {"seats", json::array({{{"kind", "human"}, {"name", "Ayşe"}},
                                          {{"kind", "computer"}, {"level", 0}},
                                          {{"kind", "computer"}, {"level", 0}}})},
                   {"move_seconds", 3600}});
  const std::string p = path_of(c), t0 = token_of(c, 0);
  auto r = post(port_, p + "/resign", json::object(), t0);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.j["status"], "running");

  // The computer makes Red's claims now (seats claim in turn: past six
  // steps Red has claimed): the game goes on without them.
  // The note is in the log sent while it is among the newest 200 entries:
  // the first snapshot after the resignation has it (the computer plays
  // fast, so a later one may not).
  json s;
  std::string note;
  for (int i = 0; i < 1000; ++i) {
    s = get(port_, p, t0).j;
    if (note.empty()) note = last_note(s);
    if (s["table"]["version"].get<int>() > 6) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_GT(s["table"]["version"].get<int>(), 6);
  EXPECT_EQ(s["table"]["seats"][0]["resigned"], true);
  EXPECT_EQ(note, "Red (Ayşe) resigned: the computer plays for them to the end");
  // The computer's turns for the resigned seat run no move timer (Red's
  // turns are many steps long, so a few snapshots catch one).
  int seen_red = 0;
  for (int i = 0; i < 1000 && seen_red < 3 && s["table"]["status"] != "finished"; ++i) {
    s = get(port_, p, t0).j;
    if (s["table"]["to_move"] == 0) {
      ++seen_red;
      EXPECT_FALSE(s["table"].contains("time_left_ms")) << s["table"].dump();
    }
  }
  // For good: no moves of their own, no coming back, no second resignation.
  EXPECT_EQ(post(port_, p + "/seat", {{"away", false}}, t0).status, 409);
  EXPECT_EQ(post(port_, p + "/resign", json::object(), t0).status, 409);
  restart();
  s = get(port_, p, t0).j;
  EXPECT_EQ(s["table"]["seats"][0]["resigned"], true);
  EXPECT_NE(s["table"]["status"], "open");
}

}  // namespace
}  // namespace meeple::test
