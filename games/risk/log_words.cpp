// The log in words (State::describe): what each step did, as a player at the
// table would hear it announced. A roll is told once it is complete, with
// its dice, the armies each side lost and what fell; a move once it is done,
// with where the armies stand. Hidden from the other players (§8.1, §5.8,
// §11.3): the missions dealt, the territory card drawn (the team-mate sees
// it in Team Risk, R21) and the card under a bribe.
#include <fmt/format.h>

#include "games/risk/risk_state.h"

namespace meeple::risk {

std::string RiskState::describe(Action a, const State& after_state, Seat viewer) const {
  const auto& after = static_cast<const RiskState&>(after_state);
  const Map& map = *cfg_->map;
  const Edition& ed = *cfg_->edition;
  auto place = [&](int t) { return map.territory(t).name; };
  // A card as a player reads it: "Egypt (infantry)", "a joker".
  auto card_words = [&](int c) {
    if (c >= kNumTerritories) return std::string("a joker");
    return fmt::format("{} ({})", place(c), symbol_name(ed.symbol[static_cast<size_t>(c)]));
  };
  // Colours as names: "Red", "Green (neutral)".
  auto named = [&](int o) {
    std::string n = owner_name(o);
    if (!n.empty() && n[0] >= 'a' && n[0] <= 'z') n[0] = static_cast<char>(n[0] - 'a' + 'A');
    return n;
  };
  const std::string who = named(active_);
  const json j = action_to_json(a);
  const std::string type = j["type"];

  // What a step did to the board besides its own announcement: conquests,
  // eliminations, the end.
  auto consequences = [&]() {
    std::string out;
    for (int t = 0; t < kNumTerritories; ++t)
      if (after.owner_[t] != owner_[t] && owner_[t] >= 0)
        out += fmt::format(" {} falls to {}.", place(t), named(after.owner_[t]));
    for (int p = 0; p < cfg_->players; ++p)
      if (after.eliminated_[p] && !eliminated_[p])
        out += fmt::format(" {} is eliminated.", named(p));
    if (after.phase_ == Phase::kGameOver && phase_ != Phase::kGameOver) {
      if (cfg_->teams() && after.winner_ >= 0)
        out += fmt::format(" Team {} wins.", after.winner_ % 2 == 0 ? "A" : "B");
      else if (after.winner_ >= 0)
        out += fmt::format(" {} wins.", named(after.winner_));
    }
    return out;
  };
  auto battle = [&](BattleLosses lost, const std::string& dice) {
    const int defender_owner = owner_[tgt_];
    return fmt::format("{} v {} at {}{}: {} loses {}, {} loses {}.{}", who, named(defender_owner),
                       place(tgt_), dice, who, lost.attacker, named(defender_owner), lost.defender,
                       consequences());
  };

  if (type == "die") {
    const int face = j["value"];
    if (phase_ != Phase::kRollDice) return fmt::format("{}: {}.", chance_description(), face);
    if (after.phase_ == Phase::kRollDice) return "";  // told when the roll is complete
    const auto att = std::span<const int>(after.last_dice_.data(), after.last_att_);
    const auto def =
        std::span<const int>(after.last_dice_.data() + after.last_att_, after.last_def_);
    std::string dice = ", dice";
    for (int d : att) dice += fmt::format(" {}", d);
    dice += " v";
    for (int d : def) dice += fmt::format(" {}", d);
    return battle(resolve_battle(att, def), dice);
  }
  if (type == "losses") return battle({j["attacker"], j["defender"]}, "");
  if (type == "claim") return fmt::format("{} claims {}.", who, place(a));
  if (type == "place") {
    const int o = owner_[a];
    return o == active_ ? fmt::format("{} places an army on {}.", who, place(a))
                        : fmt::format("{} places an army of {} on {}.", who, named(o), place(a));
  }
  if (type == "attack") {
    const Edge& e = map.edges()[static_cast<size_t>(attack_edge_of(a))];
    const int dice = j["dice"];
    return fmt::format("{} attacks {} ({}) from {} with {} {}.", who, place(e.to),
                       named(owner_[e.to]), place(e.from), dice, dice == 1 ? "die" : "dice");
  }
  if (type == "defend")
    return fmt::format("{} defends {} with {} {}.", named(current_player()), place(tgt_),
                       j["dice"].get<int>(), j["dice"].get<int>() == 1 ? "die" : "dice");
  if (type == "more" || type == "done") {
    if (after.phase_ == phase_) return "";  // told when the move is done
    return fmt::format("{} moves armies from {} to {}: {} now {}, {} {}.{}", who, place(move_.from),
                       place(move_.to), place(move_.to), after.armies_[move_.to], place(move_.from),
                       after.armies_[move_.from], consequences());
  }
  if (type == "fortify") {
    return fmt::format("{} fortifies {} from {}.", who, place(path_move_to(a)),
                       place(path_move_from(a)));
  }
  if (type == "trade") {
    const int code = a - kTradeBase;
    const int gained = after.reinforcements_ - reinforcements_;
    return fmt::format("{} trades in {}, {} and {}{}.", who,
                       card_words(code / (kNumCards * kNumCards)),
                       card_words((code / kNumCards) % kNumCards), card_words(code % kNumCards),
                       gained > 0 ? fmt::format(" for {} armies", gained) : "");
  }
  if (type == "card") {
    const int card = a - kCardBase;
    if (phase_ != Phase::kDrawCard)
      return fmt::format("{}: {}.", chance_description(), card_words(card));
    const bool sees =
        viewer >= 0 && viewer < cfg_->players && hand_slot(viewer) == hand_slot(active_);
    return sees ? fmt::format("{} draws {}.", who, card_words(card))
                : fmt::format("{} draws a territory card.", who);
  }
  if (type == "mission") {
    const int p = deal_index_ / kNumRanks;
    return viewer == p
               ? fmt::format("{} is dealt mission {}: {}", named(p),
                             ed.missions[a - kMissionBase].id, ed.missions[a - kMissionBase].text)
               : fmt::format("{} is dealt a mission.", named(p));
  }
  if (type == "first") {
    const int p = j["seat"];
    return phase_ == Phase::kRollStarter ? fmt::format("{} takes the first turn.", named(p))
                                         : fmt::format("{} starts the set-up.", named(p));
  }
  if (type == "declare") {
    const int m = missions_[active_][a - kDeclareBase];
    return fmt::format("{} reveals a completed mission: {}.{}", who, ed.missions[m].text,
                       consequences());
  }
  if (type == "bribe") {
    const int card = (a - kBribeBase) / 4, neutral = (a - kBribeBase) % 4 + 2;
    return viewer == active_
               ? fmt::format("{} bribes {} with {}.", who, named(neutral), card_words(card))
               : fmt::format("{} bribes {} with a card.", who, named(neutral));
  }
  if (type == "ally")
    return fmt::format("{} reinforces their ally {}.", who, named(a - kAllyReinforceBase + 2));
  if (type == "remove")
    return fmt::format("{} removes an army of {} from {}.{}", named(current_player()),
                       named(a - kRemoveBase), place(tgt_), consequences());
  if (type == "end")
    return a == kEndAttack          ? fmt::format("{} ends the attack.", who)
           : a == kEndBribe         ? fmt::format("{} ends the bribes.", who)
           : a == kEndAllyReinforce ? fmt::format("{} ends the allies' reinforcement.", who)
                                    : fmt::format("{} ends the turn.", who);
  return State::describe(a, after_state, viewer);
}

}  // namespace meeple::risk
