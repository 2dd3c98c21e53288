// The Risk game object: options, validation of mode and player count, and
// creation of states (core/game.h Game).
#include "games/risk/risk_game.h"

#include <fmt/format.h>

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
  const OptionSpec battles{
      .name = "battles",
      .type = OptionType::kString,
      .default_value = "dice",
      .description =
          "dice (each die a chance outcome, as rolled at a table) or outcomes (each roll one "
          "outcome: the armies each side loses, with the exact odds; for search and simulation)",
      .allowed = {}};
  // No list of allowed values on purpose: that would make it a way to play,
  // enumerated as modes with golden logs of their own (tests/golden); it is
  // how chance is presented, checked in make_game.
  info.options = {mode, players, battles};
  // Every way to play, for `meeple list` and /api/games with its metadata.
  for (int n = 3; n <= 6; ++n) info.variants.push_back({{"mode", "domination"}, {"players", n}});
  for (int n = 3; n <= 6; ++n) info.variants.push_back({{"mode", "missions"}, {"players", n}});
  info.variants.push_back({{"mode", "two-player-passive"}, {"players", 2}});
  info.variants.push_back({{"mode", "two-player-active"}, {"players", 2}});
  for (int n = 4; n <= 6; ++n) info.variants.push_back({{"mode", "teams"}, {"players", n}});
  return info;
}

class RiskGame final : public Game {
 public:
  RiskGame(GameInfo info, json options, std::shared_ptr<const RiskConfig> config)
      : info_(std::move(info)), options_(std::move(options)), config_(std::move(config)) {}
  const GameInfo& info() const override { return info_; }
  const json& options() const override { return options_; }
  int num_seats() const override { return config_->players; }
  int num_distinct_actions() const override { return kNumDistinctActions; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<RiskState>(config_);
  }
  Result<std::unique_ptr<State>> state_from_json(const json& j) const override {
    return RiskState::from_json(config_, j);
  }
  GameMetadata metadata() const override { return risk_metadata(*config_, standard_metadata()); }

 private:
  GameInfo info_;
  json options_;
  std::shared_ptr<const RiskConfig> config_;
};

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
  const std::string battles = options.value("battles", "dice");
  if (battles != "dice" && battles != "outcomes")
    return invalid_argument("risk: battles must be dice or outcomes, got '" + battles + "'");
  config->battle_outcomes = battles == "outcomes";
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
  return std::shared_ptr<const Game>(std::make_shared<RiskGame>(risk_info(), options, config));
}

void register_game(Registry& registry) {
  registry.add(risk_info(), make_game);
}

}  // namespace meeple::risk
