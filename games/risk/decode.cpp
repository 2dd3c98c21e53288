// Decoding a player's input (text commands and JSON objects) into action ids
// (core/game.h decode_action). Compound commands ("place 5 alaska",
// "fortify ukraine ural 7") become several ids; each is checked on a copy of
// the state in turn, so a bad command is reported and changes nothing.
//
// Text commands (also the JSON form {"type": ..., fields}):
//   claim T | T                      claim a territory (set-up)
//   place [N] [on] T                 place N armies (default 1) on T
//   trade C1 C2 C3                   trade a set; cards by card number or name
//   attack FROM TO [DICE]            declare a battle (default: most dice)
//   defend N                         the defender's dice (1 or 2)
//   move N                           after a conquest: N armies in the
//                                    conquered territory in total; while
//                                    fortifying: N armies moved
//   fortify FROM TO N                the free move of the turn
//   end | pass | done                end the attack step / the turn / a move
//   declare MISSION                  Mission Risk: declare a completed mission
//   remove SEAT                      Team Risk: the defence's decider removes
//                                    one lost army of that colour (R30)
//   die N | card C | first SEAT | mission M   chance outcomes (referee mode)
//   losses A D                       a whole roll's outcome (option
//                                    battles=outcomes): the attacker loses A
//                                    armies, the defender D
#include <fmt/format.h>

#include <algorithm>

#include "core/json_integer.h"
#include "core/text.h"
#include "games/risk/command_words.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

