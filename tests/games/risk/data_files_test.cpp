// Broken data files are errors, never an abort or an exception through the
// host: every kind of damage to data/risk/map.json and classic.json is a
// Status that says what is wrong (a library must never kill its host).
#include "core/data_files.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>

#include "games/risk/cards.h"
#include "games/risk/map.h"
#include "tests/games/risk/risk_data.h"

namespace meeple::risk {
namespace {

using nlohmann::json;

json data(const char* file) {
  auto text = read_data_file(std::string("risk/") + file);
  EXPECT_TRUE(text.is_ok()) << text.status().to_string();
  return json::parse(*text);
}

void expect_map_error(const std::function<void(json&)>& damage, const std::string& words) {
  json doc = data("map.json");
  damage(doc);
  auto m = Map::parse(doc.dump());
  ASSERT_FALSE(m.is_ok()) << words;
  EXPECT_EQ(m.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(m.status().message().find(words), std::string::npos) << m.status().message();
}

void expect_edition_error(const std::function<void(json&)>& damage, const std::string& words) {
  json doc = data("classic.json");
  damage(doc);
  auto e = Edition::parse(doc.dump(), world_map());
  ASSERT_FALSE(e.is_ok()) << words;
  EXPECT_EQ(e.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(e.status().message().find(words), std::string::npos) << e.status().message();
}

TEST(RiskDataFiles, TheShippedFilesLoad) {
  ASSERT_TRUE(Map::parse(data("map.json").dump()).is_ok());
  ASSERT_TRUE(Edition::parse(data("classic.json").dump(), world_map()).is_ok());
  ASSERT_TRUE(shared_world_map().is_ok());
  ASSERT_TRUE(shared_classic_edition().is_ok());
}

TEST(RiskDataFiles, ABrokenMapIsAnError) {
  EXPECT_FALSE(Map::parse("not json").is_ok());
  EXPECT_FALSE(Map::parse("[]").is_ok());
  expect_map_error([](json& d) { d["continents"][0]["id"] = 7; }, "a continent needs id");
  expect_map_error([](json& d) { d["continents"][0]["bonus"] = "five"; }, "'bonus' must be");
  expect_map_error([](json& d) { d["continents"][0]["bonus"] = true; }, "'bonus' must be");
  expect_map_error([](json& d) { d["continents"][1]["territories"] = 2.5; }, "'territories' 1..42");
  expect_map_error([](json& d) { d["territories"][3].erase("adjacent"); }, "adjacent (a list)");
  expect_map_error([](json& d) { d["territories"][3]["adjacent"] = "alaska"; },
                   "adjacent (a list)");
  expect_map_error([](json& d) { d["territories"][3]["adjacent"][0] = 4; }, "is not an id");
  expect_map_error([](json& d) { d["territories"][3]["adjacent"].push_back("atlantis"); },
                   "unknown neighbour 'atlantis'");
  expect_map_error([](json& d) { d["territories"][3]["id"] = 12; }, "mistyped");
  expect_map_error([](json& d) { d["territories"][3] = 12; }, "adjacent (a list)");
  expect_map_error([](json& d) { d["territories"].erase(0); }, "41 territories");
}

TEST(RiskDataFiles, ABrokenEditionIsAnError) {
  EXPECT_FALSE(Edition::parse("{", world_map()).is_ok());
  expect_edition_error([](json& d) { d["golden_cavalryman"]["track"] = json::array(); },
                       "non-empty list");
  expect_edition_error([](json& d) { d["golden_cavalryman"]["track"][2] = "x"; },
                       "'golden_cavalryman.track' must be an integer");
  expect_edition_error([](json& d) { d["golden_cavalryman"]["track"][0] = 0; },
                       "'golden_cavalryman.track' must be an integer 1..1000");
  expect_edition_error([](json& d) { d["fixed_set_values"]["one_each"] = 10.5; },
                       "'fixed_set_values.one_each'");
  // Fewer starting armies than a player's share of the 42 claims.
  expect_edition_error([](json& d) { d["start_armies"]["3"] = 13; }, "'start_armies.3' must be");
  expect_edition_error([](json& d) { d["start_armies"]["6"] = true; }, "'start_armies.6' must be");
  // A deal that sums to 42 with a negative share, or five neutrals.
  expect_edition_error(
      [](json& d) {
        d["two_player"]["deal_player"] = -3;
        d["two_player"]["deal_neutral"] = 12;
      },
      "'two_player.deal_player'");
  expect_edition_error([](json& d) { d["two_player"]["neutral_count"] = 5; },
                       "'two_player.neutral_count' must be an integer 4..4");
  expect_edition_error([](json& d) { d["two_player"]["placement_own"] = 0; },
                       "'two_player.placement_own'");
  expect_edition_error([](json& d) { d["two_player"]["player_armies"] = 8; },
                       "'two_player.player_armies'");
  expect_edition_error([](json& d) { d["missions"]["cards"][0]["rank"] = 3; }, "mistyped");
  expect_edition_error([](json& d) { d["missions"]["cards"][0]["status"] = 5; }, "mistyped");
  expect_edition_error([](json& d) { d["cards"]["territory_symbols"]["alaska"] = 1; }, "mistyped");
  expect_edition_error([](json& d) { d["missions"]["cards"].erase(0); }, "27 missions");
  // The rule constants (§5.9): a forced trade needs a hand that always holds
  // a set, so thresholds below five cards would stall the game.
  expect_edition_error([](json& d) { d["reinforcement"]["minimum"] = 0; },
                       "'reinforcement.minimum' must be an integer 1..1000");
  expect_edition_error([](json& d) { d["reinforcement"]["divisor"] = 0; },
                       "'reinforcement.divisor'");
  expect_edition_error([](json& d) { d["reinforcement"].erase("divisor"); }, "mistyped");
  expect_edition_error([](json& d) { d["trading"]["mandatory_at"] = 4; },
                       "'trading.mandatory_at' must be an integer 5..44");
  expect_edition_error([](json& d) { d["trading"]["elimination_until"] = 3; },
                       "'trading.elimination_until'");
  expect_edition_error([](json& d) { d["trading"]["elimination_above"] = 3; },
                       "'trading.elimination_above' must be an integer 4..44");
  expect_edition_error([](json& d) { d["active_neutrals"]["bribe_cap"] = 0; },
                       "'active_neutrals.bribe_cap'");
  expect_edition_error([](json& d) { d["active_neutrals"]["status_shift_faces"] = 4; },
                       "status_shift_faces must be a list");
  expect_edition_error([](json& d) { d["active_neutrals"]["status_shift_faces"][0] = 7; },
                       "'active_neutrals.status_shift_faces' must be an integer 1..6");
  // Card and mission counts may only restate what the ids are sized for.
  expect_edition_error([](json& d) { d["cards"]["per_symbol"] = 13; },
                       "'cards.per_symbol' must be an integer 14..14");
  expect_edition_error([](json& d) { d["missions"]["per_rank"] = 6; },
                       "'missions.per_rank' must be an integer 7..7");
  expect_edition_error([](json& d) { d["missions"]["reveal_last_after"] = 5; },
                       "'missions.reveal_last_after'");
  const json edition = data("classic.json");
  for (const auto& [field, value] : edition["missions"]["cards"][20].items()) {
    (void)value;
    if (field == "territories" || field == "min_armies" || field == "continents_min" ||
        field == "conquests")
      expect_edition_error([f = field](json& d) { d["missions"]["cards"][20][f] = -1; }, "mission");
  }
}

TEST(RiskDataFiles, AMissingDataFolderIsNotFound) {
  const char* old = std::getenv("MEEPLE_DATA_DIR");
  const std::string saved = old ? old : "";
  const auto empty = std::filesystem::temp_directory_path() / "meeple-no-data";
  std::filesystem::create_directories(empty);
  setenv("MEEPLE_DATA_DIR", empty.c_str(), 1);
  auto m = load_world_map();
  if (old)
    setenv("MEEPLE_DATA_DIR", saved.c_str(), 1);
  else
    unsetenv("MEEPLE_DATA_DIR");
  ASSERT_FALSE(m.is_ok());
  EXPECT_EQ(m.status().code(), StatusCode::kNotFound);
  EXPECT_NE(m.status().message().find("map.json"), std::string::npos) << m.status().message();
}

}  // namespace
}  // namespace meeple::risk
