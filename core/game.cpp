#include "core/game.h"

#include <algorithm>

namespace meeple {

bool State::is_legal(Action a) const {
  const auto legal = legal_actions();
  return std::binary_search(legal.begin(), legal.end(), a);
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
