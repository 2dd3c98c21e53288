// The Game object (core/game.h) of a Risk edition, shared by both: the
// edition's info and complete options and one configuration every state of
// the game shares. An edition supplies its state type, its number of action
// ids and its metadata, and parses its own options into the configuration
// (risk_game.cpp, risk_2008_game.cpp); "battles", the option both take, is
// parsed here.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "core/game.h"

namespace meeple::risk {

template <class Config, class EditionState>
class EditionGame final : public Game {
 public:
  // The metadata of one configuration, completing the fields every game
  // fills the same way.
  using Metadata = GameMetadata (*)(const Config&, GameMetadata);

  EditionGame(GameInfo info, json options, std::shared_ptr<const Config> config, int num_actions,
              Metadata make_metadata)
      : info_(std::move(info)),
        options_(std::move(options)),
        config_(std::move(config)),
        num_actions_(num_actions),
        metadata_(make_metadata) {}
  const GameInfo& info() const override { return info_; }
  const json& options() const override { return options_; }
  int num_seats() const override { return config_->players; }
  int num_distinct_actions() const override { return num_actions_; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<EditionState>(config_);
  }
  Result<std::unique_ptr<State>> state_from_json(const json& j) const override {
    auto s = EditionState::from_json(config_, j);
    if (!s) return s.status();
    return std::unique_ptr<State>(std::move(*s));
  }
  GameMetadata metadata() const override { return metadata_(*config_, standard_metadata()); }

 private:
  GameInfo info_;
  json options_;
  std::shared_ptr<const Config> config_;
  int num_actions_;
  Metadata metadata_;
};

// The "battles" option: dice (each die a chance outcome, as rolled at a
// table; the default) or outcomes (each roll one outcome, the losses of
// each side with their exact odds, for search and simulation). `losses`
// says what a side loses and how the odds are found, as the edition words it.
OptionSpec battles_option(const std::string& losses);
// true for "outcomes", false for "dice"; another value is an error naming
// the game.
Result<bool> parse_battles_option(const json& options, const std::string& game);

}  // namespace meeple::risk
