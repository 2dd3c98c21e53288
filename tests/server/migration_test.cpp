// Schema migrations (server/schema.h): a database written before schema
// versions existed (the schema and rows exactly as that server wrote them)
// opens with every table and seat working, and a database from a newer
// meeple is refused with a message rather than misread.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "all_games/all_games.h"
#include "core/match.h"
#include "core/registry.h"
#include "server/crypto.h"
#include "server/schema_sqlite.h"
#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

// The schema of meeple before versions (user_version 0), verbatim.
constexpr const char* kOldSchema = R"SQL(
CREATE TABLE IF NOT EXISTS tables(
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  seed TEXT NOT NULL,
  seed_hash TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats(
  table_id TEXT NOT NULL REFERENCES tables(id),
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  level INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  claimed INTEGER NOT NULL,
  PRIMARY KEY(table_id, seat)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions(
  table_id TEXT NOT NULL REFERENCES tables(id),
  idx INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  action INTEGER NOT NULL,
  supplied INTEGER NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY(table_id, idx)) WITHOUT ROWID;
)SQL";

void exec(sqlite3* db, const std::string& sql) {
  char* err = nullptr;
  ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK)
      << (err ? err : "") << "\n"
      << sql;
}

int user_version(const std::string& path) {
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA user_version;", -1, &st, nullptr);
  int v = -1;
  if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  sqlite3_close(db);
  return v;
}

// Writes an old database: a Reversi table of two humans after d3 (seat 0
// never opened her page, seat 1 did), and a computer-against-human table.
void write_old_database(const std::string& path, const std::string& t0, const std::string& t1) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  exec(db, "PRAGMA journal_mode=WAL;");
  exec(db, kOldSchema);
  auto game = all_games().create("reversi", json::object());
  ASSERT_TRUE(game.is_ok());
  const uint64_t seed = 42;
  Match m = Match::start(*game, seed);
  ASSERT_TRUE(m.act_json("d3").is_ok());
  const std::string seed_text = Rng::to_string(seed);
  for (const char* id : {"00000000000000aa", "00000000000000bb"}) {
    exec(db, fmt::format("INSERT INTO tables VALUES('{}','reversi','{{}}','{}','{}','running',"
                         "1763740000000,1763740001000);",
                         id, seed_text, server::sha256_hex(seed_text)));
    for (size_t i = 0; i < m.log().size(); ++i) {
      const auto& e = m.log()[i];
      exec(db, fmt::format("INSERT INTO actions VALUES('{}',{},{},{},0,'{}');", id, i, e.seat,
                           e.action, hash_to_hex(e.hash)));
    }
  }
  exec(db, fmt::format("INSERT INTO seats VALUES('00000000000000aa',0,'human',0,'{}',0);",
                       server::sha256_hex(t0)));
  exec(db, fmt::format("INSERT INTO seats VALUES('00000000000000aa',1,'human',0,'{}',1);",
                       server::sha256_hex(t1)));
  exec(db, "INSERT INTO seats VALUES('00000000000000bb',0,'computer',2,'',1);");
  exec(db, fmt::format("INSERT INTO seats VALUES('00000000000000bb',1,'human',0,'{}',0);",
                       server::sha256_hex(t1)));
  // Computer seats of games whose levels were later renumbered (schema
  // migrations 8 to 12), before anyone moved: a human against Risk's old
  // levels 1 and 3, against Goa's old level 2, against The King is Dead's
  // old levels 1 and 2, against Reversi's old level 7, and with a computer
  // partner against Risk's team game's old levels 1 and 2.
  auto human_table = [&](const char* id, const char* name, const char* options) {
    exec(db, fmt::format("INSERT INTO tables VALUES('{}','{}','{}','{}','{}','running',"
                         "1763740000000,1763740001000);",
                         id, name, options, seed_text, server::sha256_hex(seed_text)));
    exec(db, fmt::format("INSERT INTO seats VALUES('{}',0,'human',0,'{}',0);", id,
                         server::sha256_hex(t0)));
  };
  auto computer = [&](const char* id, int seat, int level) {
    exec(db, fmt::format("INSERT INTO seats VALUES('{}',{},'computer',{},'',1);", id, seat, level));
  };
  human_table("00000000000000cc", "risk", R"({"players":3})");
  computer("00000000000000cc", 1, 1);
  computer("00000000000000cc", 2, 3);
  human_table("00000000000000dd", "goa", "{}");
  computer("00000000000000dd", 1, 2);
  human_table("00000000000000ee", "king-is-dead", R"({"players":3})");
  computer("00000000000000ee", 1, 1);
  computer("00000000000000ee", 2, 2);
  human_table("0000000000000011", "reversi", "{}");
  computer("0000000000000011", 1, 7);
  human_table("00000000000000ff", "risk", R"({"mode":"teams","players":4})");
  computer("00000000000000ff", 1, 1);
  computer("00000000000000ff", 2, 2);
  computer("00000000000000ff", 3, 2);
  sqlite3_close(db);
}

