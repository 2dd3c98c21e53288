#include "server/replay.h"

#include "server/seat_json.h"

namespace meeple::server {

json replay_steps(const Game& game, std::span<const LogEntry> log) {
  json steps = json::array();
  auto s = game.new_initial_state();
  steps.push_back({{"seat", nullptr},
                   {"turn", 0},
                   {"turn_seat", nullptr},
                   {"text", "start"},
                   {"words", ""},
                   {"view", s->view(kSpectator)}});
  int turn = 0;
  Seat turn_owner = kChance;  // nobody's yet
  for (const auto& e : log) {
    if (e.seat >= 0 && s->turn_seat() != turn_owner) {
      turn_owner = s->turn_seat();
      ++turn;
    }
    std::string text = s->action_to_string(e.action);
    auto before = s->clone();
    s->apply(e.action);
    steps.push_back({{"seat", seat_json(e.seat)},
                     {"turn", turn},
                     {"turn_seat", turn == 0 ? json(nullptr) : json(turn_owner)},
                     {"text", std::move(text)},
                     {"words", before->describe(e.action, *s, kSpectator)},
                     {"view", s->view(kSpectator)}});
  }
  return steps;
}

}  // namespace meeple::server