namespace {

bool parse_int(const std::string& s, int& out) {
  if (!is_command_number(s, 9)) return false;
  out = std::stoi(s);
  return true;
}

// A command in a form common to text and JSON input.
struct Command {
  std::string type;
  std::string territory, from, to, mission;
  int count = -1, dice = -1, value = -1, seat = -1;
  int attacker_losses = -1, defender_losses = -1;
  bool bare = false;  // a single word, read as a territory to claim
  std::vector<std::string> cards;
};

Result<Command> parse_text(const std::string& line) {
  std::vector<std::string> w;
  for (std::string tok : command_words(line)) {
    tok = ascii_lower(tok);
    if (tok == "on" || tok == "from" || tok == "to" || tok == "->" || tok == "with" ||
        tok == "dice" || tok == "armies")
      continue;
    w.push_back(tok);
  }
  if (w.empty()) return invalid_argument("empty command (type 'help' for the commands)");
  Command c;
  c.type = w[0];
  const size_t n = w.size();
  if (c.type == "help" || c.type == "?") {
    c.type = "help";
    return c;
  }
  auto need = [&](size_t k, const char* usage) -> Status {
    if (n < k) return invalid_argument(fmt::format("'{}' needs more: usage {}", w[0], usage));
    return Status::ok();
  };
  if (c.type == "claim") {
    if (auto s = need(2, "claim TERRITORY"); !s) return s;
    c.territory = w[1];
  } else if (c.type == "place") {
    if (auto s = need(2, "place [N] TERRITORY"); !s) return s;
    int k = 0;
    if (n >= 3 && parse_int(w[1], k)) {
      c.count = k;
      c.territory = w[2];
    } else if (n >= 3 && parse_int(w[2], k)) {
      c.count = k;
      c.territory = w[1];
    } else {
      c.count = 1;
      c.territory = w[1];
    }
  } else if (c.type == "trade") {
    if (n != 4) return invalid_argument("usage: trade CARD CARD CARD (card numbers or names)");
    c.cards = {w[1], w[2], w[3]};
  } else if (c.type == "attack") {
    if (auto s = need(3, "attack FROM TO [DICE]"); !s) return s;
    c.from = w[1];
    c.to = w[2];
    if (n >= 4 && !parse_int(w[3], c.dice))
      return invalid_argument("attack: dice must be 1, 2 or 3, got '" + w[3] + "'");
  } else if (c.type == "defend") {
    if (n < 2 || !parse_int(w[1], c.dice)) return invalid_argument("usage: defend 1|2");
  } else if (c.type == "move") {
    if (n < 2 || !parse_int(w[1], c.count)) return invalid_argument("usage: move N");
    // "move 7 from ukraine to ural" while fortifying is the fortify command.
    if (n >= 4) {
      c.type = "fortify";
      c.from = w[2];
      c.to = w[3];
    }
  } else if (c.type == "fortify") {
    if (auto s = need(3, "fortify FROM TO N"); !s) return s;
    c.from = w[1];
    c.to = w[2];
    if (n >= 4 && !parse_int(w[3], c.count)) return invalid_argument("usage: fortify FROM TO N");
  } else if (c.type == "bribe") {
    if (n != 3) return invalid_argument("usage: bribe CARD NEUTRAL (e.g. bribe alaska green)");
    c.cards = {w[1]};
    c.mission = w[2];  // the neutral's colour
  } else if (c.type == "ally") {
    if (n != 2)
      return invalid_argument("usage: ally NEUTRAL (reinforce that ally, e.g. ally green)");
    c.mission = w[1];
  } else if (c.type == "remove") {
    if (n != 2) return invalid_argument("usage: remove COLOUR (whose defending army is lost)");
    c.territory = w[1];
  } else if (c.type == "more") {
  } else if (c.type == "end" || c.type == "pass" || c.type == "done" || c.type == "stop") {
    c.type = c.type == "done" ? "done" : "end";
  } else if (c.type == "declare" || c.type == "mission") {
    if (auto s = need(2, "declare MISSION"); !s) return s;
    c.mission = w[1];
  } else if (c.type == "die") {
    if (n < 2 || !parse_int(w[1], c.value)) return invalid_argument("usage: die 1..6");
  } else if (c.type == "losses") {
    if (n != 3 || !parse_int(w[1], c.attacker_losses) || !parse_int(w[2], c.defender_losses))
      return invalid_argument(
          "usage: losses A D (the armies the attacker and the defender lose, e.g. losses 1 1)");
  } else if (c.type == "card") {
    if (auto s = need(2, "card NAME"); !s) return s;
    c.cards = {w[1]};
  } else if (c.type == "first") {
    if (auto s = need(2, "first SEAT"); !s) return s;
    c.territory = w[1];  // a seat number or a colour, resolved later
  } else if (n == 1) {
    c.type = "claim";  // a bare territory name in the claiming phase
    c.territory = w[0];
    c.bare = true;
  } else {
    return invalid_argument("unknown command '" + w[0] + "' (type 'help' for the commands)");
  }
  return c;
}

// A whole-number field of an action object: a JSON integer (not true, not
// 2.5, not "3"), 0..10^9; absent leaves `out` as it was (-1: not given).
Status read_count(const json& j, const char* key, int& out) {
  if (!j.contains(key)) return Status::ok();
  constexpr int64_t kMost = 1'000'000'000;
  const auto v = json_integer(j[key], 0, kMost);
  if (!v)
    return invalid_argument(fmt::format("field \"{}\" must be a whole number from 0 to {}, got {}",
                                        key, kMost, j[key].dump()));
  out = static_cast<int>(*v);
  return Status::ok();
}

Result<Command> parse_object(const json& j) {
  if (!j.contains("type") || !j["type"].is_string())
    return invalid_argument("a Risk action object needs a string field \"type\"");
  Command c;
  c.type = ascii_lower(j["type"].get<std::string>());
  if (auto st = read_count(j, "count", c.count); !st) return st;
  if (auto st = read_count(j, "dice", c.dice); !st) return st;
  if (auto st = read_count(j, "value", c.value); !st) return st;
  if (auto st = read_count(j, "attacker", c.attacker_losses); !st) return st;
  if (auto st = read_count(j, "defender", c.defender_losses); !st) return st;
  try {
    if (j.contains("territory")) c.territory = ascii_lower(j["territory"].get<std::string>());
    if (j.contains("from")) c.from = ascii_lower(j["from"].get<std::string>());
    if (j.contains("to")) c.to = ascii_lower(j["to"].get<std::string>());
    if (j.contains("mission")) c.mission = ascii_lower(j["mission"].get<std::string>());
    if (j.contains("neutral")) c.mission = ascii_lower(j["neutral"].get<std::string>());
    if (j.contains("seat")) {
      if (j["seat"].is_string()) {
        c.territory = ascii_lower(j["seat"].get<std::string>());
      } else {
        int seat = -1;
        if (auto st = read_count(j, "seat", seat); !st) return st;
        c.territory = std::to_string(seat);
      }
    }
    if (j.contains("card")) c.cards = {ascii_lower(j["card"].get<std::string>())};
    if (j.contains("cards")) {
      if (!j["cards"].is_array())
        return invalid_argument("field \"cards\" must be a list of card names or numbers");
      for (const auto& x : j["cards"]) {
        if (x.is_string()) {
          c.cards.push_back(ascii_lower(x.get<std::string>()));
        } else {
          int number = -1;
          if (auto st = read_count(json{{"card", x}}, "card", number); !st) return st;
          c.cards.push_back(std::to_string(number));
        }
      }
    }
  } catch (const json::exception& e) {
    return invalid_argument(std::string("a field of the action has the wrong type: ") + e.what());
  }
  if (c.type == "place" && c.count < 0) c.count = 1;  // "count" may be left out
  return c;
}

}  // namespace

