// data/goa/*.json: the counts and sourced values of goa.md §2 are what the
// files hold, and every kind of damage to a file is an error naming the file
// and the field, never an abort or an exception.
#include "games/goa/components.h"

#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "core/data_files.h"
#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using nlohmann::json;
using testing::components;

TEST(GoaComponents, TileStacksMatchTheSpec) {
  const Components& c = components();
  ASSERT_EQ(c.tiles.size(), 58u);
  int plantations[2] = {0, 0};
  for (int era = 0; era < 2; ++era) {
    ASSERT_EQ(c.era_tiles[era].size(), 29u);
    for (int t : c.era_tiles[era]) plantations[era] += c.tiles[t].is_plantation();
  }
  EXPECT_EQ(plantations[0], 15);  // A01-A15
  EXPECT_EQ(plantations[1], 10);  // B01-B10
  const TileInfo& a17 = c.tiles[c.find_tile("A17")];
  EXPECT_EQ(a17.kind, TileKind::kRecurringDucats);
  EXPECT_EQ(a17.amount, 3);  // revised value (first edition 4)
  EXPECT_EQ(c.tiles[c.find_tile("A20")].kind, TileKind::kDuty);
  EXPECT_EQ(c.tiles[c.find_tile("A20")].vp, 5);
  EXPECT_EQ(c.tiles[c.find_tile("A28")].kind, TileKind::kForeman);
  EXPECT_EQ(c.tiles[c.find_tile("A29")].kind, TileKind::kCropRotation);
  EXPECT_FALSE(c.tiles[c.find_tile("A29")].is_plantation());
  EXPECT_EQ(c.tiles[c.find_tile("A01")].spaces, 1);
  EXPECT_EQ(c.tiles[c.find_tile("A01")].spice, kClove);
  EXPECT_EQ(c.tiles[c.find_tile("B10")].spaces, 3);
  EXPECT_EQ(c.find_tile("C01"), -1);
}

TEST(GoaComponents, ProgressBoardSourcedValues) {
  const ProgressBoard& b = components().board;
  EXPECT_EQ(b.track_vp, (std::array<int, 5>{0, 1, 3, 6, 10}));
  EXPECT_EQ(b.tracks[kShipsTrack].value, (std::array<int, 5>{1, 2, 3, 5, 6}));
  EXPECT_EQ(b.tracks[kColonistsTrack].value, (std::array<int, 5>{0, 2, 4, 5, 6}));
  EXPECT_EQ(b.tracks[kTaxesTrack].value[0], 4);
  EXPECT_EQ(b.tracks[kHarvestTrack].value[0], 1);
  EXPECT_EQ(b.tracks[kHarvestTrack].value[4], 8);
  EXPECT_EQ(b.tracks[kExpeditionTrack].value[0], 1);
  EXPECT_EQ(b.tracks[kExpeditionTrack].limit[0], 1);
  EXPECT_EQ(b.tracks[kExpeditionTrack].value[3], 2);
  EXPECT_EQ(b.tracks[kExpeditionTrack].limit[3], 4);
  // The six sourced cost cells.
  EXPECT_EQ(b.tracks[kShipsTrack].cost[0][kGinger], 1);
  EXPECT_EQ(b.tracks[kHarvestTrack].cost[0][kCinnamon], 1);
  EXPECT_EQ(b.tracks[kColonistsTrack].cost[0][kClove], 1);
  EXPECT_EQ(b.tracks[kTaxesTrack].cost[1][kPepper] + b.tracks[kTaxesTrack].cost[1][kNutmeg], 2);
  for (int t = 0; t < kNumTracks; ++t)
    for (int level = 2; level <= kNumLevels; ++level) {
      EXPECT_EQ(b.spice_cost(t, level), level - 1) << t << " " << level;
      EXPECT_EQ(b.ship_cost(t, level), level - 1);
    }
}

TEST(GoaComponents, CardsColoniesBonanzaScoring) {
  const Components& c = components();
  ASSERT_EQ(c.cards.size(), 30u);
  ASSERT_EQ(c.symbols.size(), 6u);
  EXPECT_EQ(c.symbols[c.start_player_symbol], "elephant");
  std::array<int, kNumEffects> per_effect{};
  for (const ExpeditionCard& card : c.cards) {
    ++per_effect[static_cast<int>(card.effect)];
    EXPECT_GE(card.colonists, 1);
    EXPECT_LE(card.colonists, 3);
  }
  for (int n : per_effect) EXPECT_EQ(n, 3);
  ASSERT_EQ(c.colonies.size(), 4u);
  const int required[4] = {6, 8, 10, 12};
  const size_t tiles[4] = {5, 4, 5, 4};
  const int spaces[4] = {1, 1, 2, 2};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(c.colonies[i].required, required[i]);
    ASSERT_EQ(c.colonies[i].tiles.size(), tiles[i]);
    for (const ColonyTile& t : c.colonies[i].tiles) EXPECT_EQ(t.spaces, spaces[i]);
  }
  EXPECT_EQ(c.colonies[1].tiles[0].allowed, kAnySpice);  // Cochin: any spice
  EXPECT_EQ(c.colony_reveal, 2);
  EXPECT_EQ(c.colony_extra_reveal, 3);
  EXPECT_EQ(c.bonanza.size(), 8u);
  EXPECT_EQ(c.bonanza_under_corners, 4);
  EXPECT_EQ(c.scoring.colonies, (std::vector<int>{0, 1, 3, 6, 10}));
  EXPECT_EQ(c.scoring.symbols, (std::vector<int>{0, 1, 3, 6, 10, 15}));
  EXPECT_EQ(c.setup.markers.at(2), 3);
  EXPECT_EQ(c.setup.markers.at(3), 4);
  EXPECT_EQ(c.setup.markers.at(4), 5);
  EXPECT_EQ(c.setup.start_player_ducats, 5);
  EXPECT_EQ(c.setup.other_ducats, 10);
  EXPECT_EQ(c.setup.start_ships, 4);
  EXPECT_EQ(c.setup.start_colonists, 2);
}

