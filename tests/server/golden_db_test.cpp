// Tables saved by the first server still open (tests/golden/server/README.md).
//
// tests/golden/server/meeple-v1.db was written once by the server of its day
// (scripts/golden-server-db.py); meeple-v1.json beside it keeps what each
// table looked like and the seat tokens handed out. Whatever later changes
// the storage schema or a game's state code, this database must open without
// a restore error, every table at its stored version with its seats, and the
// old tokens must still act. The test works on a copy; the file never
// changes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "all_games/all_games.h"
#include "server/server.h"
#include "tests/server/client.h"
#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

namespace fs = std::filesystem;

const fs::path kGolden = MEEPLE_SOURCE_DIR "/tests/golden/server";

class GoldenDatabase : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ifstream in(kGolden / "meeple-v1.json");
    expected_ = json::parse(in, nullptr, /*allow_exceptions=*/false);
    ASSERT_TRUE(expected_.is_object() && expected_["tables"].is_array());
    dir_ = fs::temp_directory_path() / ("meeple_golden_db_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    db_ = (dir_ / "meeple-v1.db").string();
    fs::copy_file(kGolden / "meeple-v1.db", db_);
    open();
  }
  void TearDown() override {
    server_.reset();
    fs::remove_all(dir_);
  }
  void open() {
    auto s = server::Server::open(test_server_options(db_));
    ASSERT_TRUE(s.is_ok()) << s.status().to_string();
    server_ = std::move(*s);
    server_->start();
    port_ = server_->port();
  }
  const json& table(const std::string& label) {
    for (const auto& t : expected_["tables"])
      if (t["label"] == label) return t;
    ADD_FAILURE() << "no table labelled " << label << " in meeple-v1.json";
    static const json none = json::object();
    return none;
  }
  static std::string token(const json& t, int seat) {
    for (const auto& k : t["tokens"])
      if (k["seat"] == seat) return k["token"];
    return "";
  }

  json expected_;
  fs::path dir_;
  std::string db_;
  std::unique_ptr<server::Server> server_;
  unsigned short port_ = 0;
};

TEST_F(GoldenDatabase, EveryTableOpensAtItsVersionWithItsSeats) {
  for (const auto& e : server_->restore_errors()) ADD_FAILURE() << "restore error: " << e;
  EXPECT_EQ(server_->table_count(), expected_["tables"].size());
  for (const auto& t : expected_["tables"]) {
    SCOPED_TRACE(t["label"].get<std::string>());
    const std::string path = "/api/tables/" + t["id"].get<std::string>();
    auto r = get(port_, path);
    ASSERT_EQ(r.status, 200) << r.body;
    const json& got = r.j["table"];
    for (const char* key : {"game", "status", "version", "to_move", "seed_sha256"})
      EXPECT_EQ(got[key], t[key]) << key;
    // The saved options, completed with the defaults of options added since
    // (Risk's "battles": "dice"), as a new table with them would show.
    json options = t["options"];
    for (const auto& [k, v] : got["options"].items())
      if (!options.contains(k)) options[k] = v;
    EXPECT_EQ(got["options"], options);
    EXPECT_EQ(all_games().create(t["game"], t["options"]).value()->options(), got["options"]);
    // Seats as saved, plus what the schema migrations gave them: the first
    // human seat is its creator's, every other human seat invited; every
    // human seat has the server answer its defaults, as it did, no name,
    // plays for itself (no move timer then: move_seconds 0) and has not
    // resigned; and nobody
    // is connected.
    json seats = got["seats"];
    bool first_human = true;
    for (auto& s : seats) {
      if (s["kind"] != "human") continue;
      EXPECT_EQ(s["access"], first_human ? "creator" : "invite") << s.dump();
      EXPECT_EQ(s["auto_answer"], true) << s.dump();
      EXPECT_EQ(s["name"], "") << s.dump();
      EXPECT_EQ(s["online"], false) << s.dump();
      EXPECT_EQ(s["away"], false) << s.dump();
      EXPECT_EQ(s["resigned"], false) << s.dump();
      first_human = false;
      for (const char* added : {"access", "auto_answer", "name", "online", "away", "resigned"})
        s.erase(added);
    }
    // Computer seats at the level schema migrations 8 and 12 moved them to,
    // the same player (Risk's search was level 3 and is level 5; Reversi's
    // noisy one-ply search was level 1 and is level 2).
    json want = t["seats"];
    for (auto& s : want) {
      if (s["kind"] != "computer") continue;
      if (t["game"] == "risk" && s["level"] == 3) s["level"] = 5;
      if (t["game"] == "reversi" && s["level"] == 1) s["level"] = 2;
    }
    EXPECT_EQ(seats, want);
    EXPECT_EQ(got["move_seconds"], 0);
    EXPECT_FALSE(got.contains("time_left_ms"));
    if (t.contains("returns")) {
      EXPECT_EQ(got["returns"], t["returns"]);
      EXPECT_EQ(got["seed"], t["seed"]);
    }
    // Every old token still speaks for its seat; only the seat to move is
    // offered actions.
    for (const auto& k : t["tokens"]) {
      auto mine = get(port_, path, k["token"]);
      ASSERT_EQ(mine.status, 200) << mine.body;
      EXPECT_EQ(mine.j["you"], k["seat"]);
      EXPECT_EQ(!mine.j["legal"].empty(), k["seat"] == t["to_move"]);
    }
    EXPECT_EQ(get(port_, path, std::string(32, 'a')).status, 403);
  }
}

