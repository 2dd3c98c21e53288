// The board and cards data (shared/rules/king_is_dead.md §2-§4): the map
// checks the spec asks for (§3.2), the derived Support targets (§3.4), and
// broken data files giving errors that say what is wrong.
#include "games/king_is_dead/board.h"

#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "core/data_files.h"

namespace meeple::king_is_dead {
namespace {

using nlohmann::json;

json data(const char* file) {
  auto text = read_data_file(std::string("king_is_dead/") + file);
  EXPECT_TRUE(text.is_ok()) << text.status().to_string();
  return json::parse(*text);
}

const Board& board() {
  static const Board b = *Board::parse(data("board.json").dump(), data("cards.json").dump());
  return b;
}

TEST(KidBoard, TheShippedFilesLoad) {
  ASSERT_TRUE(shared_board().is_ok()) << shared_board().status().to_string();
}

TEST(KidBoard, ThirteenSymmetricBordersAndTheSpecsChecks) {
  const Board& b = board();
  int degree_sum = 0;
  for (int r = 0; r < kNumRegions; ++r) {
    EXPECT_FALSE(b.borders_on(r, r));
    for (int q = 0; q < kNumRegions; ++q) {
      EXPECT_EQ(b.borders_on(r, q), b.borders_on(q, r));
      degree_sum += b.borders_on(r, q);
    }
  }
  EXPECT_EQ(degree_sum, 26);
  auto r = [&](const char* id) { return b.find_region(id); };
  EXPECT_EQ(b.borders[static_cast<size_t>(r("moray"))], 1u << r("strathclyde"));
  for (int q = 0; q < kNumRegions; ++q) {
    int deg = 0;
    for (int x = 0; x < kNumRegions; ++x) deg += b.borders_on(q, x);
    EXPECT_EQ(deg == 5, q == r("warwick"));
  }
  const std::pair<const char*, const char*> non_borders[] = {
      {"moray", "northumbria"}, {"strathclyde", "warwick"}, {"lancaster", "essex"},
      {"lancaster", "devon"},   {"gwynedd", "essex"},       {"northumbria", "devon"}};
  for (auto [a, c] : non_borders) EXPECT_FALSE(b.borders_on(r(a), r(c))) << a << "-" << c;
  EXPECT_TRUE(b.borders_on(r("gwynedd"), r("lancaster")));
  EXPECT_TRUE(b.borders_on(r("devon"), r("essex")));
  EXPECT_EQ(b.home[kScots], r("moray"));
  EXPECT_EQ(b.home[kWelsh], r("gwynedd"));
  EXPECT_EQ(b.home[kEnglish], r("essex"));
  EXPECT_EQ(b.followers_per_faction[2], 16);
  EXPECT_EQ(b.followers_per_faction[3], 18);
  EXPECT_EQ(b.supply_after_setup[4], 14);
  EXPECT_EQ(b.basic_hand.size(), 8u);
  EXPECT_EQ(b.card_name[kBetrayal].find("UNVERIFIED") != std::string::npos, true);
}

void expect_error(const char* file, const std::function<void(json&)>& damage,
                  const std::string& words) {
  json bj = data("board.json"), cj = data("cards.json");
  damage(std::string(file) == "board.json" ? bj : cj);
  auto b = Board::parse(bj.dump(), cj.dump());
  ASSERT_FALSE(b.is_ok()) << words;
  EXPECT_EQ(b.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(b.status().message().find(words), std::string::npos) << b.status().message();
}

TEST(KidBoard, BrokenFilesAreErrors) {
  expect_error(
      "board.json", [](json& j) { j["regions"][0]["borders"] = json::array(); },
      "listed one way only");
  expect_error(
      "board.json", [](json& j) { j["regions"][1]["borders"].push_back("camelot"); },
      "unknown neighbour");
  expect_error(
      "board.json", [](json& j) { j["regions"][1]["borders"].push_back("strathclyde"); },
      "borders itself");
  expect_error(
      "board.json", [](json& j) { j["regions"].erase(7); }, "8 regions");
  expect_error(
      "board.json", [](json& j) { j["factions"][0]["home"] = "gwynedd"; }, "share a home");
  expect_error(
      "board.json", [](json& j) { j["followers_per_faction"]["3"] = 17; }, "supply_after_setup");
  expect_error(
      "board.json", [](json& j) { j["home_followers"] = "two"; }, "home_followers");
  expect_error(
      "board.json", [](json& j) { j = json::array(); }, "not a JSON object");
  expect_error(
      "cards.json", [](json& j) { j["cards"][3]["id"] = "parley"; }, "negotiate");
  expect_error(
      "cards.json", [](json& j) { j["basic_hand"].push_back("assemble"); }, "8 cards");
  expect_error(
      "cards.json", [](json& j) { j["advanced_hand"][0] = "welsh_support"; }, "other than Support");
  expect_error(
      "cards.json", [](json& j) { j["region_cards"][0] = "devon"; }, "every region");
  expect_error(
      "cards.json", [](json& j) { j["basic_hand"][0] = 5; }, "unknown card");
  EXPECT_FALSE(Board::parse("{", "{}").is_ok());
}

}  // namespace
}  // namespace meeple::king_is_dead
