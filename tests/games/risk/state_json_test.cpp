// A Risk state from outside is checked field by field (games/risk/state_json.cpp):
//  * every state reached in seeded random playouts of every mode loads and
//    round-trips (same JSON, same hash);
//  * table-driven: every field of such states, in every phase reached,
//    mutated to a wrong type, out of range, missing or unknown, is an error
//    that names the field by its path — never a crash;
//  * the inconsistent states found in issue 9 (a mission index of 99, a
//    move-in from territory 5000, sets_traded -3, a move-in with no move) and
//    other impossible combinations are precise errors.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/match.h"
#include "risk_helpers.h"

namespace meeple::risk {
namespace {

struct ModeCase {
  const char* mode;
  int players;
};
const ModeCase kModes[] = {
    {"domination", 3}, {"domination", 6},         {"missions", 4},         {"teams", 4},
    {"teams", 5},      {"two-player-passive", 2}, {"two-player-active", 2}};

// Every state of a few seeded random playouts (random decisions, sampled
// chance), capped in length: random Risk rarely ends, but it visits the phases.
std::vector<json> playout_states(const ModeCase& mc, int games, int steps) {
  auto game = test::make(mc.mode, mc.players);
  std::vector<json> out;
  for (int g = 0; g < games; ++g) {
    Match m = Match::start(game, 1000 + g);
    Rng rng(77 + g);
    for (int i = 0; i < steps && !m.state().is_terminal(); ++i) {
      out.push_back(m.state().to_json());
      if (m.state().is_chance()) {
        m.sample_chance();
      } else {
        const auto legal = m.state().legal_actions();
        EXPECT_TRUE(m.act(legal[rng.below(legal.size())]).is_ok());
      }
    }
    out.push_back(m.state().to_json());
  }
  return out;
}

// One state per phase reached (the last seen), for the mutation tables.
std::map<std::string, json> one_per_phase(const std::vector<json>& states) {
  std::map<std::string, json> out;
  for (const auto& s : states) out[s["phase"].get<std::string>()] = s;
  return out;
}

// Every leaf of a document with its JSON-pointer path.
void leaves(const json& j, const std::string& path, std::vector<std::string>& out) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) leaves(v, path + "/" + k, out);
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) leaves(j[i], path + "/" + std::to_string(i), out);
  } else {
    out.push_back(path);
  }
}

Status load(const Game& game, const json& j) {
  auto s = game.state_from_json(j);
  return s ? Status::ok() : s.status();
}

void expect_error_naming(const Game& game, const json& j, const std::string& path,
                         const std::string& context) {
  const Status st = load(game, j);
  ASSERT_FALSE(st.is_ok()) << context << ": loaded";
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << context;
  EXPECT_NE(st.message().find("risk state " + path), std::string::npos)
      << context << ": " << st.message();
}

TEST(RiskStateJson, EveryPlayoutStateRoundTrips) {
  for (const auto& mc : kModes) {
    auto game = test::make(mc.mode, mc.players);
    const auto states = playout_states(mc, 3, 1500);
    std::set<std::string> phases;
    for (const auto& j : states) {
      auto s = game->state_from_json(j);
      ASSERT_TRUE(s.is_ok()) << mc.mode << " " << j["phase"] << ": " << s.status().to_string();
      ASSERT_EQ((*s)->to_json(), j) << mc.mode;
      phases.insert(j["phase"].get<std::string>());
      // A reloaded state hashes and continues exactly like the original.
      auto again = game->state_from_json(json::parse(j.dump()));
      ASSERT_TRUE(again.is_ok());
      ASSERT_EQ((*again)->hash(), (*s)->hash());
    }
    EXPECT_GE(phases.size(), 6u) << mc.mode << ": the playouts should visit many phases";
  }
}

TEST(RiskStateJson, TheFormatVersionIsWrittenAndVersionOneStillLoads) {
  auto game = test::make("domination", 3);
  const json j = game->new_initial_state()->to_json();
  EXPECT_EQ(j["format"], kRiskStateFormat);
  json v1 = j;
  v1.erase("format");  // today's documents before the version field
  auto s = game->state_from_json(v1);
  ASSERT_TRUE(s.is_ok()) << s.status().to_string();
  EXPECT_EQ((*s)->hash(), game->new_initial_state()->hash());
  json future = j;
  future["format"] = kRiskStateFormat + 1;
  expect_error_naming(*game, future, "/format", "a newer format");
}

