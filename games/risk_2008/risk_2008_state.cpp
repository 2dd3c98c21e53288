// The contract's dispatch for the 2008 state: whose move, the legal ids,
// applying one, chance outcomes and the actions' JSON and text forms.
#include "games/risk_2008/risk_2008_state.h"

#include <algorithm>
#include <bit>

#include "games/risk/battle.h"
#include "games/risk/command_words.h"

namespace meeple::risk {

using namespace r2008;

namespace {
bool chance_phase(Phase2008 p) {
  return p == Phase2008::kCities || p == Phase2008::kObjectives || p == Phase2008::kTokens ||
         p == Phase2008::kFirst || p == Phase2008::kDeal || p == Phase2008::kRoll ||
         p == Phase2008::kDraw;
}
bool setup_phase(Phase2008 p) {
  return p <= Phase2008::kDeal;
}

// The terminal's commands as the JSON objects they stand for: "end",
// "done", "more [n]", "trade", "pass" (claim no objective), "defend n",
// "attack from to n", "place [n] t", "capital t", "claim t", "airfield t",
// "manoeuvre from to", "select card", "objective ID", and the chance
// outcomes "die N" and "losses A D" (battles=outcomes).
json command_to_json(const std::string& text) {
  const std::vector<std::string> w = command_words(text);
  if (w.empty()) return json{{"type", ""}};
  const std::string& verb = w[0];
  auto number = [](const std::string& x) { return is_command_number(x, 6); };
  if (verb == "pass") return {{"type", "claim_objective"}, {"objective", nullptr}};
  if (verb == "objective" && w.size() == 2)
    return {{"type", "claim_objective"}, {"objective", w[1]}};
  if (verb == "defend" && w.size() == 2 && number(w[1]))
    return {{"type", "defend"}, {"dice", std::stoi(w[1])}};
  if (verb == "attack" && w.size() == 4 && number(w[3]))
    return {{"type", "attack"}, {"from", w[1]}, {"to", w[2]}, {"dice", std::stoi(w[3])}};
  if (verb == "manoeuvre" && w.size() == 3)
    return {{"type", "manoeuvre"}, {"from", w[1]}, {"to", w[2]}};
  if (verb == "place" && w.size() == 3 && number(w[1]))
    return {{"type", "place"}, {"territory", w[2]}, {"count", std::stoi(w[1])}};
  if ((verb == "place" || verb == "capital" || verb == "claim" || verb == "airfield") &&
      w.size() == 2)
    return {{"type", verb}, {"territory", w[1]}};
  if (verb == "select" && w.size() == 2) return {{"type", "select"}, {"card", w[1]}};
  if (verb == "losses" && w.size() == 3 && number(w[1]) && number(w[2]))
    return {{"type", "losses"}, {"attacker", std::stoi(w[1])}, {"defender", std::stoi(w[2])}};
  if (verb == "die" && w.size() == 2 && number(w[1]))
    return {{"type", "die"}, {"value", std::stoi(w[1])}};
  if (verb == "more" && w.size() == 2 && number(w[1]))
    return {{"type", "more"}, {"count", std::stoi(w[1])}};
  return {{"type", verb}};
}
}  // namespace

const char* phase_2008_name(Phase2008 p) {
  static constexpr const char* kNames[] = {
      "cities",   "objectives", "tokens", "first",    "capital", "claim", "place",
      "deal",     "draft",      "attack", "defend",   "roll",    "move",  "claim_objective",
      "airfield", "manoeuvre",  "draw",   "game_over"};
  return kNames[static_cast<int>(p)];
}

Seat Risk2008State::current_player() const {
  if (phase_ == Phase2008::kGameOver) return kTerminal;
  if (chance_phase(phase_)) return kChance;
  if (phase_ == Phase2008::kDefend) return owner_[tgt_];
  return active_;
}

void Risk2008State::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (phase_ == Phase2008::kGameOver) return;
  if (chance_phase(phase_)) {
    for (const ChanceOutcome& o : chance_outcomes()) out.push_back(o.action);
  } else if (setup_phase(phase_)) {
    legal_setup(out);
  } else {
    legal_turn(out);
  }
  std::sort(out.begin(), out.end());
}

bool Risk2008State::is_legal(Action a) const {
  switch (phase_) {
    case Phase2008::kRoll:
      if (!cfg_->battle_outcomes) return a >= kDieBase && a < kDieBase + 6;
      if (a < kLossBase) return false;
      {
        const RollOdds& odds = roll_odds();
        return a <= kLossBase + odds.compared &&
               odds.counts[static_cast<size_t>(a - kLossBase)] > 0;
      }
    case Phase2008::kDefend:
      return a >= kDefendBase && a < kDefendBase + max_defence_dice(troops_[tgt_]);
    case Phase2008::kMove:
      return move_.is_step_legal(a, can_spare(troops_[move_.from]));
    default:
      return State::is_legal(a);
  }
}

