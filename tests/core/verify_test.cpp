// core/verify.h against rigged logs of every kind: a log is verified only if
// every chance outcome follows from the committed seed, from the initial
// position; dice entered by hand make a referee log; anything else fails and
// names the first bad entry. Match::replay's integer checks on log ids too.
#include "core/verify.h"

#include <gtest/gtest.h>

#include "core/sha256.h"
#include "tests/core/toy_game.h"

namespace meeple {
namespace {

using testing::toy_registry;

// A finished toy match, each decision "roll two dice", as the server
// publishes it: log, seed and the seed's SHA-256.
json finished_log(const Registry& reg, uint64_t seed) {
  Match m = Match::start("toy", {}, seed, reg).value();
  while (!m.state().is_terminal()) {
    m.resolve_chance();
    if (!m.state().is_terminal()) {
      EXPECT_TRUE(m.act(1).is_ok());
    }
  }
  json log = m.log_json();
  log["seed_sha256"] = sha256_hex(log["seed"].get<std::string>());
  log["table"] = "abc123";
  return log;
}

// Index of the last chance entry: marking it supplied shifts no later die
// (a supplied outcome does not draw from the RNG).
size_t last_chance(const json& log) {
  size_t last = 0;
  for (size_t i = 0; i < log["entries"].size(); ++i)
    if (log["entries"][i]["seat"] == "chance") last = i;
  return last;
}

// Index of the first chance entry that is a die (not a card).
size_t first_die(const json& log) {
  for (size_t i = 0; i < log["entries"].size(); ++i)
    if (log["entries"][i]["seat"] == "chance" && log["entries"][i]["action"].get<int>() < 20)
      return i;
  ADD_FAILURE() << "no die in the log";
  return 0;
}

void expect_failed(const Verification& v, const std::string& words, size_t entry = 0) {
  EXPECT_EQ(v.verdict, Verdict::kFailed) << verdict_name(v.verdict);
  EXPECT_NE(v.message.find(words), std::string::npos) << v.message;
  EXPECT_EQ(v.entry, entry) << v.message;
  EXPECT_FALSE(v.match.has_value());
}

TEST(Verify, AnHonestLogIsVerified) {
  const Registry reg = toy_registry();
  const Verification v = verify_log(finished_log(reg, 17), reg);
  EXPECT_EQ(v.verdict, Verdict::kVerified) << v.message;
  ASSERT_TRUE(v.match.has_value());
  EXPECT_TRUE(v.match->state().is_terminal());
  EXPECT_FALSE(v.match->referee());
}

TEST(Verify, SuppliedChanceIsARefereeLogNeverVerified) {
  const Registry reg = toy_registry();
  // The same outcomes the seed gives, only marked as supplied: still not proof.
  json log = finished_log(reg, 17);
  log["entries"][last_chance(log)]["supplied"] = true;
  Verification v = verify_log(log, reg);
  EXPECT_EQ(v.verdict, Verdict::kReferee) << v.message;
  EXPECT_EQ(v.message, "referee log: dice entered by hand, not provably fair");
  // A server choosing every die: consistent, hashes right, still only referee.
  Match m = Match::start("toy", {}, 5, reg).value();
  while (!m.state().is_terminal()) {
    if (m.state().is_chance()) {
      const auto outcomes = m.state().chance_outcomes();
      ASSERT_TRUE(m.supply_chance(outcomes.back().action).is_ok());  // always a six / card 2
    } else {
      ASSERT_TRUE(m.act(1).is_ok());
    }
  }
  json rigged = m.log_json();
  rigged["seed_sha256"] = sha256_hex(rigged["seed"].get<std::string>());
  v = verify_log(rigged, reg);
  EXPECT_EQ(v.verdict, Verdict::kReferee) << v.message;
  // Supplied on a decision, or not a boolean: failed.
  log = finished_log(reg, 17);
  log["entries"][2]["supplied"] = true;
  expect_failed(verify_log(log, reg), "'supplied' is only for chance entries", 3);
  log = finished_log(reg, 17);
  log["entries"][0]["supplied"] = 1;
  expect_failed(verify_log(log, reg), "'supplied': expected true or false", 1);
}

TEST(Verify, AStartPositionIsARefereeLog) {
  const Registry reg = toy_registry();
  auto game = reg.create("toy", {}).value();
  auto start = game->new_initial_state();
  static_cast<testing::ToyState&>(*start).score = {14, 0};  // seat 0 nearly home
  Match m = Match::start_from(game, std::move(start), 3);
  while (!m.state().is_terminal()) {
    m.resolve_chance();
    if (!m.state().is_terminal()) {
      ASSERT_TRUE(m.act(1).is_ok());
    }
  }
  json log = m.log_json();
  log["seed_sha256"] = sha256_hex(log["seed"].get<std::string>());
  const Verification v = verify_log(log, reg);
  EXPECT_EQ(v.verdict, Verdict::kReferee) << v.message;
  EXPECT_NE(v.message.find("loaded position"), std::string::npos) << v.message;
  log["start"] = {{"board", 1}};
  EXPECT_EQ(verify_log(log, reg).verdict, Verdict::kFailed);
}

TEST(Verify, SeedAndCommitment) {
  const Registry reg = toy_registry();
  const json honest = finished_log(reg, 17);
  json log = honest;
  log["seed"] = "18";  // another seed, the published hash kept
  expect_failed(verify_log(log, reg), "not the published");
  log["seed_sha256"] = sha256_hex("18");  // both replaced: the dice give it away
  expect_failed(verify_log(log, reg), "does not follow from the seed", 1);
  log = honest;
  log["seed_sha256"] = sha256_hex("17 ");
  expect_failed(verify_log(log, reg), "not the published");
  log["seed_sha256"] = "ABC";
  expect_failed(verify_log(log, reg), "'seed_sha256': expected 64 lower-case hex digits");
  log = honest;
  log.erase("seed_sha256");
  expect_failed(verify_log(log, reg), "'seed_sha256' is missing");
  log = honest;
  log["seed"] = "017";
  log["seed_sha256"] = sha256_hex("017");
  expect_failed(verify_log(log, reg), "without leading zeros");
  log["seed"] = 17;
  expect_failed(verify_log(log, reg), "'seed': expected the revealed seed");
}

TEST(Verify, ASampledOutcomeThatDiffersFromTheRng) {
  const Registry reg = toy_registry();
  json log = finished_log(reg, 17);
  const size_t i = first_die(log);
  const int die = log["entries"][i]["action"].get<int>();
  log["entries"][i]["action"] = die == 15 ? 14 : die + 1;
  expect_failed(verify_log(log, reg), "does not follow from the seed", i + 1);
}

TEST(Verify, ReorderedDuplicatedTruncatedAndExtraEntries) {
  const Registry reg = toy_registry();
  const json honest = finished_log(reg, 17);
  const size_t n = honest["entries"].size();
  ASSERT_GT(n, 6u);
  json log = honest;
  std::swap(log["entries"][2], log["entries"][3]);  // a decision and a die
  EXPECT_EQ(verify_log(log, reg).verdict, Verdict::kFailed);
  EXPECT_EQ(verify_log(log, reg).entry, 3u);
  log = honest;
  log["entries"].insert(log["entries"].begin() + 3, honest["entries"][3]);
  EXPECT_EQ(verify_log(log, reg).verdict, Verdict::kFailed);
  EXPECT_EQ(verify_log(log, reg).entry, 5u);  // the copy of the die: another die, another hash
  log = honest;
  log["entries"].erase(log["entries"].end() - 1);
  expect_failed(verify_log(log, reg), "before the game does");
  log = honest;
  log["entries"].push_back(honest["entries"][n - 1]);
  EXPECT_EQ(verify_log(log, reg).entry, n + 1);
  log = honest;
  log["entries"] = json::array();
  expect_failed(verify_log(log, reg), "before the game does");
}

TEST(Verify, ExtraAndMissingFields) {
  const Registry reg = toy_registry();
  const json honest = finished_log(reg, 17);
  json log = honest;
  log["dice"] = "trust me";
  expect_failed(verify_log(log, reg), "unknown field 'dice'");
  log = honest;
  log["entries"][1]["note"] = 1;
  expect_failed(verify_log(log, reg), "unknown field 'note'", 2);
  for (const char* field : {"seat", "action", "hash"}) {
    log = honest;
    log["entries"][2].erase(field);
    expect_failed(verify_log(log, reg), std::string("'") + field + "' is missing", 3);
  }
  log = honest;
  log["entries"][0]["json"] = {{"card", 0}};
  expect_failed(verify_log(log, reg), "a chance entry has none", 1);
  log = honest;
  log["entries"][2]["json"] = {{"dice", 1}};  // the id says two dice
  expect_failed(verify_log(log, reg), "'json' is {\"dice\":1} but action 1 is {\"dice\":2}", 3);
  log = honest;
  log.erase("options");
  expect_failed(verify_log(log, reg), "'options'");
  log = honest;
  log["table"] = 5;
  expect_failed(verify_log(log, reg), "'table'");
  expect_failed(verify_log(json::array(), reg), "must be a JSON object");
}

TEST(Verify, IdsSeatsAndHashesOutOfRange) {
  const Registry reg = toy_registry();
  const json honest = finished_log(reg, 17);
  for (const json& bad :
       {json(2.5), json(true), json(-1), json(int64_t{1} << 40), json("1"), json(23), json()}) {
    json log = honest;
    log["entries"][2]["action"] = bad;
    expect_failed(verify_log(log, reg), "'action': expected an integer action id 0..22", 3);
  }
  for (const json& bad : {json(2), json(-1), json(0.0), json(false), json("0")}) {
    json log = honest;
    log["entries"][2]["seat"] = bad;
    expect_failed(verify_log(log, reg), "'seat': expected \"chance\" or a seat 0..1", 3);
  }
  json log = honest;
  log["entries"][2]["seat"] = 1;  // seat 0 is to move
  expect_failed(verify_log(log, reg), "seat 1 acted but seat 0 was to move", 3);
  log = honest;
  log["entries"][4]["hash"] = "0000000000000000";
  expect_failed(verify_log(log, reg), "differs from the logged", 5);
  log["entries"][4]["hash"] = 7;
  expect_failed(verify_log(log, reg), "'hash': expected 16 hex digits", 5);
}

TEST(Verify, AnotherGameOrUnknownOptions) {
  const Registry reg = toy_registry();
  json log = finished_log(reg, 17);
  log["game"] = "chess";
  EXPECT_EQ(verify_log(log, reg).verdict, Verdict::kFailed);
  log = finished_log(reg, 17);
  log["options"] = {{"colour", "red"}};
  expect_failed(verify_log(log, reg), "'game'/'options'");
}

// Match::replay (saved games, the server's restore) runs the same integer
// checks on ids and seats, naming the entry and the field.
TEST(MatchReplay, LogIdsAreCheckedIntegers) {
  const Registry reg = toy_registry();
  const json honest = finished_log(reg, 17);
  for (const json& bad : {json(2.5), json(true), json(-1), json(int64_t{1} << 40), json("1")}) {
    json log = honest;
    log["entries"][2]["action"] = bad;
    auto r = Match::replay(log, reg);
    ASSERT_FALSE(r.is_ok()) << bad.dump();
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(r.status().message().find("match log entry 3: 'action'"), std::string::npos)
        << r.status().message();
    EXPECT_NE(r.status().message().find(bad.dump()), std::string::npos) << r.status().message();
    auto f = Match::from_json(log, reg);
    ASSERT_FALSE(f.is_ok());
    EXPECT_NE(f.status().message().find("match log entry 3: 'action'"), std::string::npos);
  }
  json log = honest;
  log["entries"][2]["seat"] = true;
  auto r = Match::replay(log, reg);
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("match log entry 3: 'seat'"), std::string::npos)
      << r.status().message();
  // Match::replay accepts referee logs; only verify tells them apart.
  log = honest;
  log["entries"][last_chance(log)]["supplied"] = true;
  auto ok = Match::replay(log, reg);
  ASSERT_TRUE(ok.is_ok()) << ok.status().to_string();
  EXPECT_TRUE(ok->referee());
}

}  // namespace
}  // namespace meeple
