// The King is Dead game object: options, their combinations, metadata.
#include "games/king_is_dead/kid_game.h"

#include <fmt/format.h>

namespace meeple::king_is_dead {

namespace {

GameInfo kid_info() {
  GameInfo info;
  info.name = "king-is-dead";
  info.title = "The King is Dead (2nd edition)";
  info.summary =
      "Britain after King Arthur: win over Scots, Welsh and English followers, steer eight "
      "power struggles, and keep the French out. Basic and advanced (Cunning) games, 2-4 "
      "players, 4 players as two teams.";
  info.min_seats = 2;
  info.max_seats = 4;
  info.has_chance = true;
  info.has_hidden_information = true;
  OptionSpec players{"players", OptionType::kInt, 2, "number of players (4: the team game)", {}, 2,
                     4};
  OptionSpec advanced{
      "advanced", OptionType::kBool,
      false,      "the advanced game: 3 Cunning Action cards per player instead of Support",
      {},         0,
      0};
  OptionSpec betrayal{
      "betrayal", OptionType::kBool,
      false,      "shuffle the Betrayal promo card into the Cunning deck (advanced only)",
      {},         0,
      0};
  OptionSpec teams{
      "teams", OptionType::kBool,
      false,   "the team game: required with 4 players, who always play in teams (§4.3)",
      {},      0,
      0};
  info.options = {players, advanced, betrayal, teams};
  for (bool adv : {false, true})
    for (int n = 2; n <= 4; ++n)
      info.variants.push_back({{"players", n}, {"advanced", adv}, {"teams", n == 4}});
  info.variants.push_back({{"players", 3}, {"advanced", true}, {"betrayal", true}});
  return info;
}

class KidGame final : public Game {
 public:
  KidGame(GameInfo info, json options, std::shared_ptr<const KidConfig> cfg)
      : info_(std::move(info)), options_(std::move(options)), cfg_(std::move(cfg)) {}
  const GameInfo& info() const override { return info_; }
  const json& options() const override { return options_; }
  int num_seats() const override { return cfg_->players; }
  int num_distinct_actions() const override { return kNumDistinctActions; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<KidState>(cfg_);
  }
  Result<std::unique_ptr<State>> state_from_json(const json& j) const override {
    try {
      return KidState::from_json(cfg_, j);
    } catch (const nlohmann::json::exception& e) {
      return invalid_argument(std::string("king_is_dead state: ") + e.what());
    }
  }
  GameMetadata metadata() const override {
    GameMetadata m = standard_metadata();
    const Board& b = *cfg_->board;
    const int n = cfg_->players;
    m.chance_mode = ChanceMode::kExplicitStochastic;
    m.information = cfg_->advanced ? Information::kImperfect : Information::kPerfect;
    // A shared victory (R21, R20) gives several seats 1: general-sum.
    m.utility = Utility::kGeneralSum;
    m.min_utility = -1;
    m.max_utility = 1;
    m.utility_sum = 0;
    // Set-up draws; per card play at most 1 + 5 steps + 1 summon; at most
    // N-1 passes before each play and N per struggle.
    const int setup = n * b.court_draw + kNumRegions * b.followers_per_region -
                      kNumFactions * b.home_followers + kNumRegions +
                      (cfg_->advanced ? n * b.cunning_per_player : 0);
    const int plays = n * kHandSize;
    m.max_game_length = setup + plays * 7 + plays * (n - 1) + kNumRegions * n;
    m.practical_game_length = m.max_game_length;
    m.max_chance_outcomes = cfg_->advanced ? kNumCunning : kNumRegions;
    if (cfg_->teams) m.teams = {{0, 2}, {1, 3}};
    return m;
  }

 private:
  GameInfo info_;
  json options_;
  std::shared_ptr<const KidConfig> cfg_;
};

}  // namespace

Result<std::shared_ptr<const Game>> make_game(const json& options) {
  auto cfg = std::make_shared<KidConfig>();
  cfg->players = options.value("players", 2);
  cfg->advanced = options.value("advanced", false);
  cfg->betrayal = options.value("betrayal", false);
  const bool teams = options.value("teams", false);
  if (cfg->players < 2 || cfg->players > 4)
    return invalid_argument(fmt::format("king-is-dead: 2 to 4 players, got {}", cfg->players));
  if (teams != (cfg->players == 4))
    return invalid_argument(
        teams ? "king-is-dead: the team game is for exactly 4 players (--players 4)"
              : "king-is-dead: 4 players always play the team game (§4.3): add --teams");
  cfg->teams = teams;
  if (cfg->betrayal && !cfg->advanced)
    return invalid_argument("king-is-dead: the Betrayal promo is a Cunning card (use advanced)");
  auto board = shared_board();
  if (!board) return board.status();
  cfg->board = *board;
  GameInfo info = kid_info();
  info.has_hidden_information = cfg->advanced;  // the basic game hides nothing (§4.4)
  return std::shared_ptr<const Game>(std::make_shared<KidGame>(info, options, cfg));
}

void register_game(Registry& registry) {
  registry.add(kid_info(), make_game);
}

}  // namespace meeple::king_is_dead
