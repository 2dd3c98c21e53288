// The 2008 state's actions as text commands (the forms decode accepts) and
// the log in words for each viewer: dice, cities, objectives and tokens are
// public; a card drawn or dealt is shown only to the player who gets it.
#include <bit>

#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk {

using namespace r2008;

std::string Risk2008State::action_to_string(Action a) const {
  const json j = action_to_json(a);
  const std::string type = j["type"];
  auto str = [&j](const char* key) { return j[key].get<std::string>(); };
  if (type == "attack")
    return "attack " + str("from") + " " + str("to") + " " + std::to_string(j["dice"].get<int>());
  if (type == "defend") return "defend " + std::to_string(j["dice"].get<int>());
  if (type == "manoeuvre") return "manoeuvre " + str("from") + " " + str("to");
  if (type == "place" || type == "capital" || type == "claim" || type == "airfield")
    return type + " " + str("territory");
  if (type == "select") return "select " + str("card");
  if (type == "claim_objective")
    return j["objective"].is_null() ? "pass" : "objective " + str("objective");
  if (type == "die") return "die " + std::to_string(j["value"].get<int>());
  if (type == "losses")
    return "losses " + std::to_string(j["attacker"].get<int>()) + " " +
           std::to_string(j["defender"].get<int>());
  if (type == "card") return "card " + str("card");
  if (type == "city") return "city " + str("territory");
  if (type == "objective") return "objective laid " + str("objective");
  if (type == "token") return "token " + str("reward");
  if (type == "first") return "first " + seat_name(j["seat"].get<int>());
  return type;  // end, done, more, trade
}

std::string Risk2008State::describe(Action a, const State& after, Seat viewer) const {
  const Map& map = *cfg_->map;
  const Edition2008& e = *cfg_->edition;
  const auto& next = static_cast<const Risk2008State&>(after);
  switch (phase_) {
    case Phase2008::kCities:
      return "a city on " + map.territory(a - kCityBase).name;
    case Phase2008::kObjectives:
      return "objective on the board: " + e.objectives[a - kObjectiveBase].name;
    case Phase2008::kTokens:
      return std::string("reward ") + reward_id(token_reward(a - kTokenBase)) + " on " +
             e.objectives[laid_[tokens_placed_]].name;
    case Phase2008::kFirst:
      return seat_name(a - kFirstBase) + " rolled highest and is seat 1";
    case Phase2008::kDeal:
    case Phase2008::kDraw:
      if (viewer == active_)
        return seat_name(active_) + " gets " + map.territory(a - kCardBase).name;
      return seat_name(active_) + " gets a card";
    case Phase2008::kRoll: {
      std::string words = a >= kLossBase ? "the roll" : "die " + std::to_string(a - kDieBase + 1);
      if (next.phase() != Phase2008::kRoll) {
        words += ": " + seat_name(active_) + " loses " + std::to_string(next.last_losses_[0]) +
                 ", " + seat_name(owner_[tgt_]) + " loses " + std::to_string(next.last_losses_[1]);
        if (next.owner(tgt_) == active_) words += "; " + map.territory(tgt_).name + " falls";
      }
      return words;
    }
    default:
      return State::describe(a, after, viewer);
  }
}

}  // namespace meeple::risk
