// The Risk game object: options, validation of mode and player count, and
// creation of states (core/game.h Game).
#include "games/risk/risk_game.h"

#include <fmt/format.h>

#include "games/risk/edition_game.h"

namespace meeple::risk {

namespace {

GameInfo risk_info() {
  GameInfo info;
  info.name = "risk";
  info.title = "Risk (European Parker edition, Golden Cavalryman)";
  info.summary =
      "World conquest on 42 territories: World Domination, Secret Missions, the "
      "two-player games with passive or active neutral armies, and Team Risk.";
  info.min_seats = 2;
  info.max_seats = 6;
  info.has_chance = true;
  info.has_hidden_information = true;
  const OptionSpec mode{
      .name = "mode",
      .type = OptionType::kString,
      .default_value = "domination",
      .description =
          "domination (3-6), missions (3-6), two-player-passive (2), two-player-active (2), teams "
          "(4-6)",
      .allowed = {"domination", "missions", "two-player-passive", "two-player-active", "teams"}};
  const OptionSpec players{.name = "players",
                           .type = OptionType::kInt,
                           .default_value = 3,
                           .description = "number of players",
                           .allowed = {},
                           .min = 2,
                           .max = 6};
  info.options = {mode, players, battles_option("the armies each side loses, with the exact odds")};
  // Every way to play, for `meeple list` and /api/games with its metadata.
  for (int n = 3; n <= 6; ++n) info.variants.push_back({{"mode", "domination"}, {"players", n}});
  for (int n = 3; n <= 6; ++n) info.variants.push_back({{"mode", "missions"}, {"players", n}});
  info.variants.push_back({{"mode", "two-player-passive"}, {"players", 2}});
  info.variants.push_back({{"mode", "two-player-active"}, {"players", 2}});
  for (int n = 4; n <= 6; ++n) info.variants.push_back({{"mode", "teams"}, {"players", n}});
  return info;
}

}  // namespace

Result<std::shared_ptr<const Game>> make_game(const json& options) {
  auto config = std::make_shared<RiskConfig>();
  const std::string mode = options.value("mode", "domination");
  const int players = options.value("players", 3);
  if (mode == "domination")
    config->mode = Mode::kDomination;
  else if (mode == "missions")
    config->mode = Mode::kMissions;
  else if (mode == "two-player-passive")
    config->mode = Mode::kTwoPlayerPassive;
  else if (mode == "two-player-active")
    config->mode = Mode::kTwoPlayerActive;
  else if (mode == "teams")
    config->mode = Mode::kTeams;
  else
    return invalid_argument("risk: unknown mode '" + mode + "'");
  config->players = players;
  auto outcomes = parse_battles_option(options, "risk");
  if (!outcomes) return outcomes.status();
  config->battle_outcomes = *outcomes;
  switch (config->mode) {
    case Mode::kDomination:
    case Mode::kMissions:
      if (players < 3 || players > 6)
        return invalid_argument(fmt::format(
            "risk: mode {} is for 3 to 6 players, got {} (two players: mode two-player-passive)",
            mode, players));
      break;
    case Mode::kTwoPlayerPassive:
    case Mode::kTwoPlayerActive:
      if (players != 2)
        return invalid_argument(fmt::format(
            "risk: mode {} is for exactly 2 players, got {} (use --players 2)", mode, players));
      break;
    case Mode::kTeams:
      if (players < 4 || players > 6)
        return invalid_argument(
            fmt::format("risk: mode teams is for 4 to 6 players, got {}", players));
      break;
  }
  // The data files: a missing or broken one is the caller's error, never an abort.
  auto map = shared_world_map();
  if (!map) return map.status();
  auto edition = shared_classic_edition();
  if (!edition) return edition.status();
  config->map = *map;
  config->edition = *edition;
  return std::shared_ptr<const Game>(std::make_shared<EditionGame<RiskConfig, RiskState>>(
      risk_info(), options, config, kNumDistinctActions, risk_metadata));
}

void register_game(Registry& registry) {
  registry.add(risk_info(), make_game);
}

}  // namespace meeple::risk
