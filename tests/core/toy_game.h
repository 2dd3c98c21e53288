// A tiny game with every feature of the contract, for testing core/ on its
// own: two seats, chance (dice and a secret card dealt to each seat), hidden
// information (each seat sees only its own card) and a decision each turn.
//
// Rules: each seat is dealt a secret card 0..2 (chance). Then seats take
// turns: choose to roll one die (action 0) or two dice (action 1); each die
// is a chance node with outcomes 0..5 (faces 1..6) added to the seat's
// score. The first to reach 15 wins; a seat whose card is 2 gets +1 per
// turn. Actions: decisions 0/1, dice 10..15, cards 20..22.
#pragma once

#include "core/copy_into.h"
#include "core/game.h"
#include "core/registry.h"

namespace meeple::testing {

class ToyState final : public State {
 public:
  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }
  int num_seats() const override { return 2; }
  Seat current_player() const override {
    if (card[0] < 0 || card[1] < 0 || dice_left > 0) return kChance;
    if (score[0] >= 15 || score[1] >= 15) return kTerminal;
    return turn;
  }
  using State::legal_actions;
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    for (const auto& o : chance_outcomes()) out.push_back(o.action);
    if (current_player() >= 0) out = {0, 1};
  }
  int num_distinct_actions() const override { return 23; }
  void apply(Action a) override {
    if (a >= 20) {
      card[card[0] < 0 ? 0 : 1] = a - 20;
    } else if (a >= 10) {
      score[turn] += a - 10 + 1;
      if (--dice_left == 0) {
        if (card[turn] == 2) score[turn] += 1;
        turn = 1 - turn;
      }
    } else {
      dice_left = a + 1;
    }
  }
  std::vector<ChanceOutcome> chance_outcomes() const override {
    std::vector<ChanceOutcome> out;
    if (card[0] < 0 || card[1] < 0) {
      for (int c = 0; c < 3; ++c) out.push_back({20 + c, 1.0 / 3});
    } else if (dice_left > 0) {
      for (int f = 0; f < 6; ++f) out.push_back({10 + f, 1.0 / 6});
    }
    return out;
  }
  json action_to_json(Action a) const override {
    if (a >= 20) return {{"card", a - 20}};
    if (a >= 10) return {{"die", a - 10 + 1}};
    return {{"dice", a + 1}};
  }
  Result<std::vector<Action>> decode_action_object(const json& j) const override {
    if (j.is_string() && (j == "one" || j == "two")) return std::vector<Action>{j == "one" ? 0 : 1};
    if (!j.is_object() || !j.contains("dice") || !j["dice"].is_number_integer())
      return invalid_argument("expected {\"dice\":1|2}");
    const int d = j["dice"].get<int>();
    if (d != 1 && d != 2) return illegal_action("dice must be 1 or 2");
    if (current_player() < 0) return illegal_action("no decision is due");
    return std::vector<Action>{d - 1};
  }
  json view(Seat seat) const override {
    json v = {{"score", score},
              {"turn", turn},
              {"dice_left", dice_left},
              {"current_player", current_player()},
              {"terminal", is_terminal()}};
    if (seat >= 0) v["my_card"] = card[seat];
    return v;
  }
  json to_json() const override {
    return {{"score", score}, {"turn", turn}, {"dice_left", dice_left}, {"card", card}};
  }
  void determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const override {
    ToyState& d = copy_into(*this, out);
    for (int other = 0; other < 2; ++other)  // a spectator sees neither card
      if (other != seat && d.card[other] >= 0) d.card[other] = static_cast<int>(rng.below(3));
  }
  // Observation: the scores, whose turn, the dice still due and the
  // observer's own card; the information state is the same (Markov).
  std::string observation_string(Seat seat) const override {
    return view(is_observer(seat) ? seat : kSpectator).dump();
  }
  std::string information_state_string(Seat seat) const override {
    return observation_string(seat);
  }
  std::vector<int> observation_tensor_shape() const override { return {8}; }
  std::vector<int> information_state_tensor_shape() const override { return {8}; }
  std::vector<double> returns() const override {
    if (!is_terminal()) return {0, 0};
    return score[0] >= 15 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1};
  }
  json scores() const override { return score; }
  uint64_t hash() const override {
    uint64_t h = 0;
    for (int v : {score[0], score[1], turn, dice_left, card[0], card[1]})
      h = mix64(h, static_cast<uint64_t>(v + 100));
    return h;
  }
  std::string to_text(Seat) const override { return to_json().dump(); }

  std::array<int, 2> score{0, 0};
  int turn = 0;

 protected:
  void write_observation_tensor(Seat seat, std::span<float> out) const override {
    out[0] = static_cast<float>(score[0]);
    out[1] = static_cast<float>(score[1]);
    out[2 + turn] = 1;
    out[4] = static_cast<float>(dice_left);
    if (seat >= 0 && card[seat] >= 0) out[5 + card[seat]] = 1;
  }
  void write_information_state_tensor(Seat seat, std::span<float> out) const override {
    write_observation_tensor(seat, out);
  }

 public:
  int dice_left = 0;
  std::array<int, 2> card{-1, -1};
};

class ToyGame final : public Game {
 public:
  static const GameInfo& game_info() {
    static const GameInfo info = [] {
      GameInfo i;
      i.name = "toy";
      i.title = "Toy dice race";
      i.summary = "test game";
      i.has_chance = true;
      i.has_hidden_information = true;
      i.options.push_back({"target", OptionType::kInt, 15, "unused", {}, 5, 50});
      i.options.push_back({"mode", OptionType::kString, "plain", "unused", {"plain", "fancy"}});
      return i;
    }();
    return info;
  }
  explicit ToyGame(json options) : options_(std::move(options)) {}
  const GameInfo& info() const override { return game_info(); }
  const json& options() const override { return options_; }
  int num_seats() const override { return 2; }
  int num_distinct_actions() const override { return 23; }
  std::unique_ptr<State> new_initial_state() const override { return std::make_unique<ToyState>(); }
  Result<std::unique_ptr<State>> state_from_json(const json& j) const override {
    if (!j.is_object() || !j.contains("score")) return invalid_argument("not a toy state");
    auto s = std::make_unique<ToyState>();
    s->score = j["score"].get<std::array<int, 2>>();
    s->turn = j["turn"].get<int>();
    s->dice_left = j["dice_left"].get<int>();
    s->card = j["card"].get<std::array<int, 2>>();
    return std::unique_ptr<State>(std::move(s));
  }
  GameMetadata metadata() const override {
    GameMetadata m = standard_metadata();
    m.chance_mode = ChanceMode::kExplicitStochastic;
    m.information = Information::kImperfect;
    m.utility = Utility::kZeroSum;
    // Two deals, then turns of at most 3 actions that each score at least
    // one point: at most 14 + 14 turns that do not end the game, and one that does.
    m.max_game_length = 2 + 29 * 3;
    m.practical_game_length = m.max_game_length;
    m.max_chance_outcomes = 6;
    return m;
  }

 private:
  json options_;
};

inline Registry toy_registry() {
  Registry r;
  r.add(ToyGame::game_info(), [](const json& options) -> Result<std::shared_ptr<const Game>> {
    return std::shared_ptr<const Game>(std::make_shared<ToyGame>(options));
  });
  return r;
}

}  // namespace meeple::testing
