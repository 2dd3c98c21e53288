// The terminal rendering of a Risk position (State::to_text): the board by
// continent with owners and armies, the seat's own cards and missions, what
// is pending, and the commands that fit the moment.
#include <fmt/format.h>

#include <algorithm>

#include "games/risk/risk_state.h"

namespace meeple::risk {

std::string RiskState::help_text() {
  return "Risk commands:\n"
         "  claim T | T                 claim a territory (set-up)\n"
         "  place [N] T                 place N armies on T (e.g. place 5 alaska)\n"
         "  trade C1 C2 C3              trade a set (card numbers shown in your hand, or names)\n"
         "  attack FROM TO [DICE]       attack (default: the most dice)\n"
         "  defend 1|2                  choose your defence dice\n"
         "  move N                      after a conquest: armies in the conquered territory;\n"
         "                              while fortifying: armies to move\n"
         "  fortify FROM TO N           the one free move of the turn\n"
         "  end | pass                  end the attack step, or end the turn\n"
         "  declare MISSION             Mission Risk: declare a completed mission (e.g. CPT2)\n"
         "  bribe CARD NEUTRAL          active 2-player game: give a card to a neutral colour\n"
         "  ally NEUTRAL                active 2-player game: reinforce that ally (one die)\n"
         "  remove COLOUR               Team Risk: which defending army is lost (R30)\n"
         "  die N | card C | first S | mission M   enter chance outcomes (--dice manual)\n"
         "Territory ids use underscores: north_africa, western_united_states.";
}

std::string RiskState::phase_commands() const {
  switch (phase_) {
    case Phase::kClaim:
      return "claim TERRITORY";
    case Phase::kSetupPlace:
    case Phase::kTwoPlayerPlace:
      return "place TERRITORY (one army; in the 2-player set-up also one per neutral colour)";
    case Phase::kReinforce:
      return cfg_->mode == Mode::kMissions ? "trade C1 C2 C3 | place N TERRITORY | declare MISSION"
                                           : "trade C1 C2 C3 | place N TERRITORY";
    case Phase::kForcedTrade:
      return "trade C1 C2 C3";
    case Phase::kForcedPlace:
      return "place N TERRITORY";
    case Phase::kAttack:
      return cfg_->mode == Mode::kMissions
                 ? "attack FROM TO [DICE] | end | fortify FROM TO N | declare MISSION"
                 : "attack FROM TO [DICE] | end | fortify FROM TO N";
    case Phase::kDefend:
      return "defend 1|2";
    case Phase::kMoveIn:
      return "move N (armies in the conquered territory)";
    case Phase::kFortify:
      return "fortify FROM TO N | end";
    case Phase::kFortifyMove:
      return "move N";
    case Phase::kTurnEnd:
      return "declare MISSION | end";
    case Phase::kGameOver:
      return "(none)";
    case Phase::kBribe:
      return "bribe CARD NEUTRAL | end";
    case Phase::kAllyReinforce:
      return "ally NEUTRAL (roll its reinforcement die) | end";
    case Phase::kAllyPlace:
      return "place N TERRITORY (your ally's)";
    case Phase::kAllyFortify:
      return "fortify FROM TO N (one move per ally) | end";
    case Phase::kRemoveArmy:
      return "remove COLOUR (one lost defending army)";
    default:
      return "die N | card NAME | first SEAT | mission ID (chance, --dice manual)";
  }
}

std::string RiskState::chance_description() const {
  const Map& map = *cfg_->map;
  switch (phase_) {
    case Phase::kDealMissions:
      return fmt::format("deal {}'s {} mission", owner_name(deal_index_ / kNumRanks),
                         rank_name(deal_index_ % kNumRanks));
    case Phase::kDealTerritories:
      return fmt::format("deal territory card {} of {}", deal_index_ + 1, kNumTerritories);
    case Phase::kRollFirst:
      return cfg_->two_player() ? "roll for who places first" : "roll for who claims first";
    case Phase::kRollStarter:
      return "roll for who takes the first turn";
    case Phase::kRollDice: {
      const std::string battle = fmt::format("{} attacks {} from {}", owner_name(active_),
                                             map.territory(tgt_).id, map.territory(src_).id);
      if (cfg_->battle_outcomes)
        return fmt::format("{}: the roll of {} v {} dice (losses ATTACKER DEFENDER)", battle,
                           att_dice_, def_dice_);
      if (dice_rolled_ < att_dice_)
        return fmt::format("{}: attacker's die {} of {}", battle, dice_rolled_ + 1, att_dice_);
      return fmt::format("{}: defender's ({}) die {} of {}", battle, owner_name(defender()),
                         dice_rolled_ - att_dice_ + 1, def_dice_);
    }
    case Phase::kDrawCard:
      return fmt::format("{} draws a territory card (a conquest this turn)", owner_name(active_));
    case Phase::kRollAllyDie:
      return fmt::format("{}'s ally {}: its reinforcement die", owner_name(active_),
                         owner_name(ally_pending_));
    case Phase::kStatusRoll: {
      const int n = __builtin_ctz(involved_);
      return fmt::format("status roll of {} (in a battle this turn): 1-4 moves it away from {}",
                         owner_name(n), owner_name(active_));
    }
    default:
      return "";
  }
}

std::string RiskState::to_text(Seat seat) const {
  const Map& map = *cfg_->map;
  const Edition& e = *cfg_->edition;
  std::string out;
  out += fmt::format("Risk — {} — turn {} — {} to play ({})\n", mode_name(cfg_->mode), turn_number_,
                     owner_name(active_), phase_name(phase_));
  for (int c = 0; c < kNumContinents; ++c) {
    const auto& ci = map.continent(c);
    out += fmt::format("{} (+{}):\n", ci.name, ci.bonus);
    int col = 0;
    for (Territory t : ci.territories) {
      if (cfg_->teams()) {  // §12: each player's armies, e.g. "red 2 / green 3"
        std::string by;
        for (int p = 0; p < cfg_->players; ++p)
          if (stack_[t][p] > 0)
            by += fmt::format("{}{} {}", by.empty() ? "" : " / ", owner_name(p), stack_[t][p]);
        out += fmt::format("  {:<22} {}\n", map.territory(t).id, by.empty() ? "-" : by);
        continue;
      }
      out += fmt::format("  {:<22} {:>7} {:>3}", map.territory(t).id,
                         owner_[t] < 0 ? std::string("-") : owner_name(owner_[t]).substr(0, 7),
                         armies_[t]);
      if (++col % 3 == 0) out += "\n";
    }
    if (col % 3) out += "\n";
  }
  for (int p = 0; p < cfg_->players; ++p) {
    out +=
        fmt::format("{:<7}{} territories {:>2}  armies {:>3}  cards {}{}{}\n", owner_name(p),
                    cfg_->teams() ? (RiskConfig::team_of(p) == 0 ? " (team A)" : " (team B)") : "",
                    territory_count(p), armies_on_board(p), popcount(hand_[hand_slot(p)]),
                    eliminated_[p] ? "  (eliminated)" : "",
                    phase_ <= Phase::kTwoPlayerPlace && setup_left_[p] > 0
                        ? fmt::format("  to place {}", setup_left_[p])
                        : "");
  }
  if (cfg_->mode == Mode::kTwoPlayerActive) {
    static const char* kStatus[] = {"ally of red", "uninvolved", "ally of blue"};
    for (int n = 2; n < kMaxOwners; ++n)
      out += fmt::format("{}: {} ({} bribe cards)\n", owner_name(n),
                         status_[n] < 0 ? "destroyed" : kStatus[status_[n]], popcount(bribes_[n]));
  }
  if (!cfg_->fixed_trade_table())
    out += fmt::format("Golden Cavalryman: next set {}\n", cavalry_value(e, sets_traded_));
  if (seat >= 0 && seat < cfg_->players) {
    out += cfg_->teams() ? "Your team's cards:" : "Your cards:";
    for (CardMask m = hand_[hand_slot(seat)]; m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      out += fmt::format(" [{}] {} ({})", c, e.card_name(c, map), symbol_name(e.symbol[c]));
    }
    out += "\n";
    if (cfg_->mode == Mode::kMissions)
      for (int slot = 0; slot < kNumRanks; ++slot)
        if (missions_[seat][slot] >= 0) {
          const Mission& mi = e.missions[missions_[seat][slot]];
          out += fmt::format("Mission {} ({}): {}{}\n", mi.id, rank_name(mi.rank), mi.text,
                             mission_completed(seat, slot) ? " — completed" : "");
        }
  }
  if (last_att_ > 0) {
    out += "Last roll: attack";
    for (int i = 0; i < last_att_; ++i) out += fmt::format(" {}", last_dice_[i]);
    out += ", defence";
    for (int i = 0; i < last_def_; ++i) out += fmt::format(" {}", last_dice_[last_att_ + i]);
    out += "\n";
  }
  switch (phase_) {
    case Phase::kReinforce:
    case Phase::kForcedPlace:
      out += fmt::format("{} armies to place{}.\n", reinforcements_,
                         must_trade_ ? " — you hold 5 or more cards: trade a set first" : "");
      break;
    case Phase::kForcedTrade:
      out += "You hold more than 5 cards after an elimination: trade sets until 4 or fewer.\n";
      break;
    case Phase::kDefend:
    case Phase::kRollDice:
      out += fmt::format("Battle: {} ({}) attacks {} ({}) with {} dice{}\n", map.territory(src_).id,
                         armies_[src_], map.territory(tgt_).id, armies_[tgt_], att_dice_,
                         phase_ == Phase::kDefend ? fmt::format(" — {} chooses 1 or 2 defence dice",
                                                                owner_name(defender()))
                                                  : "");
      break;
    case Phase::kMoveIn:
      out += fmt::format("Conquered {}: move {}..{} armies in ('move N').\n",
                         map.territory(move_.to).id, move_.moved,
                         move_.moved + std::min(armies_[move_.from] - 1,
                                                cfg_->teams() ? stack_[move_.from][active_]
                                                              : armies_[move_.from]));
      break;
    case Phase::kRemoveArmy:
      out +=
          fmt::format("The defence of {} loses {} more: {} chooses whose army ('remove COLOUR').\n",
                      map.territory(tgt_).id, pending_losses_, owner_name(defender()));
      break;
    case Phase::kFortify:
      out += "Fortify once ('fortify FROM TO N') or 'end' the turn.\n";
      break;
    case Phase::kAllyPlace:
      out += fmt::format("Your ally {}: {} armies from its die left to place on its territories.\n",
                         owner_name(ally_pending_), reinforcements_);
      break;
    case Phase::kGameOver:
      if (cfg_->teams())
        out += fmt::format("Game over: team {} wins.\n",
                           RiskConfig::team_of(winner_) == 0 ? "A" : "B");
      else
        out += fmt::format("Game over: {} wins.\n", owner_name(winner_));
      break;
    default:
      break;
  }
  out += "Commands: " + phase_commands() + "\n";
  return out;
}

}  // namespace meeple::risk
