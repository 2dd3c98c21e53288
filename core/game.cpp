#include "core/game.h"

#include <fmt/format.h>

#include <algorithm>

namespace meeple {

bool State::is_legal(Action a) const {
  const auto legal = legal_actions();
  return std::binary_search(legal.begin(), legal.end(), a);
}

std::vector<uint8_t> State::legal_actions_mask() const {
  std::vector<uint8_t> mask(static_cast<size_t>(num_distinct_actions()), 0);
  for (Action a : legal_actions()) mask[static_cast<size_t>(a)] = 1;
  return mask;
}

std::string State::describe(Action a, const State& /*after*/, Seat /*viewer*/) const {
  const Seat who = current_player();
  if (who < 0) return "";
  return seat_name(who) + ": " + action_to_string(a);
}

namespace {

// The checks both tensor writers share; on success `out` is zero-filled.
Status check_tensor_request(const State& s, Seat seat, std::span<float> out,
                            const std::vector<int>& shape, const char* what) {
  if (!s.is_observer(seat))
    return invalid_argument(fmt::format("{}: seat {} is not a seat 0..{} nor the spectator ({})",
                                        what, seat, s.num_seats() - 1, kSpectator));
  const size_t size = static_cast<size_t>(tensor_size(shape));
  if (out.size() != size)
    return invalid_argument(
        fmt::format("{}: the buffer holds {} floats, the shape needs {}", what, out.size(), size));
  std::fill(out.begin(), out.end(), 0.0f);
  return Status::ok();
}

}  // namespace

Status State::observation_tensor(Seat seat, std::span<float> out) const {
  Status st = check_tensor_request(*this, seat, out, observation_tensor_shape(), "observation");
  if (st.is_ok()) write_observation_tensor(seat, out);
  return st;
}

Status State::information_state_tensor(Seat seat, std::span<float> out) const {
  Status st =
      check_tensor_request(*this, seat, out, information_state_tensor_shape(), "information state");
  if (st.is_ok()) write_information_state_tensor(seat, out);
  return st;
}

std::vector<float> State::observation_tensor(Seat seat) const {
  if (!is_observer(seat)) return {};
  std::vector<float> out(static_cast<size_t>(tensor_size(observation_tensor_shape())));
  write_observation_tensor(seat, out);
  return out;
}

std::vector<float> State::information_state_tensor(Seat seat) const {
  if (!is_observer(seat)) return {};
  std::vector<float> out(static_cast<size_t>(tensor_size(information_state_tensor_shape())));
  write_information_state_tensor(seat, out);
  return out;
}

GameMetadata Game::standard_metadata() const {
  GameMetadata m;
  const auto s = new_initial_state();
  m.num_distinct_actions = num_distinct_actions();
  m.observation_tensor_shape = s->observation_tensor_shape();
  m.information_state_tensor_shape = s->information_state_tensor_shape();
  for (Seat p = 0; p < num_seats(); ++p) {
    m.seat_names.push_back(s->seat_name(p));
    m.teams.push_back({p});
  }
  return m;
}

Result<std::vector<Action>> State::decode_action(const json& j) const {
  if (j.is_number_integer()) {
    const auto id = j.get<int64_t>();
    if (id < 0 || id > INT32_MAX || !is_legal(static_cast<Action>(id))) {
      return illegal_action("action id " + std::to_string(id) +
                            " is not legal here (ask for the legal actions)");
    }
    return std::vector<Action>{static_cast<Action>(id)};
  }
  if (!j.is_object() && !j.is_string())
    return invalid_argument("an action must be a JSON object, a string or an integer id, got " +
                            std::string(j.type_name()));
  return decode_action_object(j);
}

}  // namespace meeple