void Risk2008State::apply(Action a) {
  // Follows games/risk in requiring a legal action, but an illegal one is
  // refused without any change rather than trusted.
  if (!is_legal(a)) return;
  if (phase_ == Phase2008::kRoll && a >= kLossBase) {
    const int lost = a - kLossBase;
    apply_losses(lost, std::min(att_dice_, def_dice_) - lost);
  } else if (phase_ == Phase2008::kRoll) {
    roll_die(a - kDieBase + 1);
  } else if (setup_phase(phase_)) {
    apply_setup(a);
  } else {
    apply_turn(a);
  }
}

Action Risk2008State::auto_action() const {
  // "Always defend with the most dice".
  if (phase_ != Phase2008::kDefend) return kInvalidAction;
  return kDefendBase + max_defence_dice(troops_[tgt_]) - 1;
}

std::vector<ChanceOutcome> Risk2008State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (phase_ == Phase2008::kRoll && cfg_->battle_outcomes) {
    // The attacker's losses 0..dice compared, with the exact odds; an
    // outcome that cannot happen (e.g. with a bonus die) is not offered.
    const RollOdds& odds = roll_odds();
    for (int i = 0; i <= odds.compared; ++i)
      if (odds.counts[static_cast<size_t>(i)] > 0)
        out.push_back({kLossBase + i, odds.attacker_loses[static_cast<size_t>(i)]});
  } else if (phase_ == Phase2008::kRoll) {
    for (int f = 0; f < 6; ++f) out.push_back({kDieBase + f, 1.0 / 6});
  } else if (phase_ == Phase2008::kDraw) {
    const double p = 1.0 / std::popcount(deck_);
    for (int c = 0; c < kNumTerritories; ++c)
      if ((deck_ >> c) & 1) out.push_back({kCardBase + c, p});
  } else if (chance_phase(phase_)) {
    chance_setup(out);
  }
  return out;
}

std::string Risk2008State::seat_name(Seat seat) const {
  if (seat >= 0 && seat < cfg_->players) return cfg_->edition->seat_colour[seat];
  return State::seat_name(seat);
}

std::string Risk2008State::chance_description() const {
  const Map& map = *cfg_->map;
  switch (phase_) {
    case Phase2008::kCities:
      return "city card " + std::to_string(cities_drawn_ + 1);
    case Phase2008::kObjectives:
      return "objective " + std::to_string(laid_.size() + 1) + " laid out";
    case Phase2008::kTokens:
      return "reward token on " + cfg_->edition->objectives[laid_[tokens_placed_]].name;
    case Phase2008::kFirst:
      return "who rolled highest (seat 1)";
    case Phase2008::kDeal:
      return "starting card for " + seat_name(active_);
    case Phase2008::kDraw:
      return "card drawn by " + seat_name(active_);
    case Phase2008::kRoll:
      if (cfg_->battle_outcomes)
        return seat_name(active_) + " attacks " + map.territory(tgt_).id + " from " +
               map.territory(src_).id + ": the roll of " + std::to_string(att_dice_) + " v " +
               std::to_string(def_dice_) + " dice (losses ATTACKER DEFENDER)";
      return seat_name(active_) + " attacks " + map.territory(tgt_).id + " from " +
             map.territory(src_).id + ": die " + std::to_string(rolled_ + 1);
    default:
      return "";
  }
}

