// `meeple arena`: agent specs, seating and seeds, statistics (Wilson, Elo),
// games between built-in bots of every game, external programs through the
// protocol (and every way a program can misbehave), shards and their merge.
#include "cli/arena.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "all_games/all_games.h"
#include "cli/arena_results.h"
#include "cli/commands.h"
#include "cli/external_bot.h"
#include "core/decision.h"
#include "core/match.h"

namespace meeple::cli {
namespace {

const std::string kBots = std::string(MEEPLE_SOURCE_DIR) + "/tests/cli/arena_bots/";
const std::string kCornerBot =
    "python3 " + std::string(MEEPLE_SOURCE_DIR) + "/examples/arena/corner_bot.py";

AgentSpec agent(const std::string& text) {
  auto a = parse_agent(text);
  EXPECT_TRUE(a.is_ok()) << a.status().message();
  return a.is_ok() ? *a : AgentSpec{};
}

ArenaConfig config(const std::string& game, const json& options,
                   const std::vector<std::string>& agents, int games) {
  ArenaConfig c;
  c.game = game;
  auto g = all_games().create(game, options);
  EXPECT_TRUE(g.is_ok()) << g.status().message();
  c.options = (*g)->options();
  for (const auto& a : agents) c.agents.push_back(agent(a));
  c.games = games;
  c.seed = 7;
  c.threads = 1;
  return c;
}

std::vector<GameRecord> run(const ArenaConfig& c) {
  auto r = run_arena(c, all_games());
  EXPECT_TRUE(r.is_ok()) << r.status().message();
  return r.is_ok() ? *r : std::vector<GameRecord>{};
}

// Everything but the timing.
json comparable(const std::vector<GameRecord>& records) {
  json j = json::array();
  for (const auto& r : records) {
    j.push_back(
        {r.index, r.seed, r.seating, r.end, r.forfeit_seat, r.error, r.returns, r.scores, r.moves});
  }
  return j;
}

TEST(ArenaAgents, EveryFormAndItsLabel) {
  EXPECT_EQ(agent("random").level, 0);
  EXPECT_EQ(agent("heuristic").spec, "heuristic");  // its level: heuristic_level(name)
  EXPECT_TRUE(agent("heuristic").heuristic);
  EXPECT_FALSE(agent("level:2").heuristic);
  EXPECT_EQ(agent("level:7").level, 7);
  EXPECT_EQ(agent("7").label, "level7");
  EXPECT_EQ(agent("deep=level:9").label, "deep");
  EXPECT_EQ(agent("deep=level:9").spec, "level:9");
  const AgentSpec p = agent("cmd:python3 bots/my_bot.py --depth=3");
  EXPECT_EQ(p.command, "python3 bots/my_bot.py --depth=3");
  EXPECT_EQ(p.label, "my_bot");
  EXPECT_EQ(agent("mine=cmd:./a.out x=1").label, "mine");
  EXPECT_EQ(agent("ismcts:250").ismcts, 250);
  EXPECT_EQ(agent("ismcts:250").label, "ismcts250");
  EXPECT_EQ(agent("careless:35").careless, 35);
  EXPECT_EQ(agent("careless:35").label, "careless35");
  EXPECT_EQ(agent("careless:100").careless, 100);
  EXPECT_TRUE(agent("careless:35").heuristic);
  // Any other built-in player made careless.
  EXPECT_EQ(agent("careless:30:level:5").careless, 30);
  EXPECT_EQ(agent("careless:30:level:5").level, 5);
  EXPECT_FALSE(agent("careless:30:level:5").heuristic);
  EXPECT_EQ(agent("careless:30:level:5").label, "careless30-level5");
  EXPECT_EQ(agent("careless:30:5").level, 5);
  EXPECT_EQ(agent("careless:10:ismcts:200").ismcts, 200);
  EXPECT_EQ(agent("careless:10:ismcts:200").label, "careless10-ismcts200");
  EXPECT_EQ(agent("c=careless:10:ismcts:200").label, "c");
  EXPECT_EQ(agent("careless:10:heuristic").label, "careless10");
  EXPECT_EQ(agent("level:7@0.25").level, 7);
  EXPECT_EQ(agent("level:7@0.25").seconds, 0.25);
  EXPECT_EQ(agent("level:7@0.25").label, "level7@0.25");
  EXPECT_EQ(agent("level:10@3").seconds, 3.0);
  EXPECT_EQ(agent("level:7").seconds, 0.0);
  // A searching player keeping its tree between decisions.
  EXPECT_EQ(agent("reuse:level:5").reuse, AgentSpec::Reuse::kKeep);
  EXPECT_EQ(agent("reuse:level:5").level, 5);
  EXPECT_EQ(agent("reuse:level:5").label, "reuse-level5");
  EXPECT_EQ(agent("reuse:5").level, 5);
  EXPECT_EQ(agent("reuse:ismcts:300").ismcts, 300);
  EXPECT_EQ(agent("reuse:ismcts:300").label, "reuse-ismcts300");
  EXPECT_EQ(agent("r=reuse:level:3").label, "r");
  EXPECT_EQ(agent("level:5").reuse, AgentSpec::Reuse::kAsLevel);
  // ...or searching each decision afresh.
  EXPECT_EQ(agent("noreuse:level:5").reuse, AgentSpec::Reuse::kDrop);
  EXPECT_EQ(agent("noreuse:level:5").level, 5);
  EXPECT_EQ(agent("noreuse:level:5").label, "noreuse-level5");
  EXPECT_EQ(agent("noreuse:ismcts:300").label, "noreuse-ismcts300");
  EXPECT_EQ(agent("n=noreuse:4").label, "n");
  for (const char* bad : {"",
                          "11",
                          "-1",
                          "level:",
                          "level:x",
                          "cmd:",
                          "cmd:   ",
                          "alpha",
                          "bad label=random",
                          "=random",
                          "x=11",
                          "ismcts:",
                          "ismcts:0",
                          "ismcts:x",
                          "ismcts:99999999",
                          "careless:",
                          "careless:0",
                          "careless:101",
                          "careless:-5",
                          "careless:0.5",
                          "careless:1000",
                          "careless:30:",
                          "careless:30:x",
                          "careless:30:level:11",
                          "careless:30:careless:5",
                          "careless:30:cmd:./bot",
                          "careless:30:level:7@0.5",
                          "careless:30:a=level:3",
                          "careless:30:reuse:level:5",
                          "reuse:",
                          "reuse:random",
                          "reuse:0",
                          "reuse:heuristic",
                          "reuse:level:11",
                          "reuse:cmd:./bot",
                          "reuse:careless:30",
                          "reuse:careless:30:level:5",
                          "reuse:level:7@0.5",
                          "reuse:reuse:level:5",
                          "reuse:a=level:5",
                          "noreuse:",
                          "noreuse:random",
                          "noreuse:heuristic",
                          "noreuse:careless:30:level:5",
                          "noreuse:reuse:level:5",
                          "reuse:noreuse:level:5",
                          "careless:30:noreuse:level:5",
                          "noreuse:level:7@0.5",
                          "careless::level:3",
                          "level:7@",
                          "level:7@x",
                          "level:7@0",
                          "level:7@-1",
                          "level:7@1e3",
                          "level:7@601",
                          "level:7@0.1.2",
                          "level:7@.",
                          "level:@1",
                          "level:11@1",
                          "7@1"}) {
    auto a = parse_agent(bad);
    EXPECT_FALSE(a.is_ok()) << bad;
    if (!a.is_ok()) {
      EXPECT_EQ(a.status().code(), StatusCode::kInvalidArgument);
    }
  }
}

TEST(ArenaSeating, DealsShareASeedAndRotateTheAgents) {
  EXPECT_EQ(arena_seating(0, 3, 3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(arena_seating(1, 3, 3), (std::vector<int>{2, 0, 1}));  // agent 0 at seat 1
  EXPECT_EQ(arena_seating(2, 3, 3), (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(arena_game_seed(5, 0, 3), arena_game_seed(5, 2, 3));
  EXPECT_NE(arena_game_seed(5, 2, 3), arena_game_seed(5, 3, 3));
  EXPECT_NE(arena_game_seed(5, 0, 3), arena_game_seed(6, 0, 3));
  // Two teams A, B, A, B: deals of two games, the next deal at game 2.
  EXPECT_EQ(arena_seating(2, 4, 2), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(arena_seating(3, 4, 2), (std::vector<int>{3, 0, 1, 2}));
  EXPECT_NE(arena_game_seed(5, 1, 2), arena_game_seed(5, 2, 2));
}

TEST(ArenaSeating, ADealHasOneGameForEachDistinctRotation) {
  const auto rotations = [](const std::vector<std::string>& specs) {
    std::vector<AgentSpec> agents;
    for (const auto& s : specs) agents.push_back(agent(s));
    return arena_rotations(agents);
  };
  EXPECT_EQ(rotations({"level:1", "level:2"}), 2);
  EXPECT_EQ(rotations({"top=level:5", "heuristic", "heuristic"}), 3);
  EXPECT_EQ(rotations({"top=level:5", "heuristic", "heuristic", "heuristic"}), 4);
  EXPECT_EQ(rotations({"a=level:5", "b=level:4", "a=level:5", "b=level:4"}), 2);
  EXPECT_EQ(rotations({"heuristic", "heuristic", "heuristic"}), 1);
  EXPECT_EQ(rotations({"1", "2", "3", "1", "2", "3"}), 3);
  // The same player under two labels is two agents in the table, so each
  // must sit everywhere.
  EXPECT_EQ(rotations({"x=level:1", "y=level:1"}), 2);
  EXPECT_EQ(rotations({"x=level:1", "x=level:2", "x=level:1", "x=level:3"}), 4);
}

TEST(ArenaStatistics, WilsonIntervalAndElo) {
  auto [lo, hi] = wilson_interval(0.5, 100);
  EXPECT_NEAR(lo, 0.4038, 1e-4);
  EXPECT_NEAR(hi, 0.5962, 1e-4);
  std::tie(lo, hi) = wilson_interval(1.0, 10);
  EXPECT_NEAR(lo, 0.7225, 1e-4);
  EXPECT_DOUBLE_EQ(hi, 1.0);
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);
  EXPECT_NEAR(elo_from_score(0.5), 0, 1e-9);
}

TEST(ArenaStatistics, SummaryCountsOutcomesAndFitsElo) {
  ArenaConfig c = config("reversi", {}, {"a=random", "b=level:1"}, 5);
  auto game = all_games().create("reversi", {});
  std::vector<GameRecord> recs;
  // b wins three, a wins one, one draw; then a forfeit by a.
  const std::vector<std::vector<double>> returns = {{-1, 1}, {1, -1}, {-1, 1}, {0, 0}};
  for (int i = 0; i < 4; ++i) {
    GameRecord r;
    r.index = i;
    r.seating = arena_seating(i, 2, 2);
    r.end = "finished";
    r.returns = returns[i];  // by seat
    recs.push_back(r);
  }
  GameRecord f;
  f.index = 4;
  f.seating = arena_seating(4, 2, 2);
  f.end = "forfeit";
  f.forfeit_seat = 0;  // agent a sits at seat 0 in even games
  recs.push_back(f);
  const ArenaSummary s = summarize(c, (*game)->metadata(), recs);
  ASSERT_EQ(s.agents.size(), 2u);
  const AgentResult &a = s.agents[0], &b = s.agents[1];
  // Game 0: a at seat 0 lost. Game 1: a at seat 1 lost. Game 2: a lost.
  // Game 3: draw. Game 4: a forfeited.
  EXPECT_EQ(a.wins, 0);
  EXPECT_EQ(a.draws, 1);
  EXPECT_EQ(a.losses, 4);
  EXPECT_EQ(b.wins, 4);
  EXPECT_DOUBLE_EQ(b.score, 4.5 / 5);
  EXPECT_EQ(s.forfeits, 1);
  EXPECT_EQ(a.elo, 0);
  // Bradley-Terry with one virtual draw: b's points 4.5 + 0.5 of 6 pairings.
  EXPECT_NEAR(b.elo, 400 * std::log10(5.0 / 1.0), 1e-6);
  EXPECT_LT(b.elo_low, b.elo);
  EXPECT_GT(b.elo_high, b.elo);
  const std::string table = format_table(c, s);
  EXPECT_NE(table.find("5 of 5 games"), std::string::npos) << table;
  EXPECT_NE(table.find("1 forfeits"), std::string::npos) << table;
}

TEST(ArenaRun, ReversiGamesAreTheSameOnAnyNumberOfThreads) {
  ArenaConfig c = config("reversi", {}, {"level:4", "level:5"}, 6);
  const auto one = run(c);
  c.threads = 2;
  const auto two = run(c);
  ASSERT_EQ(one.size(), 6u);
  EXPECT_EQ(comparable(one), comparable(two));
  // Deterministic bots: the random openings make every deal another game.
  EXPECT_NE(one[0].hash, one[2].hash);
  EXPECT_NE(one[2].hash, one[4].hash);
  EXPECT_NE(one[0].hash, one[1].hash);  // the same opening, colours swapped
  for (const auto& r : one) {
    EXPECT_EQ(r.end, "finished");
    EXPECT_EQ(r.seed, arena_game_seed(7, r.index, 2));
    EXPECT_EQ(r.seating, arena_seating(r.index, 2, 2));
  }
}

// Two teams seated A, B, A, B: rotated by two seats the same agents sit at
// the same seats, and the game would be played again move for move (half
// of such an arena's games were copies before deals had one game a
// distinct rotation).
TEST(ArenaRun, TeamsOfRepeatedAgentsPlayNoGameTwice) {
  ArenaConfig c = config("king-is-dead", {{"players", 4}, {"teams", true}},
                         {"a=random", "b=heuristic", "a=random", "b=heuristic"}, 6);
  const auto recs = run(c);
  ASSERT_EQ(recs.size(), 6u);
  std::set<std::string> hashes;
  for (const auto& r : recs) {
    hashes.insert(r.hash);
    EXPECT_EQ(r.seed, arena_game_seed(7, r.index, 2));
    EXPECT_EQ(r.seating, arena_seating(r.index, 4, 2));
  }
  EXPECT_EQ(hashes.size(), 6u);
  EXPECT_EQ(recs[0].seed, recs[1].seed);  // a deal: the same deck, teams swapped
  EXPECT_NE(recs[1].seed, recs[2].seed);
}

TEST(ArenaRun, LogsReplayToTheRecordedResult) {
  const auto dir = std::filesystem::temp_directory_path() / "meeple_arena_logs_test";
  std::filesystem::remove_all(dir);
  ArenaConfig c = config("reversi", {}, {"random", "level:2"}, 2);
  c.logs_dir = dir.string();
  for (const auto& r : run(c)) {
    ASSERT_FALSE(r.log.empty());
    std::ifstream in(dir / r.log);
    const json log = json::parse(in);
    auto m = Match::replay(log, all_games());
    ASSERT_TRUE(m.is_ok()) << m.status().message();
    EXPECT_TRUE(m->state().is_terminal());
    EXPECT_EQ(m->state().returns(), r.returns);
    EXPECT_EQ(static_cast<int64_t>(m->log().size()), r.moves);
    EXPECT_EQ(hash_to_hex(m->state().hash()), r.hash);
  }
  std::filesystem::remove_all(dir);
}

// Built-in bots of every game choose only legal actions (a forfeit would
// show an illegal one) and their games end or reach the move limit.
TEST(ArenaRun, EveryGamesBotsPlayLegally) {
  struct Case {
    std::string game;
    json options;
    std::vector<std::string> agents;
  };
  const std::vector<Case> cases = {
      {"reversi", json::object(), {"level:3", "random"}},
      {"risk", {{"players", 3}}, {"heuristic", "random", "heuristic"}},
      {"risk", {{"mode", "two-player-active"}, {"players", 2}}, {"heuristic", "random"}},
      {"risk",
       {{"mode", "missions"}, {"players", 4}, {"battles", "outcomes"}},
       {"heuristic", "random", "heuristic", "level:1"}},
      {"king-is-dead", {{"players", 2}}, {"heuristic", "careless:50"}},
      {"king-is-dead",
       {{"players", 4}, {"teams", true}},
       {"heuristic", "random", "heuristic", "random"}},
      {"goa", {{"players", 3}}, {"heuristic", "random", "level:1"}},
      {"risk-2008", {{"players", 3}}, {"careless:80", "heuristic", "random"}},
  };
  for (const auto& k : cases) {
    ArenaConfig c = config(k.game, k.options, k.agents, static_cast<int>(k.agents.size()));
    c.threads = 2;
    c.max_moves = 20000;
    for (const auto& r : run(c)) {
      EXPECT_NE(r.end, "forfeit") << k.game << " " << k.options.dump() << ": " << r.error;
      EXPECT_GT(r.moves, 0);
    }
  }
}

// careless:P:SPEC draws from the seeds a careless level draws from, so a
// level that is a search made careless (The King is Dead's 3 and 4) plays
// exactly as the arena form that names it (docs/arena.md), and careless:P
// as the heuristic level made careless (its level 1).
TEST(ArenaRun, ACarelessFormPlaysAsTheLevelItNames) {
  const json two = {{"players", 2}};
  // Level 3 of the basic two-player game is level 4 (ISMCTS) made careless.
  const auto levels = run(config("king-is-dead", two, {"level:3", "level:1"}, 2));
  const auto forms = run(config("king-is-dead", two, {"careless:45:level:4", "careless:95"}, 2));
  ASSERT_EQ(levels.size(), 2u);
  ASSERT_EQ(forms.size(), levels.size());
  for (size_t i = 0; i < levels.size(); ++i) {
    EXPECT_EQ(forms[i].hash, levels[i].hash) << "game " << i;
    EXPECT_EQ(forms[i].moves, levels[i].moves) << "game " << i;
    EXPECT_EQ(forms[i].returns, levels[i].returns) << "game " << i;
  }
  // In the advanced game the levels' shares are others (kid_bot.h), and
  // ISMCTS is no level of its own there: levels 3 and 4 are the forms
  // their calibration named (docs/bots.md).
  const json advanced = {{"players", 2}, {"advanced", true}};
  const auto level3 = run(config("king-is-dead", advanced, {"level:3", "level:4"}, 2));
  const auto form3 = run(
      config("king-is-dead", advanced, {"careless:60:ismcts:200", "careless:20:ismcts:200"}, 2));
  ASSERT_EQ(level3.size(), 2u);
  ASSERT_EQ(form3.size(), 2u);
  for (size_t i = 0; i < level3.size(); ++i) EXPECT_EQ(form3[i].hash, level3[i].hash) << i;
  // And the careless form is not simply its inner player.
  const auto inner = run(config("king-is-dead", two, {"level:4", "level:1"}, 2));
  ASSERT_EQ(inner.size(), 2u);
  EXPECT_TRUE(inner[0].hash != levels[0].hash || inner[1].hash != levels[1].hash);
  // Reversi's level 1 is its heuristic (level 2) made careless, as
  // careless:30 was measured before it became level 1 (docs/bots.md).
  const auto reversi_level = run(config("reversi", {}, {"level:1", "random"}, 2));
  for (const char* form : {"careless:30", "careless:30:level:2"}) {
    const auto reversi_form = run(config("reversi", {}, {form, "random"}, 2));
    ASSERT_EQ(reversi_form.size(), reversi_level.size()) << form;
    for (size_t i = 0; i < reversi_level.size(); ++i)
      EXPECT_EQ(reversi_form[i].hash, reversi_level[i].hash) << form << " game " << i;
  }
}

TEST(ArenaRun, AReversiLevelPlaysWithAGivenTimeAMove) {
  // Level 4 is limited by depth; @0.02 makes it search by time instead.
  const ArenaConfig c = config("reversi", {}, {"fast=level:4@0.02", "random"}, 2);
  const auto records = run(c);
  ASSERT_EQ(records.size(), 2u);
  for (const GameRecord& r : records) EXPECT_EQ(r.end, "finished") << r.error;
}

// reuse:SPEC (and noreuse:SPEC) reaches the search inside a level, through
// the careless and narrowed wrappers: each game's searching levels keep
// their trees (or drop them), and play legally (the first 80 log entries
// of each game).
TEST(ArenaRun, EveryGamesSearchingLevelsKeepTheirTrees) {
  const std::vector<std::tuple<std::string, json, std::vector<std::string>>> runs{
      {"risk", {{"players", 3}}, {"reuse:level:5", "random", "random"}},
      {"risk-2008", {{"players", 3}}, {"reuse:level:5", "random", "random"}},
      {"king-is-dead", {{"players", 2}}, {"reuse:level:4", "reuse:level:3"}},
      {"king-is-dead", {{"players", 3}, {"advanced", true}}, {"reuse:level:5", "random", "random"}},
      {"goa", {{"players", 2}}, {"reuse:level:5", "random"}},
      // Goa's two-player level 5 keeps its tree; noreuse: searches afresh.
      {"goa", {{"players", 2}}, {"noreuse:level:5", "random"}}};
  for (const auto& [game, options, agents] : runs) {
    ArenaConfig c = config(game, options, agents, static_cast<int>(agents.size()));
    c.max_moves = 80;
    for (const GameRecord& r : run(c)) {
      EXPECT_TRUE(r.end == "finished" || r.end == "move_limit") << game << ": " << r.error;
      EXPECT_TRUE(r.error.empty()) << game << ": " << r.error;
    }
  }
}

TEST(ArenaRun, RejectsABadConfiguration) {
  ArenaConfig c = config("reversi", {}, {"random"}, 2);
  auto r = run_arena(c, all_games());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("one --agent per seat"), std::string::npos);
  c = config("reversi", {}, {"x=random", "x=level:2"}, 2);
  r = run_arena(c, all_games());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("share the label"), std::string::npos);
  // A time limit only where the levels are limited by time (Reversi's).
  c = config("risk", {{"players", 3}}, {"level:2@0.5", "random", "random"}, 3);
  r = run_arena(c, all_games());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("not limited by time"), std::string::npos)
      << r.status().message();
  // Tree reuse only where the level searches a tree (not Reversi's
  // alpha-beta).
  c = config("reversi", {}, {"reuse:level:3", "random"}, 2);
  r = run_arena(c, all_games());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("keeps no search tree"), std::string::npos)
      << r.status().message();
  c = config("reversi", {}, {"noreuse:level:3", "random"}, 2);
  r = run_arena(c, all_games());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("noreuse: cannot keep or drop"), std::string::npos)
      << r.status().message();
  c = config("reversi", {}, {"random", "random"}, 2);
  c.shard = 2;
  c.shards = 2;
  EXPECT_FALSE(run_arena(c, all_games()).is_ok());
}

TEST(ArenaExternal, AProgramPlaysThroughTheProtocol) {
  ArenaConfig c = config("reversi", {}, {"cmd:" + kCornerBot, "random"}, 4);
  c.threads = 2;
  for (const auto& r : run(c)) {
    EXPECT_EQ(r.end, "finished") << r.error;
  }
  // Actions named by text or by JSON are accepted too.
  c = config("reversi", {},
             {"cmd:python3 " + kBots + "misbehave.py text",
              "j=cmd:python3 " + kBots + "misbehave.py json"},
             2);
  for (const auto& r : run(c)) EXPECT_EQ(r.end, "finished") << r.error;
}

TEST(ArenaExternal, AnswersAreReadExactly) {
  auto game = all_games().create("reversi", json::object());
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 1);
  const Decision d(**game, m.state());
  EXPECT_EQ(action_from_answer(d, R"({"action":19})").value(), 19);
  EXPECT_EQ(action_from_answer(d, R"({"action":"d3"})").value(), 19);
  EXPECT_EQ(action_from_answer(d, R"({"action":{"move":"d3"}})").value(), 19);
  for (const std::string bad :
       {R"({"action":20})", R"({"action":19.5})", R"({"action":true})", R"({"action":"D3 "})",
        R"({"action":{"move":"a1"}})", R"({"action":[19]})", R"({"act":19})", R"([19])", "19", "",
        "\xff", R"({"action":-1})", R"({"action":4294967315})"}) {
    EXPECT_FALSE(action_from_answer(d, bad).is_ok()) << bad;
  }
  // An answer nested half a million deep (a 1 MB line) is refused without
  // recursing into it.
  const std::string deep =
      R"({"action":)" + std::string(500000, '[') + std::string(500000, ']') + "}";
  auto r = action_from_answer(d, deep);
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("nested deeper"), std::string::npos);
}

