// State documents the loader must refuse (found by mutating real states, as
// python/tests/test_errors.py does; the fuzz target's regression inputs in
// fuzz/regressions/state_from_json_risk_2008/): each once loaded and then
// broke the contract (a negative setup_left that did not load back; a
// selection of cards nobody held, which determinize dealt out).
#include <gtest/gtest.h>

#include <fstream>

#include "games/risk_2008/risk_2008_game.h"

namespace meeple::risk::state2008 {
namespace {

json regression_document(const std::string& name) {
  std::ifstream in(std::string(MEEPLE_SOURCE_DIR) + "/fuzz/regressions/state_from_json_risk_2008/" +
                   name);
  return json::parse(in, nullptr, /*allow_exceptions=*/false);
}

void expect_refused(const std::string& file, const json& options, const std::string& reason) {
  const json doc = regression_document(file);
  ASSERT_FALSE(doc.is_discarded()) << file;
  auto game = make_risk_2008_game(options);
  ASSERT_TRUE(game.is_ok()) << game.status().message();
  auto loaded = (*game)->state_from_json(doc);
  ASSERT_FALSE(loaded.is_ok()) << file;
  EXPECT_NE(loaded.status().message().find(reason), std::string::npos) << loaded.status().message();
}

TEST(Risk2008Loader, ClaimsNeedTheirStartingTroops) {
  expect_refused("claim_without_starting_troops.json", {{"mode", "basic-training"}, {"players", 3}},
                 "\"setup_left\": seat 2 has 0 starting troops left");
}

TEST(Risk2008Loader, ASelectionIsOfTheActivePlayersCards) {
  expect_refused("selected_cards_nobody_holds.json", {{"mode", "basic-training"}, {"players", 4}},
                 "\"selected\": cards the active player does not hold");
}

}  // namespace
}  // namespace meeple::risk::state2008