TEST(RiskStateJson, EveryFieldMutatedIsAnErrorNamingIt) {
  // Wrong type, fraction, below and above every range; one table per mode
  // (the player counts share the code), one state per phase reached.
  const json bad_values[] = {json("x"), json(1.5), json(-1'000'000'000'000),
                             json(uint64_t{1} << 62)};
  for (const ModeCase& mc : {kModes[0], kModes[2], kModes[3], kModes[5], kModes[6]}) {
    auto game = test::make(mc.mode, mc.players);
    for (const auto& [phase, state] : one_per_phase(playout_states(mc, 1, 600))) {
      std::vector<std::string> paths;
      leaves(state, "", paths);
      for (const auto& path : paths) {
        const json::json_pointer ptr(path);
        for (const auto& bad : bad_values) {
          json j = state;
          j[ptr] = bad;
          expect_error_naming(*game, j, path,
                              std::string(mc.mode) + " " + phase + " " + path + "=" + bad.dump());
        }
      }
      for (const auto& [field, value] : state.items()) {
        // Optional: absent means version 1; no remembered bribe givers.
        if (field == "format" || field == "bribes_given") continue;
        json j = state;
        j.erase(field);
        expect_error_naming(*game, j, "/" + field, std::string(mc.mode) + " without " + field);
      }
      json j = state;
      j["cheat"] = true;
      expect_error_naming(*game, j, "/cheat", "an unknown field");
    }
  }
}

// A state of `mode` in `phase` from the playouts.
json state_in(const ModeCase& mc, const std::string& phase) {
  for (const auto& s : playout_states(mc, 3, 1500))
    if (s["phase"] == phase) return s;
  ADD_FAILURE() << "no " << phase << " state in " << mc.mode << " playouts";
  return json::object();
}

TEST(RiskStateJson, TheCrashesOfIssue9AreErrors) {
  auto missions = test::make("missions", 4);
  json j = state_in({"missions", 4}, "attack");
  j["missions"][0][0] = 99;
  expect_error_naming(*missions, j, "/missions/0/0", "mission 99");
  j = state_in({"missions", 4}, "attack");
  j["missions"][1][2] = j["missions"][0][2];  // dealt twice
  expect_error_naming(*missions, j, "/missions/", "a mission dealt twice");
  j = state_in({"missions", 4}, "attack");
  j["missions"][0][0] = j["missions"][0][1];  // a mission of the wrong rank
  expect_error_naming(*missions, j, "/missions/0/0", "a mission in the wrong rank");

  auto game = test::make("domination", 3);
  const json move_in = state_in({"domination", 3}, "move_in");
  j = move_in;
  j["move"] = {5000, 7000, 0, 0};
  expect_error_naming(*game, j, "/move/0", "a move from territory 5000");
  j = move_in;
  j["move"] = {-1, -1, 0, 0};
  expect_error_naming(*game, j, "/move", "a move-in with no move");
  j = move_in;
  j["move"][2] = 0;  // fewer than the armies that attacked
  expect_error_naming(*game, j, "/move/2", "a move-in below its minimum");
  j = state_in({"domination", 3}, "reinforce");
  j["sets_traded"] = -3;
  expect_error_naming(*game, j, "/sets_traded", "sets_traded -3");
}