TEST(ArenaExternal, AMisbehavingProgramForfeitsAndNothingElseBreaks) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"garbage", "not one JSON object"},
      {"illegal", "not the id of a legal action"},
      {"hang", "no answer within the move time-out of 300 ms"},
      {"exit", "exited"},
      {"long", "longer than"},
      {"nonexistent-mode-so-it-never-answers", "time-out"},
  };
  for (const auto& [mode, message] : cases) {
    ArenaConfig c =
        config("reversi", {}, {"cmd:python3 " + kBots + "misbehave.py " + mode, "random"}, 2);
    // Only the time-out cases wait out the time-out; the others get enough
    // for python3 to start on a loaded machine (under ASan, with ctest -j2).
    const bool times_out = message.find("time-out") != std::string::npos;
    c.move_timeout = std::chrono::milliseconds(times_out ? 300 : 5000);
    for (const auto& r : run(c)) {
      EXPECT_EQ(r.end, "forfeit") << mode;
      EXPECT_EQ(r.seating[r.forfeit_seat], 0) << mode;
      EXPECT_NE(r.error.find(message), std::string::npos) << mode << ": " << r.error;
    }
  }
  // A command that does not exist: /bin/sh exits 127 without answering.
  ArenaConfig c = config("reversi", {}, {"cmd:/nonexistent/bot", "random"}, 1);
  const auto r = run(c);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].end, "forfeit");
}