TEST_F(GoldenDatabase, OldTokensStillActAndTheMoveIsKept) {
  // Reversi and the all-human Risk table: the seat to move takes a hint and
  // plays it with its old token (no computer seat answers afterwards).
  std::map<std::string, int> acted_at;
  for (const char* label : {"reversi-midgame-humans", "risk-domination-humans"}) {
    SCOPED_TRACE(label);
    const json& t = table(label);
    const std::string path = "/api/tables/" + t["id"].get<std::string>();
    const std::string tok = token(t, t["to_move"].get<int>());
    auto hint = post(port_, path + "/hint", json{{"level", 1}}, tok);
    ASSERT_EQ(hint.status, 200) << hint.body;
    auto acted = post(port_, path + "/actions",
                      json{{"action", hint.j["action"]["id"]}, {"version", t["version"]}}, tok);
    ASSERT_EQ(acted.status, 200) << acted.body;
    // One decision, and any chance it set off.
    EXPECT_GT(acted.j["version"].get<int>(), t["version"].get<int>());
    acted_at[label] = acted.j["version"].get<int>();
  }
  // Still there after a restart.
  server_->stop();
  server_.reset();
  open();
  EXPECT_TRUE(server_->restore_errors().empty());
  for (const char* label : {"reversi-midgame-humans", "risk-domination-humans"}) {
    const json& t = table(label);
    auto r = get(port_, "/api/tables/" + t["id"].get<std::string>());
    EXPECT_EQ(r.j["table"]["version"], acted_at[label]) << label;
  }
}

TEST_F(GoldenDatabase, ComputerTablesStillGiveHints) {
  // Risk with computer seats: the human to move can still ask for a hint
  // (the bot reads the restored state). Nothing is played, so computers
  // stay idle.
  for (const char* label : {"risk-missions-computers", "risk-two-player-active"}) {
    SCOPED_TRACE(label);
    const json& t = table(label);
    const std::string tok = token(t, t["to_move"].get<int>());
    auto hint =
        post(port_, "/api/tables/" + t["id"].get<std::string>() + "/hint", json{{"level", 1}}, tok);
    ASSERT_EQ(hint.status, 200) << hint.body;
    EXPECT_TRUE(hint.j["action"].contains("id"));
  }
}

TEST_F(GoldenDatabase, TheFinishedTableKeepsItsLogAndRefusesMoves) {
  const json& t = table("reversi-finished");
  const std::string path = "/api/tables/" + t["id"].get<std::string>();
  auto log = get(port_, path + "/log");
  ASSERT_EQ(log.status, 200) << log.body;
  EXPECT_EQ(log.j["seed"], t["seed"]);
  EXPECT_EQ(log.j["seed_sha256"], t["seed_sha256"]);
  EXPECT_EQ(log.j["entries"].size(), t["version"].get<size_t>());
  auto replay = get(port_, path + "/replay");
  ASSERT_EQ(replay.status, 200);
  EXPECT_EQ(replay.j["steps"].size(), t["version"].get<size_t>() + 1);
  auto late = post(port_, path + "/actions", json{{"action", 0}}, token(t, 0));
  EXPECT_EQ(late.status, 409) << late.body;
  // A table saved before rematches existed offers one (schema migration 5).
  EXPECT_FALSE(get(port_, path).j["table"].contains("rematch"));
  auto again = post(port_, path + "/rematch", json::object(), token(t, 0));
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(get(port_, path).j["table"]["rematch"], again.j["id"]);
  EXPECT_EQ(
      get(port_, "/api/tables/" + again.j["id"].get<std::string>(), again.j["token"]).j["you"],
      again.j["seat"]);
}

}  // namespace
}  // namespace meeple::test