// Friend of RiskState: turns a Command into ids, checking each on a copy.
class RiskDecoder {
 public:
  explicit RiskDecoder(const RiskState& s) : s_(s), map_(*s.cfg_->map) {}

  Result<std::vector<Action>> decode(const Command& c) {
    RiskState sim(s_);
    std::vector<Action> ids;
    auto push = [&](Action a, const std::string& what) -> Status {
      if (!sim.is_legal(a)) return illegal_action(what);
      sim.apply(a);
      ids.push_back(a);
      return Status::ok();
    };
    const Seat me = s_.active_;
    if (c.type == "claim" || c.type == "place") {
      const Territory t = map_.find(c.territory);
      if (t < 0 && c.bare)
        return invalid_argument("unknown command or territory '" + c.territory +
                                "' (commands: " + s_.phase_commands() + ")");
      if (t < 0) return unknown_territory(c.territory);
      if (s_.phase_ == Phase::kClaim) {
        if (c.type == "place")
          return illegal_action("claiming: use 'claim TERRITORY', one at a time");
        if (auto st = push(
                t, map_.territory(t).id + " is already claimed by " + s_.owner_name(s_.owner_[t]));
            !st)
          return st;
        return ids;
      }
      if (c.type == "claim")
        return illegal_action(fmt::format("nothing to claim now ({})", phase_name(s_.phase_)));
      if (c.count < 1) return invalid_argument("place: the number of armies must be at least 1");
      if (s_.phase_ == Phase::kReinforce && s_.must_trade_)
        return illegal_action(fmt::format("you hold {} cards: trade a set before placing (§5.3)",
                                          popcount(s_.hand_[s_.hand_slot(me)])));
      for (int k = 0; k < c.count; ++k) {
        if (auto st = push(t, place_error(sim, t, k)); !st) return st;
      }
      return ids;
    }
    if (c.type == "trade") {
      if (c.cards.size() != 3) return invalid_argument("trade: name exactly 3 cards");
      std::vector<int> cards;
      for (const auto& name : c.cards) {
        const int card = find_card(name);
        if (card < 0)
          return invalid_argument("trade: unknown card '" + name +
                                  "' (a card number 0..43, a territory or joker1/joker2)");
        if (!((s_.hand_[s_.hand_slot(me)] >> card) & 1))
          return illegal_action("trade: you do not hold the card " +
                                s_.cfg_->edition->card_name(card, map_));
        cards.push_back(card);
      }
      std::sort(cards.begin(), cards.end());
      if (cards[0] == cards[1] || cards[1] == cards[2])
        return invalid_argument("trade: name 3 different cards");
      if (!is_set(*s_.cfg_->edition, cards[0], cards[1], cards[2]))
        return illegal_action(
            "trade: these cards are not a set (three of a kind or one of each; jokers wild)");
      const std::string why = s_.placed_any_
                                  ? "sets must all be traded before the first army is placed (R27)"
                                  : fmt::format("no trading now ({})", phase_name(s_.phase_));
      if (auto st = push(trade_action(cards[0], cards[1], cards[2]), why); !st) return st;
      return ids;
    }
    if (c.type == "attack") {
      const Territory from = map_.find(c.from), to = map_.find(c.to);
      if (from < 0) return unknown_territory(c.from);
      if (to < 0) return unknown_territory(c.to);
      if (s_.phase_ != Phase::kAttack)
        return illegal_action(fmt::format("no attack now ({})", phase_name(s_.phase_)));
      if (s_.cfg_->teams()) return team_attack(sim, ids, from, to, c.dice);
      if (!s_.may_attack_from(from))
        return illegal_action(map_.territory(from).id + " is not yours (nor your ally's)");
      if (s_.owner_[to] == s_.owner_[from])
        return illegal_action("an army cannot attack its own colour");
      if (s_.owner_[to] == me)
        return illegal_action("you cannot attack your own territory " + map_.territory(to).id);
      const int e = map_.edge_index(from, to);
      if (e < 0)
        return illegal_action(map_.territory(from).id + " does not border " +
                              map_.territory(to).id);
      const int max_dice = std::min(3, s_.armies_[from] - 1);
      if (max_dice < 1)
        return illegal_action(map_.territory(from).id + " needs at least 2 armies to attack");
      const int dice = c.dice < 0 ? max_dice : c.dice;
      if (dice < 1 || dice > max_dice)
        return illegal_action(fmt::format("attack dice must be 1..{} from {} ({} armies)", max_dice,
                                          map_.territory(from).id, s_.armies_[from]));
      if (auto st = push(kAttackBase + e * 3 + dice - 1, "illegal attack"); !st) return st;
      return ids;
    }
    if (c.type == "defend") {
      if (s_.phase_ != Phase::kDefend) return illegal_action("there is no battle to defend");
      const int max_d = std::min(2, s_.armies_[s_.tgt_]);
      if (c.dice < 1 || c.dice > max_d)
        return illegal_action(fmt::format("defence dice must be 1..{}", max_d));
      if (auto st = push(kDefendBase + c.dice - 1, "illegal defence"); !st) return st;
      return ids;
    }
    if (c.type == "move") {
      if (s_.phase_ == Phase::kMoveIn) {
        const int lo = s_.move_.moved, hi = s_.move_.moved + movable(s_);
        if (c.count < lo || c.count > hi)
          return illegal_action(fmt::format("move-in: {} must hold {}..{} armies ({} must keep 1)",
                                            map_.territory(s_.move_.to).id, lo, hi,
                                            map_.territory(s_.move_.from).id));
        for (int k = lo; k < c.count; ++k) (void)push(kMoveMore, "");
        if (sim.phase_ == Phase::kMoveIn) (void)push(kMoveDone, "");
        return ids;
      }
      if (s_.phase_ == Phase::kFortifyMove) return move_armies(sim, ids, c.count);
      return illegal_action(fmt::format("nothing to move now ({})", phase_name(s_.phase_)));
    }
    if (c.type == "fortify") {
      const Territory from = map_.find(c.from), to = map_.find(c.to);
      if (from < 0) return unknown_territory(c.from);
      if (to < 0) return unknown_territory(c.to);
      if (s_.phase_ == Phase::kAttack)
        (void)push(kEndAttack, "");  // fortifying ends the attack step
      if (sim.phase_ != Phase::kFortify && sim.phase_ != Phase::kAllyFortify)
        return illegal_action(fmt::format("no fortification now ({})", phase_name(sim.phase_)));
      if (s_.cfg_->teams()) return team_fortify(sim, ids, from, to, c.count);
      const int mover = sim.phase_ == Phase::kAllyFortify ? s_.owner_[from] : me;
      if (sim.phase_ == Phase::kAllyFortify && !s_.is_ally(mover, me))
        return illegal_action("allied fortification: " + map_.territory(from).id +
                              " is not your ally's");
      if (s_.owner_[from] != mover || s_.owner_[to] != mover)
        return illegal_action("both territories must be yours (or, for an ally, that ally's)");
      if (from == to) return illegal_action("fortify: choose two different territories");
      if (c.count != -1 && (c.count < 1 || c.count > s_.armies_[from] - 1))
        return illegal_action(fmt::format("fortify: move 1..{} armies ({} must keep 1)",
                                          s_.armies_[from] - 1, map_.territory(from).id));
      if (!((sim.connected(mover, from) >> to) & 1))
        return illegal_action(fmt::format("no chain of your own territories joins {} to {}",
                                          map_.territory(from).id, map_.territory(to).id));
      if (auto st = push(path_move_id(from, to), "illegal fortification"); !st) return st;
      if (c.count == -1) return ids;  // the count follows as 'move N'
      return move_armies(sim, ids, c.count);
    }
    if (c.type == "bribe" || c.type == "ally") {
      if (s_.cfg_->mode != Mode::kTwoPlayerActive)
        return illegal_action(c.type + ": only in the active 2-player game");
      int n = -1;
      for (int o = 2; o < kMaxOwners && !c.mission.empty(); ++o)
        if (s_.owner_name(o).rfind(c.mission, 0) == 0) n = o;
      if (n < 0)
        return invalid_argument("unknown neutral '" + c.mission +
                                "' (green, yellow, black or purple)");
      if (c.type == "ally") {
        if (auto st = push(
                kAllyReinforceBase + n - 2,
                "you may reinforce each of your allies once, after your own reinforcement (§11.4)");
            !st)
          return st;
        return ids;
      }
      const int card = c.cards.empty() ? -1 : find_card(c.cards[0]);
      if (card < 0) return invalid_argument("bribe: unknown card");
      if (!((s_.hand_[me] >> card) & 1)) return illegal_action("bribe: you do not hold that card");
      if (auto st = push(kBribeBase + card * 4 + n - 2,
                         "bribe: only before your reinforcement, to a neutral that is not your "
                         "ally and holds fewer than 6 cards (§11.3, R9)");
          !st)
        return st;
      return ids;
    }
    if (c.type == "remove") {
      if (s_.phase_ != Phase::kRemoveArmy)
        return illegal_action("remove: no defending army is to be removed now");
      int seat = -1;
      if (!parse_int(c.territory, seat))
        for (int p = 0; p < s_.cfg_->players; ++p)
          if (s_.owner_name(p) == c.territory) seat = p;
      if (seat < 0 || seat >= s_.cfg_->players)
        return invalid_argument("remove: a seat number or colour, e.g. remove blue");
      if (auto st = push(kRemoveBase + seat,
                         fmt::format("remove: {} has no army in {}", s_.owner_name(seat),
                                     map_.territory(s_.tgt_).id));
          !st)
        return st;
      return ids;
    }
    if (c.type == "more") {
      if (auto st = push(kMoveMore, "no army can be moved now"); !st) return st;
      return ids;
    }
    if (c.type == "done") {
      if (auto st = push(kMoveDone, "nothing to finish ('done' ends a move)"); !st) return st;
      return ids;
    }
    if (c.type == "end") {
      Action a = kEndTurn;
      if (s_.phase_ == Phase::kAttack) a = kEndAttack;
      if (s_.phase_ == Phase::kMoveIn || s_.phase_ == Phase::kFortifyMove) a = kMoveDone;
      if (s_.phase_ == Phase::kBribe) a = kEndBribe;
      if (s_.phase_ == Phase::kAllyReinforce) a = kEndAllyReinforce;
      if (s_.phase_ == Phase::kReinforce || s_.phase_ == Phase::kForcedPlace ||
          s_.phase_ == Phase::kAllyPlace)
        return illegal_action(fmt::format("place your {} armies first", s_.reinforcements_));
      if (auto st = push(a, fmt::format("nothing to end now ({})", phase_name(s_.phase_))); !st)
        return st;
      return ids;
    }
    if (c.type == "declare" || (c.type == "mission" && !s_.is_chance())) {
      if (s_.cfg_->mode != Mode::kMissions) return illegal_action("declare: only in Mission Risk");
      for (int slot = 0; slot < kNumRanks; ++slot) {
        const int m = s_.missions_[me][slot];
        if (m >= 0 && ascii_lower(s_.cfg_->edition->missions[m].id) == c.mission) {
          if (s_.mission_completed(me, slot))
            return illegal_action("that mission is already completed");
          if (s_.declared_this_turn_) return illegal_action("one declaration per turn (§8.2)");
          if (!s_.mission_holds(me, m)) return illegal_action("its condition does not hold now");
          if (auto st = push(kDeclareBase + slot, "you cannot declare now (R36)"); !st) return st;
          return ids;
        }
      }
      return illegal_action("'" + c.mission + "' is not one of your missions");
    }
    // Chance outcomes (referee mode and tests).
    if (!s_.is_chance())
      return illegal_action("'" + c.type + "' is a chance outcome, but no chance event is pending");
    Action a = kInvalidAction;
    if (c.type == "losses") {
      if (s_.phase_ != Phase::kRollDice || !s_.cfg_->battle_outcomes)
        return illegal_action(
            "losses: only for a battle's roll when the game takes rolls as outcomes (option "
            "battles=outcomes); otherwise type each die (die N)");
      const int compared = std::min(s_.att_dice_, s_.def_dice_);
      if (c.attacker_losses < 0 || c.defender_losses < 0 ||
          c.attacker_losses + c.defender_losses != compared)
        return invalid_argument(fmt::format(
            "losses: the attacker's and the defender's losses must add up to the {} {} compared "
            "(e.g. losses {} {})",
            compared, compared == 1 ? "die" : "dice", compared - compared / 2, compared / 2));
      a = kLossBase + c.attacker_losses;
    } else if (c.type == "die") {
      if (c.value < 1 || c.value > 6) return invalid_argument("die: a value 1..6");
      a = kDieBase + c.value - 1;
    } else if (c.type == "card") {
      const int card = c.cards.empty() ? -1 : find_card(c.cards[0]);
      if (card < 0) return invalid_argument("card: unknown card");
      a = kCardBase + card;
    } else if (c.type == "first") {
      int seat = -1;
      if (!parse_int(c.territory, seat))
        for (int p = 0; p < s_.cfg_->players; ++p)
          if (s_.owner_name(p) == c.territory) seat = p;
      if (seat < 0 || seat >= s_.cfg_->players)
        return invalid_argument("first: a seat number or colour");
      a = kSeatBase + seat;
    } else if (c.type == "mission") {
      const auto& ms = s_.cfg_->edition->missions;
      for (int m = 0; m < static_cast<int>(ms.size()); ++m)
        if (ascii_lower(ms[m].id) == c.mission) a = kMissionBase + m;
      if (a < 0) return invalid_argument("mission: unknown mission id");
    } else {
      return invalid_argument("unknown action type '" + c.type + "'");
    }
    if (auto st = push(a, "that outcome is not possible now"); !st) return st;
    return ids;
  }

