// Move timers (issue 16): a table created with move_seconds gives each
// human decision that long; then the computer plays for the seat, the log
// says so, and the seat is the computer's until its player says they are
// back. Stored: a restart keeps the seat's state and the notes. The
// server's clock is moved by the test; the sweep runs every 20 ms.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

constexpr int64_t kSecond = 1000;

class MoveTimer : public ClockedServerFixture {
 protected:
  void configure(server::ServerOptions& o) override {
    ClockedServerFixture::configure(o);
    o.sweep_interval_ms = 20;
  }
  std::string path(const json& c) { return "/api/tables/" + c["id"].get<std::string>(); }
  // Polls the seat's snapshot until `pred` holds (or 10 s pass).
  json wait_for(const json& c, const std::string& token,
                const std::function<bool(const json&)>& pred) {
    json j;
    for (int i = 0; i < 1000; ++i) {
      j = get(port_, path(c), token).j;
      if (pred(j)) return j;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ADD_FAILURE() << "timed out; last snapshot: " << j.dump().substr(0, 2000);
    return j;
  }
  // The notes in a snapshot's log, as "kind:seat".
  static std::vector<std::string> notes(const json& snapshot) {
    std::vector<std::string> out;
    for (const auto& e : snapshot["log"]["entries"])
      if (e.contains("note")) out.push_back(e["note"].get<std::string>() + ":" + e["seat"].dump());
    return out;
  }
  static std::string note_text(const json& snapshot, const std::string& kind) {
    for (const auto& e : snapshot["log"]["entries"])
      if (e.value("note", "") == kind) return e["text"];
    return "";
  }
  json two_humans(int64_t move_seconds) {
    json req = kTwoHumans;
    req["move_seconds"] = move_seconds;
    return create(req);
  }
};

TEST_F(MoveTimer, AnAbsentSeatIsPlayedByTheComputerUntilItsPlayerIsBack) {
  json c = two_humans(30);
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  EXPECT_EQ(c["table"]["move_seconds"], 30);
  ASSERT_EQ(get(port_, path(c), t1).j["you"], 1);  // both seats taken
  ASSERT_EQ(get(port_, path(c), t0).j["table"]["to_move"], 0);

  // Black's clock started at the table's creation.
  const int64_t left = get(port_, path(c), t0).j["table"].value("time_left_ms", int64_t{-1});
  EXPECT_GT(left, 25 * kSecond);
  EXPECT_LE(left, 30 * kSecond);

  // 29 s: still Black's to decide.
  offset_ms_ += 29 * kSecond;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  json s = get(port_, path(c), t0).j;
  EXPECT_EQ(s["table"]["seats"][0]["away"], false);
  EXPECT_EQ(s["table"]["version"], 0);
  EXPECT_LE(s["table"]["time_left_ms"].get<int64_t>(), 1 * kSecond);

  // 31 s: the computer plays Black's move, and the log says why.
  offset_ms_ += 2 * kSecond;
  s = wait_for(c, t0, [](const json& j) { return j["table"]["to_move"] == 1; });
  EXPECT_EQ(s["table"]["seats"][0]["away"], true);
  EXPECT_EQ(s["table"]["seats"][1]["away"], false);
  EXPECT_GT(s["table"].value("time_left_ms", int64_t{-1}), 25 * kSecond);  // White's, afresh
  EXPECT_EQ(notes(s), std::vector<std::string>{"timeout:0"});
  EXPECT_EQ(note_text(s, "timeout"),
            "Black ran out of time (30 s per move): the computer plays for them until they are "
            "back");
  // The note stands before the move the computer made for Black.
  ASSERT_GE(s["log"]["entries"].size(), 2u);
  EXPECT_EQ(s["log"]["entries"][0]["note"], "timeout");
  EXPECT_EQ(s["log"]["entries"][1]["seat"], 0);
  // Everyone sees it, spectators too.
  EXPECT_EQ(notes(get(port_, path(c)).j), std::vector<std::string>{"timeout:0"});

  // White's clock started at Black's move: not run out yet.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(get(port_, path(c), t1).j["table"]["seats"][1]["away"], false);

  // The away flag and the note survive a restart.
  restart();
  s = get(port_, path(c), t0).j;
  EXPECT_EQ(s["table"]["seats"][0]["away"], true);
  EXPECT_EQ(notes(s), std::vector<std::string>{"timeout:0"});

  // Black is back (while White thinks); bad settings change nothing.
  EXPECT_EQ(post(port_, path(c) + "/seat", {{"away", "no"}}, t0).status, 400);
  EXPECT_EQ(post(port_, path(c) + "/seat", {{"away", false}}).status, 403);  // no token
  auto back = post(port_, path(c) + "/seat", {{"away", false}}, t0);
  ASSERT_EQ(back.status, 200) << back.body;
  EXPECT_EQ(back.j["away"], false);
  s = get(port_, path(c), t0).j;
  EXPECT_EQ(s["table"]["seats"][0]["away"], false);
  EXPECT_EQ(notes(s), (std::vector<std::string>{"timeout:0", "back:0"}));
  EXPECT_EQ(note_text(s, "back"), "Black is back and plays again");

  // White moves; Black plays their own move again.
  json w = get(port_, path(c), t1).j;
  ASSERT_FALSE(w["legal"].empty());
  ASSERT_EQ(post(port_, path(c) + "/actions", {{"action", w["legal"][0]["json"]}}, t1).status, 200);
  s = get(port_, path(c), t0).j;
  ASSERT_EQ(s["table"]["to_move"], 0);
  auto mine = post(port_, path(c) + "/actions", {{"action", s["legal"][0]["json"]}}, t0);
  EXPECT_EQ(mine.status, 200) << mine.body;
}

TEST_F(MoveTimer, APlayerCanLeaveTheirSeatToTheComputerAndIsRefusedWhileAway) {
  json c = two_humans(0);  // no timer
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  ASSERT_EQ(get(port_, path(c), t1).j["you"], 1);
  // White leaves first, while Black is to move: nothing is played yet.
  ASSERT_EQ(post(port_, path(c) + "/seat", {{"away", true}}, t1).status, 200);
  json s = get(port_, path(c), t0).j;
  EXPECT_EQ(s["table"]["seats"][1]["away"], true);
  EXPECT_EQ(note_text(s, "away"), "White left their seat to the computer");
  // Black moves; the computer answers for White at once.
  ASSERT_EQ(post(port_, path(c) + "/actions", {{"action", s["legal"][0]["json"]}}, t0).status, 200);
  s = wait_for(c, t0, [](const json& j) { return j["table"]["version"] == 2; });
  EXPECT_EQ(s["table"]["to_move"], 0);
  // No timer on this table: an hour later nobody is away but White.
  offset_ms_ += 3600 * kSecond;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(get(port_, path(c), t0).j["table"]["seats"][0]["away"], false);
  // Saying the same twice writes no second note.
  ASSERT_EQ(post(port_, path(c) + "/seat", {{"away", true}}, t1).status, 200);
  EXPECT_EQ(notes(get(port_, path(c), t0).j), std::vector<std::string>{"away:1"});
}

TEST_F(MoveTimer, ASeatNobodyHasTakenWaitsForItsPlayer) {
  json c = two_humans(10);  // White's invite link not used yet
  const std::string t0 = token_of(c, 0);
  json s = get(port_, path(c), t0).j;
  EXPECT_TRUE(s["table"].contains("time_left_ms"));  // Black's clock runs
  ASSERT_EQ(post(port_, path(c) + "/actions", {{"action", s["legal"][0]["json"]}}, t0).status, 200);
  offset_ms_ += 3600 * kSecond;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  s = get(port_, path(c), t0).j;
  EXPECT_EQ(s["table"]["seats"][1]["away"], false);
  EXPECT_EQ(s["table"]["version"], 1);
  EXPECT_TRUE(notes(s).empty());
  EXPECT_FALSE(s["table"].contains("time_left_ms"));  // White has not come
  // White arrives an hour late: their ten seconds start now.
  const std::string t1 = token_of(c, 1);
  EXPECT_GT(get(port_, path(c), t1).j["table"].value("time_left_ms", int64_t{-1}), 5 * kSecond);
}

TEST_F(MoveTimer, TheTimerIsValidated) {
  for (const json& bad : {json(5), json(-1), json("30"), json(30.5), json(7 * 24 * 3600 + 1)}) {
    json req = kTwoHumans;
    req["move_seconds"] = bad;
    auto r = post(port_, "/api/tables", req);
    EXPECT_EQ(r.status, 400) << bad.dump();
    EXPECT_NE(r.body.find("move_seconds"), std::string::npos) << r.body;
  }
  EXPECT_EQ(two_humans(0)["table"]["move_seconds"], 0);
  EXPECT_EQ(two_humans(10)["table"]["move_seconds"], 10);
}

}  // namespace
}  // namespace meeple::test
