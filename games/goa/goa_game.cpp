// The Goa game object: options, metadata, state loading.
#include "games/goa/goa_game.h"

#include <fmt/format.h>

namespace meeple::goa {

namespace {

class GoaGame final : public Game {
 public:
  GoaGame(GameInfo info, json options, std::shared_ptr<const GoaConfig> cfg)
      : info_(std::move(info)), options_(std::move(options)), cfg_(std::move(cfg)) {}
  const GameInfo& info() const override { return info_; }
  const json& options() const override { return options_; }
  int num_seats() const override { return cfg_->players; }
  int num_distinct_actions() const override { return act::kNumDistinctActions; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<GoaState>(cfg_);
  }
  Result<std::unique_ptr<State>> state_from_json(const json& j) const override {
    if (!j.is_object()) return invalid_argument("goa state: a JSON object expected");
    return GoaState::from_json(cfg_, j);
  }
  GameMetadata metadata() const override {
    GameMetadata m = standard_metadata();
    m.chance_mode = ChanceMode::kExplicitStochastic;
    m.information = Information::kImperfect;
    // A shared victory (§11, ruling 23) gives several seats 1.
    m.utility = Utility::kGeneralSum;
    m.min_utility = -1;
    m.max_utility = 1;
    m.utility_sum = 0;
    m.max_game_length = kUnboundedLength;
    m.practical_game_length = kPracticalGameLength;
    // The largest chance node: the 29 tiles of an era stack, or the 30 cards.
    m.max_chance_outcomes = static_cast<int>(cfg_->c->cards.size());
    return m;
  }

 private:
  GameInfo info_;
  json options_;
  std::shared_ptr<const GoaConfig> cfg_;
};

}  // namespace

GameInfo goa_info() {
  GameInfo info;
  info.name = "goa";
  info.title = "Goa: A New Expedition";
  info.summary =
      "Spice trade in 16th-century Goa: auction plantations and privileges, develop ships, "
      "harvests, taxes, expeditions and colonies over two eras of four rounds. 2-4 players. "
      "Provisional component data: values the rulebook leaves out are marked [PROV] in "
      "data/goa/ (a corrected file is a drop-in change).";
  info.min_seats = 2;
  info.max_seats = 4;
  info.has_chance = true;
  info.has_hidden_information = true;
  OptionSpec players{"players", OptionType::kInt, 2, "number of players", {}, 2, 4};
  OptionSpec bonanza{"bonanza", OptionType::kBool,
                     true,      "the Bonanza variant: bonus tiles under the grid's corners (§2.8)",
                     {},        0,
                     0};
  OptionSpec quick{"quick_start",
                   OptionType::kBool,
                   false,
                   "the Quick-starter variant: before round 1, from the start player, each player "
                   "moves 2 cubes to row 2 or takes 10 ducats (§4)",
                   {},
                   0,
                   0};
  info.options = {players, bonanza, quick};
  for (int n = 2; n <= 4; ++n) info.variants.push_back({{"players", n}, {"bonanza", true}});
  info.variants.push_back({{"players", 3}, {"bonanza", true}, {"quick_start", true}});
  return info;
}

Result<std::shared_ptr<const Game>> make_game(const json& options) {
  auto cfg = std::make_shared<GoaConfig>();
  cfg->players = options.value("players", 2);
  cfg->bonanza = options.value("bonanza", true);
  cfg->quick_start = options.value("quick_start", false);
  if (cfg->players < kMinPlayers || cfg->players > kMaxPlayers)
    return invalid_argument(
        fmt::format("goa: {} to {} players, got {}", kMinPlayers, kMaxPlayers, cfg->players));
  auto c = shared_components();
  if (!c) return c.status();
  cfg->c = *c;
  cfg->catalog = catalog_json(**c);
  return std::shared_ptr<const Game>(std::make_shared<GoaGame>(goa_info(), options, cfg));
}

void register_game(Registry& registry) {
  registry.add(goa_info(), make_game);
}

}  // namespace meeple::goa