TEST(ArenaShards, MergedShardsEqualOneRun) {
  ArenaConfig c = config("king-is-dead", {{"players", 3}}, {"heuristic", "random", "random"}, 7);
  const auto whole = run(c);
  auto game = all_games().create(c.game, c.options);
  std::vector<std::pair<std::string, json>> docs;
  for (int k = 0; k < 3; ++k) {
    ArenaConfig s = c;
    s.shard = k;
    s.shards = 3;
    const auto recs = run(s);
    docs.emplace_back("shard" + std::to_string(k),
                      arena_json(s, summarize(s, (*game)->metadata(), recs), recs));
  }
  auto merged = merge_arena_documents(docs);
  ASSERT_TRUE(merged.is_ok()) << merged.status().message();
  EXPECT_EQ(comparable(merged->records), comparable(whole));
  EXPECT_EQ(merged->config.games, 7);

  // The same shard twice, another arena's shard, a tampered record.
  auto dup = merge_arena_documents({docs[0], docs[0]});
  ASSERT_FALSE(dup.is_ok());
  EXPECT_NE(dup.status().message().find("appears twice"), std::string::npos);
  auto other = docs[1];
  other.second["arena"]["seed"] = "8";
  auto mixed = merge_arena_documents({docs[0], other});
  ASSERT_FALSE(mixed.is_ok());
  EXPECT_NE(mixed.status().message().find("not a shard of the same arena"), std::string::npos);
  for (const auto& [field, value] :
       std::vector<std::pair<std::string, json>>{{"seed", "12"},
                                                 {"seating", {0, 0, 1}},
                                                 {"index", 7},
                                                 {"end", "won"},
                                                 {"returns", {1, "x", 0}},
                                                 {"moves", -1},
                                                 {"think_seconds", {0.5, -1, 0}},
                                                 {"decisions", {3, 2}}}) {
    auto bad = docs[0];
    bad.second["records"][0][field] = value;
    auto m = merge_arena_documents({bad});
    EXPECT_FALSE(m.is_ok()) << field;
    if (!m.is_ok()) {
      EXPECT_NE(m.status().message().find("/records/0/" + field), std::string::npos)
          << m.status().message();
    }
  }
  // Nested deep: refused by name before anything recursive touches it (the
  // check itself stops at 32 levels, so a million-deep file is safe too).
  json deep = json::array();
  for (int i = 0; i < 1000; ++i) deep = json::array({std::move(deep)});
  auto bad = docs[0];
  bad.second["records"][0]["scores"] = std::move(deep);
  auto refused = merge_arena_documents({bad});
  ASSERT_FALSE(refused.is_ok());
  EXPECT_NE(refused.status().message().find("nested deeper than 32"), std::string::npos)
      << refused.status().message();
  EXPECT_FALSE(merge_arena_documents({{"x", json::array()}}).is_ok());
  EXPECT_FALSE(merge_arena_documents({}).is_ok());
}