 private:
  Status unknown_territory(const std::string& name) const {
    return invalid_argument("unknown territory '" + name + "' (use ids such as north_africa)");
  }
  std::string place_error(const RiskState& sim, Territory t, int k) const {
    if (s_.cfg_->teams() && s_.phase_ != Phase::kClaim && sim.armies_of(t, s_.active_) == 0)
      return map_.territory(t).id + " holds none of your armies (R21)";
    if (!s_.cfg_->teams() && sim.owner_[t] != s_.active_ && s_.phase_ != Phase::kTwoPlayerPlace &&
        s_.phase_ != Phase::kAllyPlace)
      return map_.territory(t).id + " is not yours";
    if (k > 0) return fmt::format("you can place only {} armies now", k);
    return fmt::format("you cannot place on {} now ({})", map_.territory(t).id,
                       phase_name(sim.phase_));
  }
  int find_card(const std::string& name) const {
    int n = 0;
    if (parse_int(name, n)) return n < kNumCards ? n : -1;
    if (name == "joker1" || name == "joker")
      return ((s_.hand_[s_.hand_slot(s_.active_)] >> kJoker1) & 1) || name == "joker1" ? kJoker1
                                                                                       : kJoker2;
    if (name == "joker2") return kJoker2;
    return map_.find(name);
  }
  // Armies that may still leave the move's source: all but one, and in Team
  // Risk only the mover's own (R29).
  static int movable(const RiskState& st) {
    const int all_but_one = st.armies_[st.move_.from] - 1;
    if (!st.cfg_->teams()) return all_but_one;
    return std::min(all_but_one, st.stack_[st.move_.from][st.active_]);
  }
  Result<std::vector<Action>> team_attack(RiskState& sim, std::vector<Action>& ids, Territory from,
                                          Territory to, int dice_asked) {
    const int me = s_.active_;
    const int own = s_.stack_[from][me];
    if (own == 0) return illegal_action(map_.territory(from).id + " holds none of your armies");
    if (s_.team_in(to) == s_.team_in(from))
      return illegal_action(map_.territory(to).id +
                            " holds your team's armies: only the other team's can be attacked");
    const int e = map_.edge_index(from, to);
    if (e < 0)
      return illegal_action(map_.territory(from).id + " does not border " + map_.territory(to).id);
    const int max_dice = std::min({3, own, s_.armies_[from] - 1});  // R29
    if (max_dice < 1)
      return illegal_action(map_.territory(from).id + " needs at least 2 armies to attack");
    const int dice = dice_asked < 0 ? max_dice : dice_asked;
    if (dice < 1 || dice > max_dice)
      return illegal_action(
          fmt::format("attack dice must be 1..{} from {} ({} of your armies, {} in all; R29)",
                      max_dice, map_.territory(from).id, own, s_.armies_[from]));
    const Action a = kAttackBase + e * 3 + dice - 1;
    if (!sim.is_legal(a)) return illegal_action("illegal attack");
    sim.apply(a);
    ids.push_back(a);
    return ids;
  }
  Result<std::vector<Action>> team_fortify(RiskState& sim, std::vector<Action>& ids, Territory from,
                                           Territory to, int count) {
    if (sim.phase_ != Phase::kFortify)
      return illegal_action(fmt::format("no fortification now ({})", phase_name(sim.phase_)));
    const int me = s_.active_;
    if (from == to) return illegal_action("fortify: choose two different territories");
    if (s_.stack_[from][me] == 0)
      return illegal_action(map_.territory(from).id + " holds none of your armies");
    if (s_.team_in(to) != RiskConfig::team_of(me))
      return illegal_action(map_.territory(to).id + " holds no army of your team (§12)");
    const int most = std::min(s_.stack_[from][me], s_.armies_[from] - 1);
    if (count != -1 && (count < 1 || count > most))
      return illegal_action(
          fmt::format("fortify: move 1..{} of your own armies ({} keeps at least 1 army, R29)",
                      most, map_.territory(from).id));
    const Action a = path_move_id(from, to);
    if (!sim.is_legal(a))
      return illegal_action(fmt::format("no chain of your team's territories joins {} to {}",
                                        map_.territory(from).id, map_.territory(to).id));
    sim.apply(a);
    ids.push_back(a);
    if (count == -1) return ids;
    return move_armies(sim, ids, count);
  }
  Result<std::vector<Action>> move_armies(RiskState& sim, std::vector<Action>& ids, int count) {
    if (count < 1 || count > movable(sim) + sim.move_.moved)
      return illegal_action(fmt::format("move 1..{} armies", movable(sim) + sim.move_.moved));
    while (sim.move_.moved < count && sim.phase_ == Phase::kFortifyMove) {
      sim.apply(kMoveMore);
      ids.push_back(kMoveMore);
    }
    if (sim.phase_ == Phase::kFortifyMove) {
      sim.apply(kMoveDone);
      ids.push_back(kMoveDone);
    }
    return ids;
  }

  const RiskState& s_;
  const Map& map_;
};

Result<std::vector<Action>> RiskState::decode_action_object(const json& j) const {
  Result<Command> c = j.is_string() ? parse_text(j.get<std::string>()) : parse_object(j);
  if (!c) return c.status();
  if (c->type == "help") return invalid_argument(help_text());
  if (phase_ == Phase::kGameOver) return failed_precondition("the game is over");
  return RiskDecoder(*this).decode(*c);
}

}  // namespace meeple::risk
