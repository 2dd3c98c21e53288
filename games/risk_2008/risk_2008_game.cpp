// The Risk 2008 game object: options, validation and creation of states.
#include "games/risk_2008/risk_2008_game.h"

#include <fmt/format.h>

#include "games/risk/edition_game.h"

namespace meeple::risk {

namespace {

GameInfo risk_2008_info() {
  GameInfo info;
  info.name = "risk-2008";
  info.title = "Risk (2008 edition)";
  info.summary =
      "The 2008 redesign for 3-5 players: capitals, cities, star cards, public objectives "
      "with rewards (Command Room) or a fixed introductory board (Basic Training); "
      "World Conquest [UNVERIFIED] plays to the last player left.";
  info.min_seats = 3;
  info.max_seats = 5;
  info.has_chance = true;
  info.has_hidden_information = true;
  const OptionSpec mode{
      .name = "mode",
      .type = OptionType::kString,
      .default_value = "command-room",
      .description =
          "command-room (random set-up, rewards), basic-training (fixed set-up) or "
          "world-conquest [UNVERIFIED] (Command Room without objectives or rewards; the last "
          "player left wins)",
      .allowed = {"command-room", "basic-training", "world-conquest"}};
  const OptionSpec players{.name = "players",
                           .type = OptionType::kInt,
                           .default_value = 3,
                           .description = "number of players",
                           .allowed = {},
                           .min = 3,
                           .max = 5};
  info.options = {mode, players,
                  battles_option("the troops each side loses, with the exact odds of its dice, "
                                 "bonus dice and airfields")};
  for (const char* m : {"command-room", "basic-training", "world-conquest"})
    for (int n = 3; n <= 5; ++n) info.variants.push_back({{"mode", m}, {"players", n}});
  return info;
}

GameMetadata risk_2008_metadata(const Risk2008Config& config, GameMetadata m) {
  m.chance_mode = ChanceMode::kExplicitStochastic;
  m.information = Information::kImperfect;  // hands and the draw pile
  // One winner (1), everyone else -1; no draws.
  m.utility = Utility::kConstantSum;
  m.utility_sum = 1.0 - (config.players - 1);
  m.min_utility = -1;
  m.max_utility = 1;
  m.max_game_length = kUnboundedLength;
  m.practical_game_length = kRisk2008PracticalLength;
  m.max_chance_outcomes = kNumTerritories;  // a city card or a draw from a full deck
  return m;
}

}  // namespace

Result<std::shared_ptr<const Game>> make_risk_2008_game(const json& options) {
  auto config = std::make_shared<Risk2008Config>();
  const std::string mode = options.value("mode", "command-room");
  if (mode != "command-room" && mode != "basic-training" && mode != "world-conquest")
    return invalid_argument("risk-2008: unknown mode '" + mode + "'");
  config->mode = mode == "basic-training"   ? Mode2008::kBasicTraining
                 : mode == "world-conquest" ? Mode2008::kWorldConquest  // §13 [UNVERIFIED]
                                            : Mode2008::kCommandRoom;
  config->players = options.value("players", 3);
  if (config->players < 3 || config->players > 5)
    return invalid_argument(fmt::format("risk-2008: 3 to 5 players, got {}", config->players));
  auto outcomes = parse_battles_option(options, "risk-2008");
  if (!outcomes) return outcomes.status();
  config->battle_outcomes = *outcomes;
  // The data files: a missing or broken one is the caller's error.
  auto map = shared_world_map();
  if (!map) return map.status();
  auto edition = shared_2008_edition();
  if (!edition) return edition.status();
  config->map = *map;
  config->edition = *edition;
  return std::shared_ptr<const Game>(std::make_shared<EditionGame<Risk2008Config, Risk2008State>>(
      risk_2008_info(), options, config, r2008::kNumDistinctActions, risk_2008_metadata));
}

void register_risk_2008(Registry& registry) {
  registry.add(risk_2008_info(), make_risk_2008_game);
}

}  // namespace meeple::risk
