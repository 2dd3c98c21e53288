// Golden logs (docs/golden.md): one seeded match per game and mode, written
// once by scripts/golden-generate.py and committed, never regenerated. Each
// must replay forever to the same ids, action JSON and text, state hashes,
// sampled dice and final result, so saved tables and published logs stay
// readable across refactors. A registered game or mode without a golden log
// fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/match.h"
#include "tests/golden/golden_files.h"

namespace meeple {
namespace {

namespace fs = std::filesystem;

json read_json_file(const fs::path& path) {
  std::ifstream in(path);
  return json::parse(in, nullptr, /*allow_exceptions=*/false);
}

// The golden file reduced to what Match::log_json() writes: game, options,
// seed, and entries with seat, action, hash (+ json for decisions). The
// extra keys ("golden", "expect", "text", a chance entry's "json") are ours.
json as_match_log(const json& golden) {
  json entries = json::array();
  for (const auto& e : golden["entries"]) {
    json je = {{"seat", e["seat"]}, {"action", e["action"]}, {"hash", e["hash"]}};
    if (e["seat"] != "chance") je["json"] = e["json"];
    entries.push_back(std::move(je));
  }
  return {{"game", golden["game"]},
          {"options", golden["options"]},
          {"seed", golden["seed"]},
          {"entries", std::move(entries)}};
}

TEST(Golden, EveryGameAndModeHasALog) {
  std::vector<std::string> missing;
  for (const auto& mode : golden::registered_modes(golden::registry())) {
    if (!fs::exists(golden::path_of(mode)))
      missing.push_back(mode.game + "/" + mode.name + " (options " + mode.options.dump() + ")");
  }
  std::string list;
  for (const auto& m : missing) list.append("\n  ").append(m);
  EXPECT_TRUE(missing.empty())
      << "registered games and modes without a golden log (write one with "
         "scripts/golden-generate.py --only GAME/MODE, see docs/golden.md):"
      << list;
}

TEST(Golden, EveryLogIsForARegisteredMode) {
  // A stray or misnamed file would pin nothing: each must be the log of the
  // mode its name says. Options are compared as the registry completes them:
  // a log written before an option existed (Risk's "battles") has its default.
  for (const auto& path : golden::golden_files()) {
    const json g = read_json_file(path);
    ASSERT_TRUE(g.is_object()) << path << ": not a JSON object";
    bool found = false;
    for (const auto& mode : golden::registered_modes(golden::registry())) {
      if (golden::path_of(mode) != path) continue;
      auto logged = golden::registry().create(mode.game, g["options"]);
      found = found || (logged.is_ok() &&
                        golden::registry().create(mode.game, mode.options).value()->options() ==
                            (*logged)->options());
    }
    EXPECT_TRUE(found) << path << " is not the log of a registered game and mode (options "
                       << g["options"].dump() << ")";
  }
}

class GoldenLog : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenLog, ReplaysToTheSameIdsJsonHashesDiceAndResult) {
  const fs::path path = GetParam();
  const json g = read_json_file(path);
  ASSERT_TRUE(g.is_object() && g.contains("entries") && g.contains("expect")) << path;
  const json& expect = g["expect"];

  // 1. Match::replay: every hash, and every chance outcome must be what the
  //    seed's RNG samples at that point (none is supplied by hand).
  const json log = as_match_log(g);
  auto replayed = Match::replay(log, golden::registry());
  ASSERT_TRUE(replayed.is_ok()) << path << ": " << replayed.status().to_string();
  const Match& m = *replayed;
  ASSERT_EQ(m.log().size(), g["entries"].size());
  for (const auto& e : m.log()) EXPECT_FALSE(e.supplied);
  // The log the match writes today is the log that was written then.
  EXPECT_EQ(m.log_json()["entries"], log["entries"]);

  // 2. Step by step: the seat to move, each id legal (or a listed chance
  //    outcome), its JSON and text, and the hash after it.
  auto game = golden::registry().create(g["game"].get<std::string>(), g["options"]);
  ASSERT_TRUE(game.is_ok()) << game.status().to_string();
  auto s = (*game)->new_initial_state();
  size_t i = 0;
  for (const auto& e : g["entries"]) {
    SCOPED_TRACE(path.string() + " entry " + std::to_string(i + 1) + ": " + e.dump());
    const Action a = e["action"].get<Action>();
    if (e["seat"] == "chance") {
      ASSERT_TRUE(s->is_chance());
      bool listed = false;
      for (const auto& o : s->chance_outcomes()) listed = listed || o.action == a;
      ASSERT_TRUE(listed);
    } else {
      ASSERT_EQ(json(s->current_player()), e["seat"]);
      ASSERT_TRUE(s->is_legal(a));
    }
    EXPECT_EQ(s->action_to_json(a), e["json"]);
    EXPECT_EQ(s->action_to_string(a), e["text"].get<std::string>());
    s->apply(a);
    ASSERT_EQ(hash_to_hex(s->hash()), e["hash"].get<std::string>());
    ++i;
  }

  // 3. The end: the same position, result and scores.
  EXPECT_EQ(hash_to_hex(m.state().hash()), expect["hash"].get<std::string>());
  EXPECT_EQ(m.state().is_terminal(), expect["terminal"].get<bool>());
  EXPECT_EQ(m.log().size(), expect["moves"].get<size_t>());
  if (expect["terminal"].get<bool>()) {
    EXPECT_EQ(json(m.state().returns()), expect["returns"]);
    EXPECT_EQ(m.state().scores(), expect["scores"]);
  }
}

std::vector<std::string> golden_file_names() {
  std::vector<std::string> out;
  for (const auto& p : golden::golden_files()) out.push_back(p.string());
  return out;
}

// "…/risk/teams-4.json" -> "risk_teams_4"
std::string test_name(const ::testing::TestParamInfo<std::string>& param) {
  const fs::path p = param.param;
  std::string name = p.parent_path().filename().string() + "_" + p.stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Files, GoldenLog, ::testing::ValuesIn(golden_file_names()), test_name);

}  // namespace
}  // namespace meeple