// Each seat's thinking time and choices are recorded, summed by agent, kept
// through a merge; files from before they were recorded still merge.
TEST(ArenaShards, ThinkingTimeIsRecordedBySeatAndMerges) {
  ArenaConfig c = config("reversi", {}, {"searcher=level:3", "random"}, 2);
  auto game = all_games().create(c.game, c.options);
  const auto recs = run(c);
  ASSERT_EQ(recs.size(), 2u);
  for (const GameRecord& r : recs) {
    ASSERT_EQ(r.thinking.size(), 2u);
    // Every log entry after the random opening is one seat's choice.
    EXPECT_EQ(r.thinking[0].decisions + r.thinking[1].decisions, r.moves - 8);
    for (const Thinking& t : r.thinking) {
      EXPECT_GT(t.decisions, 0);
      EXPECT_GE(t.seconds, 0);
      EXPECT_LE(t.seconds, r.seconds);
    }
  }
  const ArenaSummary sum = summarize(c, (*game)->metadata(), recs);
  const auto seat_of = [](const GameRecord& r, int agent) { return r.seating[0] == agent ? 0 : 1; };
  for (int a = 0; a < 2; ++a) {
    const int64_t decisions = recs[0].thinking[seat_of(recs[0], a)].decisions +
                              recs[1].thinking[seat_of(recs[1], a)].decisions;
    EXPECT_EQ(sum.agents[a].decisions, decisions);
  }
  EXPECT_NE(format_table(c, sum).find("s/move"), std::string::npos);
  const json doc = arena_json(c, sum, recs);
  EXPECT_EQ(doc["results"]["agents"][0]["decisions"], sum.agents[0].decisions);
  auto merged = merge_arena_documents({{"now", doc}});
  ASSERT_TRUE(merged.is_ok()) << merged.status().message();
  EXPECT_EQ(merged->records[1].thinking, recs[1].thinking);
  EXPECT_NE(arena_csv(c, recs).find("seat1_think_seconds,seat1_decisions"), std::string::npos);

  json old = doc;
  for (auto& r : old["records"]) {
    r.erase("think_seconds");
    r.erase("decisions");
  }
  auto before = merge_arena_documents({{"old", old}});
  ASSERT_TRUE(before.is_ok()) << before.status().message();
  EXPECT_TRUE(before->records[0].thinking.empty());
  const ArenaSummary none = summarize(c, (*game)->metadata(), before->records);
  EXPECT_EQ(none.agents[0].decisions, 0);
  EXPECT_EQ(none.agents[0].seconds_a_move(), 0);
  // One without the other is refused by name.
  json half = doc;
  half["records"][0].erase("decisions");
  auto refused = merge_arena_documents({{"half", half}});
  ASSERT_FALSE(refused.is_ok());
  EXPECT_NE(refused.status().message().find("/records/0/decisions"), std::string::npos)
      << refused.status().message();
  // More decisions than the game had moves: refused too.
  json more = doc;
  more["records"][0]["decisions"] = {recs[0].moves, 1};
  auto too_many = merge_arena_documents({{"more", more}});
  ASSERT_FALSE(too_many.is_ok());
  EXPECT_NE(too_many.status().message().find("/records/0/decisions"), std::string::npos)
      << too_many.status().message();
}