DataFiles files() {
  DataFiles f;
  for (const auto& name : component_file_names()) {
    auto text = read_data_file("goa/" + name);
    EXPECT_TRUE(text.is_ok()) << text.status().to_string();
    f[name] = text.is_ok() ? *text : "";
  }
  return f;
}

void expect_error(const std::string& file, const std::function<void(json&)>& damage,
                  const std::string& words) {
  DataFiles f = files();
  json doc = json::parse(f[file]);
  damage(doc);
  f[file] = doc.dump();
  auto c = parse_components(f);
  ASSERT_FALSE(c.is_ok()) << words;
  EXPECT_EQ(c.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(c.status().message().find(words), std::string::npos) << c.status().message();
}

TEST(GoaComponents, DamagedFilesAreErrors) {
  expect_error(
      "tiles.json", [](json& d) { d["tiles"].erase(0); }, "/tiles");
  expect_error(
      "tiles.json", [](json& d) { d["tiles"][3]["kind"] = "dragon"; }, "/tiles/3/kind");
  expect_error(
      "tiles.json", [](json& d) { d["tiles"][0]["spice"] = "XX"; }, "/tiles/0/spice");
  expect_error(
      "tiles.json", [](json& d) { d["tiles"][1]["id"] = "A01"; }, "unique");
  expect_error(
      "tiles.json", [](json& d) { d["tiles"][0]["vp"] = 2.5; }, "/tiles/0/vp");
  expect_error(
      "tiles.json", [](json& d) { d["tiles"][0]["colour"] = 1; }, "/tiles/0/colour");
  expect_error(
      "tiles.json", [](json& d) { d["tiles"][0]["stack"] = "C"; }, "/tiles/0/stack");
  expect_error(
      "tiles.json",
      [](json& d) {
        d["tiles"][20].erase("spaces");
        d["tiles"][20]["spaces"] = 2;
      },
      "/tiles/20/spaces");
  expect_error(
      "tiles.json", [](json& d) { d["spices"][0]["id"] = "PE"; }, "/spices/0/id");
  expect_error(
      "progress_board.json", [](json& d) { d["tracks"][0]["values"][2] = 1; },
      "/tracks/0/values/2");
  expect_error(
      "progress_board.json",
      [](json& d) {
        d["tracks"][3]["values"][0] = {2, 1};
      },
      "/tracks/3/values/0");
  expect_error(
      "progress_board.json", [](json& d) { d["tracks"][1]["id"] = "ships"; }, "/tracks/1/id");
  expect_error(
      "progress_board.json", [](json& d) { d["tracks"][0]["costs"][0] = json::array(); },
      "/tracks/0/costs/0");
  expect_error(
      "progress_board.json", [](json& d) { d["row_bonus"]["rows"][0] = 7; }, "/row_bonus/rows/0");
  expect_error(
      "expedition_cards.json", [](json& d) { d["cards"][0]["symbol"] = "tiger"; },
      "each symbol on exactly 5 cards");
  expect_error(
      "expedition_cards.json", [](json& d) { d["cards"][5].erase("price"); }, "/cards/5/price");
  expect_error(
      "expedition_cards.json", [](json& d) { d["cards"][0]["colonists"] = 4; },
      "/cards/0/colonists");
  expect_error(
      "expedition_cards.json", [](json& d) { d["effects"].erase("SELL"); }, "/effects");
  expect_error(
      "colonies.json", [](json& d) { d["colonies"][0]["required"] = "six"; },
      "/colonies/0/required");
  expect_error(
      "colonies.json", [](json& d) { d["colonies"][2]["tiles"][0]["spices"][0] = 3; },
      "/colonies/2/tiles/0/spices/0");
  expect_error(
      "bonanza.json", [](json& d) { d["tiles"][0]["ships"] = -1; }, "/tiles/0/ships");
  expect_error(
      "scoring.json", [](json& d) { d["symbols"].erase(5); }, "/symbols");
  expect_error(
      "setup.json", [](json& d) { d["players"][0]["markers"] = 4; }, "/players/0/markers");
  expect_error(
      "setup.json", [](json& d) { d["eras"] = {"A"}; }, "/eras");
  expect_error(
      "setup.json", [](json& d) { d.erase("bonanza"); }, "/bonanza");
}

TEST(GoaComponents, NotJsonOrMissingFile) {
  DataFiles f = files();
  f["scoring.json"] = "{ not json";
  auto c = parse_components(f);
  ASSERT_FALSE(c.is_ok());
  EXPECT_NE(c.status().message().find("scoring.json"), std::string::npos);
  f = files();
  f.erase("colonies.json");
  c = parse_components(f);
  ASSERT_FALSE(c.is_ok());
  EXPECT_EQ(c.status().code(), StatusCode::kNotFound);
  f = files();
  f["tiles.json"] = "[1,2,3]";
  EXPECT_FALSE(parse_components(f).is_ok());
}

}  // namespace
}  // namespace meeple::goa