TEST(RiskStateJson, ImpossibleCombinationsAreErrors) {
  auto game = test::make("domination", 3);
  {
    // Found by fuzzing: the roll before the claims loaded with deal_index 5,
    // and the claim phase it leads to was a state that did not load back.
    json j = state_in({"domination", 3}, "roll_first");
    ASSERT_EQ(j["deal_index"], 0);
    j["deal_index"] = 5;
    expect_error_naming(*game, j, "/deal_index", "claims counted before the claims");
    // And a seat with fewer armies to place than the set-up gives it.
    j["deal_index"] = 0;
    j["setup_left"][2] = 0;
    expect_error_naming(*game, j, "/setup_left/2", "starting armies lost before the claims");
  }
  const json attack = state_in({"domination", 3}, "attack");
  json j = attack;
  j["winner"] = 1;
  expect_error_naming(*game, j, "/winner", "a winner before the end");
  j = attack;
  j["phase"] = "bribe";
  expect_error_naming(*game, j, "/phase", "a phase of another mode");
  j = attack;
  j["phase"] = "game_over";
  expect_error_naming(*game, j, "/winner", "the end without a winner");
  j = attack;
  j["eliminated"][j["active"].get<int>()] = true;
  expect_error_naming(*game, j, "/active", "an eliminated player to move");
  j = attack;
  const int other = (j["active"].get<int>() + 1) % 3;
  j["eliminated"][other] = true;
  expect_error_naming(*game, j, "/eliminated/" + std::to_string(other),
                      "an eliminated player with territories");
  j = attack;
  j["armies"][5] = 0;
  expect_error_naming(*game, j, "/armies/5", "a held territory without armies");
  j = attack;
  j["owner"][5] = -1;
  expect_error_naming(*game, j, "/armies/5", "armies on nobody's territory");
  j = attack;
  {
    // A card also in a hand that does not hold it.
    CardMask elsewhere =
        j["deck"].get<uint64_t>() | j["discard"].get<uint64_t>() | j["hands"][0].get<uint64_t>();
    elsewhere &= ~j["hands"][1].get<uint64_t>();
    ASSERT_NE(elsewhere, 0u);
    j["hands"][1] = j["hands"][1].get<uint64_t>() | (elsewhere & (~elsewhere + 1));
    expect_error_naming(*game, j, "/hands", "a card in two places");
  }
  j = attack;
  j["deck"] = 0;
  j["discard"] = 0;
  expect_error_naming(*game, j, "/deck", "cards that are nowhere");
  j = attack;
  j["reinforcements"] = 7;
  expect_error_naming(*game, j, "/reinforcements", "reinforcements left while attacking");
  j = attack;
  j["battle"] = {5, 5, 3, 2, 0};
  j["phase"] = "roll_dice";
  expect_error_naming(*game, j, "/battle", "a battle between territories not adjacent");
  j = attack;
  j["must_trade"] = true;
  expect_error_naming(*game, j, "/must_trade", "a mandatory trade while attacking");
  j = attack;
  j["phase"] = "draw_card";
  j["conquests_this_turn"] = 0;
  expect_error_naming(*game, j, "/conquests_this_turn", "a card without a conquest");

  auto active = test::make("two-player-active", 2);
  j = state_in({"two-player-active", 2}, "attack");
  j["phase"] = "status_roll";
  j["allies"][0] = 0;
  expect_error_naming(*active, j, "/allies/0", "a status roll with no neutral involved");
  j = state_in({"two-player-active", 2}, "attack");
  j["phase"] = "ally_place";
  j["reinforcements"] = 3;
  j["allies"][2] = -1;
  expect_error_naming(*active, j, "/allies/2", "an ally's placement with no ally");
  j = state_in({"two-player-active", 2}, "attack");
  j["bribes"][0] = 1;
  expect_error_naming(*active, j, "/bribes/0", "bribes under a player");

  auto teams = test::make("teams", 4);
  j = state_in({"teams", 4}, "attack");
  for (int t = 0; t < kNumTerritories; ++t) {
    auto& st = j["stacks"][t];
    if (st[0].get<int>() > 0) {
      st[1] = 1;  // a seat of the other team joins
      j["armies"][t] = j["armies"][t].get<int>() + 1;
      expect_error_naming(*teams, j, "/stacks/" + std::to_string(t), "two teams on a territory");
      break;
    }
  }
  j = state_in({"teams", 4}, "attack");
  j["stacks"][0][5] = 2;  // no seat 5 at a 4-player table
  expect_error_naming(*teams, j, "/stacks/0/5", "armies of a seat not at the table");
}

}  // namespace
}  // namespace meeple::risk