json Risk2008State::action_to_json(Action a) const {
  const Map& map = *cfg_->map;
  const Edition2008& e = *cfg_->edition;
  if (a >= kLossBase) return losses_action_json(a - kLossBase, std::min(att_dice_, def_dice_));
  if (a >= kCityBase) return {{"type", "city"}, {"territory", map.territory(a - kCityBase).id}};
  if (a >= kTokenBase)
    return {{"type", "token"},
            {"reward", reward_id(token_reward(a - kTokenBase))},
            {"token", a - kTokenBase}};
  if (a >= kObjectiveBase)
    return {{"type", "objective"}, {"objective", e.objectives[a - kObjectiveBase].id}};
  if (a >= kFirstBase) return {{"type", "first"}, {"seat", a - kFirstBase}};
  if (a >= kCardBase) return {{"type", "card"}, {"card", map.territory(a - kCardBase).id}};
  if (a >= kDieBase) return {{"type", "die"}, {"value", a - kDieBase + 1}};
  if (a == kNoClaim) return {{"type", "claim_objective"}, {"objective", nullptr}};
  if (a >= kClaimBase)
    return {{"type", "claim_objective"}, {"objective", e.objectives[a - kClaimBase].id}};
  if (a == kConfirmTrade) return {{"type", "trade"}};
  if (a >= kSelectBase) return {{"type", "select"}, {"card", map.territory(a - kSelectBase).id}};
  if (a == kEndManoeuvre) return {{"type", "end"}};
  if (a >= kManoeuvreBase) return move_action_json("manoeuvre", map, a);
  if (a >= kAttackBase) return battle_action_json(map, a);
  const std::string& t = map.territory(a).id;
  switch (phase_) {
    case Phase2008::kCapital:
      return {{"type", "capital"}, {"territory", t}};
    case Phase2008::kClaim:
      return {{"type", "claim"}, {"territory", t}};
    case Phase2008::kAirfield:
      return {{"type", "airfield"}, {"territory", t}};
    default:
      return {{"type", "place"}, {"territory", t}, {"count", 1}};
  }
}

// Objects are matched against the JSON of the legal actions, so every form
// action_to_json writes decodes; territory and card names may also be the
// board's display names. "place" and "move" take a count.
Result<std::vector<Action>> Risk2008State::decode_action_object(const json& j) const {
  if (j.is_string()) return decode_action_object(command_to_json(j.get<std::string>()));
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    return invalid_argument("expected an object with a string \"type\"");
  json want = j;
  const Map& map = *cfg_->map;
  for (const char* key : {"territory", "from", "to", "card"})
    if (want.contains(key) && want[key].is_string()) {
      const Territory t = map.find(want[key].get<std::string>());
      if (t < 0)
        return invalid_argument(std::string("unknown territory in \"") + key +
                                "\": " + want[key].dump());
      want[key] = map.territory(t).id;
    }
  const std::string type = want["type"];
  if (type == "losses") {
    if (phase_ != Phase2008::kRoll || !cfg_->battle_outcomes)
      return illegal_action(
          "losses: only for a battle's roll when the game takes rolls as outcomes (option "
          "battles=outcomes); otherwise enter each die (die N)");
    const int compared = std::min(att_dice_, def_dice_);
    const json& at = want.contains("attacker") ? want["attacker"] : json();
    const json& de = want.contains("defender") ? want["defender"] : json();
    if (!at.is_number_integer() || !de.is_number_integer() || at.get<int>() < 0 ||
        de.get<int>() < 0 || at.get<int>() + de.get<int>() != compared)
      return invalid_argument(
          "losses: the attacker's and the defender's losses must add up to the " +
          std::to_string(compared) + (compared == 1 ? " die" : " dice") +
          " compared (e.g. losses " + std::to_string(compared - compared / 2) + " " +
          std::to_string(compared / 2) + ")");
  }
  int count = 1;
  if ((type == "place" || type == "more") && want.contains("count")) {
    if (!want["count"].is_number_integer() || want["count"].get<int>() < 1)
      return invalid_argument("\"count\" must be a positive integer");
    count = want["count"].get<int>();
    want["count"] = 1;
  }
  if (type == "more") want.erase("count");
  if (type == "place") want["count"] = 1;
  const std::vector<Action> legal = legal_actions();
  for (const Action a : legal) {
    if (action_to_json(a) != want) continue;
    if (count == 1) return std::vector<Action>{a};
    // Repeat on copies, so each id is legal where the previous ones lead.
    std::vector<Action> ids;
    auto s = clone();
    for (int k = 0; k < count; ++k) {
      // The same player's steps only (set-up placements alternate seats).
      if (!s->is_legal(a) || s->current_player() != current_player())
        return illegal_action("\"count\" " + std::to_string(count) + " is more than is legal here");
      ids.push_back(a);
      s->apply(a);
    }
    return ids;
  }
  return illegal_action("not a legal action here: " + j.dump());
}

std::vector<double> Risk2008State::returns() const {
  std::vector<double> r(cfg_->players, 0.0);
  if (phase_ != Phase2008::kGameOver) return r;
  for (int p = 0; p < cfg_->players; ++p) r[p] = p == winner_ ? 1.0 : -1.0;
  return r;
}

json Risk2008State::scores() const {
  json s = json::array();
  for (int p = 0; p < cfg_->players; ++p)
    s.push_back({{"seat", p},
                 {"territories", std::popcount(own_mask(p))},
                 {"objectives", objectives_held(p)}});
  return s;
}

}  // namespace meeple::risk