class OldDatabase : public ServerFixture {
 protected:
  void SetUp() override {
    db_ = temp_db_path("old_database");
    write_old_database(db_, "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0", "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1");
    ASSERT_EQ(user_version(db_), 0);
    start();
  }
};

TEST_F(OldDatabase, OpensWithEveryTableAndSeatWorking) {
  const std::string t0 = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0",
                    t1 = "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1";
  ASSERT_TRUE(server_->restore_errors().empty()) << server_->restore_errors()[0];
  EXPECT_EQ(server_->table_count(), 7u);
  EXPECT_EQ(user_version(db_), server::schema_version());

  const std::string a = "/api/tables/00000000000000aa";
  auto s1 = get(port_, a, t1);
  ASSERT_EQ(s1.status, 200) << s1.body;
  EXPECT_EQ(s1.j["you"], 1);
  EXPECT_EQ(s1.j["table"]["version"], 1);
  // Old tables had no open seats: the first human seat is the creator's,
  // the other invited (its link keeps working; strangers cannot join).
  EXPECT_EQ(s1.j["table"]["seats"][0]["access"], "creator");
  EXPECT_EQ(s1.j["table"]["seats"][0]["claimed"], true);
  EXPECT_EQ(s1.j["table"]["seats"][1]["access"], "invite");
  // Before seats could choose, the server answered every default for them.
  EXPECT_EQ(s1.j["table"]["seats"][0]["auto_answer"], true);
  EXPECT_EQ(s1.j["table"]["seats"][1]["auto_answer"], true);
  EXPECT_EQ(post(port_, a + "/join", json::object()).status, 409);
  ASSERT_EQ(post(port_, a + "/actions", {{"action", "c3"}, {"version", 1}}, t1).status, 200);
  EXPECT_EQ(get(port_, a, t0).j["you"], 0);
  ASSERT_EQ(post(port_, a + "/actions", {{"action", "c4"}, {"version", 2}}, t0).status, 200);

  // At the computer's table the human's link works and the computer answers.
  const std::string b = "/api/tables/00000000000000bb";
  WsClient w(port_, "/ws/tables/00000000000000bb?token=" + t1);
  ASSERT_EQ(post(port_, b + "/actions", {{"action", "c3"}, {"version", 1}}, t1).status, 200);
  auto m = w.until(
      [](const json& j) { return j["table"]["version"] == 3 && j["table"]["to_move"] == 1; });
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->at("table")["seats"][1]["access"], "creator");

  // Computer seats keep the player they had under the new level numbers
  // (Risk: the careless heuristic 1 -> 2, the search 3 -> 5, and in the
  // team game the heuristic 2 -> 4 -> 5; Goa: the heuristic 2 -> 3; The
  // King is Dead: the heuristic 1 -> 2, the search 2 -> 3 -> 5; Reversi:
  // the depth-limited searches one up, 2 -> 3, the time-limited 7 -> 10).
  auto risk = get(port_, "/api/tables/00000000000000cc", t0);
  ASSERT_EQ(risk.status, 200) << risk.body;
  EXPECT_EQ(risk.j["table"]["seats"][1]["level"], 2);
  EXPECT_EQ(risk.j["table"]["seats"][2]["level"], 5);
  auto goa = get(port_, "/api/tables/00000000000000dd", t0);
  ASSERT_EQ(goa.status, 200) << goa.body;
  EXPECT_EQ(goa.j["table"]["seats"][1]["level"], 3);
  auto kid = get(port_, "/api/tables/00000000000000ee", t0);
  ASSERT_EQ(kid.status, 200) << kid.body;
  EXPECT_EQ(kid.j["table"]["seats"][1]["level"], 2);
  EXPECT_EQ(kid.j["table"]["seats"][2]["level"], 5);
  auto teams = get(port_, "/api/tables/00000000000000ff", t0);
  ASSERT_EQ(teams.status, 200) << teams.body;
  EXPECT_EQ(teams.j["table"]["seats"][1]["level"], 2);
  EXPECT_EQ(teams.j["table"]["seats"][2]["level"], 5);
  EXPECT_EQ(teams.j["table"]["seats"][3]["level"], 5);
  EXPECT_EQ(get(port_, b, t1).j["table"]["seats"][0]["level"], 3);
  auto reversi = get(port_, "/api/tables/0000000000000011", t0);
  ASSERT_EQ(reversi.status, 200) << reversi.body;
  EXPECT_EQ(reversi.j["table"]["seats"][1]["level"], 10);

  // And everything survives another start on the migrated file.
  restart();
  EXPECT_EQ(get(port_, a, t0).j["table"]["version"], 3);
  EXPECT_EQ(user_version(db_), server::schema_version());
}

TEST(Schema, ADatabaseFromANewerMeepleIsRefused) {
  const std::string path = temp_db_path("newer_schema");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  exec(db, fmt::format("PRAGMA user_version = {};", server::schema_version() + 1));
  sqlite3_close(db);
  server::ServerOptions o;
  o.port = 0;
  o.db_path = path;
  auto s = server::Server::open(o);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.status().message().find("newer"), std::string::npos) << s.status().to_string();
}

}  // namespace
}  // namespace meeple::test