// Files of version 1 dealt num_seats games a deal whatever the agents; they
// still merge, by their own rule, and a merge keeps it.
TEST(ArenaShards, AVersionOneFileStillMerges) {
  ArenaConfig c = config("king-is-dead", {{"players", 4}, {"teams", true}},
                         {"a=random", "b=heuristic", "a=random", "b=heuristic"}, 4);
  auto game = all_games().create(c.game, c.options);
  const auto recs = run(c);
  json doc = arena_json(c, summarize(c, (*game)->metadata(), recs), recs);
  EXPECT_EQ(doc["arena"]["version"], 2);
  EXPECT_EQ(doc["arena"]["rotations"], 2);
  auto now = merge_arena_documents({{"now", doc}});
  ASSERT_TRUE(now.is_ok()) << now.status().message();
  EXPECT_EQ(now->config.rotations, 2);

  json old = doc;
  old["arena"]["version"] = 1;
  old["arena"].erase("rotations");
  for (auto& r : old["records"]) {
    const int i = r["index"];
    r["seed"] = std::to_string(arena_game_seed(7, i, 4));
    r["seating"] = arena_seating(i, 4, 4);
  }
  auto merged = merge_arena_documents({{"old", old}});
  ASSERT_TRUE(merged.is_ok()) << merged.status().message();
  EXPECT_EQ(merged->config.rotations, 4);
  const json again =
      arena_json(merged->config, summarize(merged->config, (*game)->metadata(), merged->records),
                 merged->records);
  EXPECT_EQ(again["arena"]["rotations"], 4);
  EXPECT_TRUE(merge_arena_documents({{"again", again}}).is_ok());
  // Version 2's deals read as version 1's, and the other way: refused.
  EXPECT_FALSE(merge_arena_documents({{"now", doc}, {"old", old}}).is_ok());
  auto bad = doc;
  bad["arena"]["rotations"] = 3;
  auto m = merge_arena_documents({{"bad", bad}});
  ASSERT_FALSE(m.is_ok());
  EXPECT_NE(m.status().message().find("/arena/rotations"), std::string::npos)
      << m.status().message();
  bad["arena"]["rotations"] = 4;
  EXPECT_FALSE(merge_arena_documents({{"bad", bad}}).is_ok());  // records dealt by 2
}

// The command line: a run, its JSON merged back, and bad flags (exit 2).
int arena_command(std::vector<std::string> args) {
  CLI::App app;
  add_arena_command(app);
  std::vector<const char*> argv = {"meeple", "arena"};
  for (const auto& a : args) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), const_cast<char**>(argv.data()));
  } catch (const CLI::ParseError& e) {
    return e.get_exit_code();
  }
  return 0;
}

TEST(ArenaCommand, RunsWritesAndMerges) {
  const auto dir = std::filesystem::temp_directory_path() / "meeple_arena_cmd_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string a = (dir / "a.json").string(), b = (dir / "b.json").string(),
                    m = (dir / "m.json").string(), csv = (dir / "m.csv").string();
  EXPECT_EQ(arena_command({"reversi", "--agent", "level:1", "--agent", "random", "--games", "4",
                           "--shard", "0/2", "--quiet", "--json", a}),
            0);
  EXPECT_EQ(arena_command({"reversi", "--agent", "level:1", "--agent", "random", "--games", "4",
                           "--shard", "1/2", "--quiet", "--json", b}),
            0);
  EXPECT_EQ(arena_command({"merge", a, b, "--quiet", "--json", m, "--csv", csv}), 0);
  std::ifstream in(m);
  const json merged = json::parse(in);
  EXPECT_EQ(merged["records"].size(), 4u);
  EXPECT_EQ(merged["results"]["agents"][0]["games"], 4);
  std::ifstream lines(csv);
  int count = 0;
  for (std::string line; std::getline(lines, line);) ++count;
  EXPECT_EQ(count, 5);  // header + 4 games
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {},
           {"reversi", "--agent", "random"},
           {"reversi", "--agent", "random", "--agent", "lvl"},
           {"reversi", "--agent", "random", "--agent", "random", "--games", "0"},
           {"reversi", "--agent", "random", "--agent", "random", "--shard", "2/2"},
           {"reversi", "--agent", "random", "--agent", "random", "--shard", "1/x"},
           {"reversi", "--agent", "random", "--agent", "random", "--seed", "-3"},
           {"reversi", "--agent", "random", "--agent", "random", "--move-timeout", "0"},
           {"chess", "--agent", "random", "--agent", "random"},
           {"merge", (dir / "missing.json").string()},
       }) {
    EXPECT_EQ(arena_command(bad), 2) << json(bad).dump();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace meeple::cli
