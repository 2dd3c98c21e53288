// Set-up of the Risk game (risk_classic.md §6, §8.1, §9).
//
// 3–6 players (§6): [missions: one card dealt from each rank pile per
// player, §8.1] → roll for the first claimer → claim the 42 territories one
// army at a time, clockwise → place the remaining starting armies one at a
// time, starting again with the first claimer (R35) → roll for the first turn.
//
// 2 players (§9): deal the 42 territory cards 9 / 9 / 6 / 6 / 6 / 6 (jokers
// out) and put one army on each → jokers back, deck shuffled (the deck is a
// set: every draw is a uniform chance outcome, so no shuffle step is needed)
// → roll for the first placer → alternate placement turns of 3 own armies plus
// 1 army of each neutral → roll for the first turn.
//
// The start rolls "highest die, ties re-roll among the tied" (R7) pick each
// seat with equal probability, so they are one chance outcome naming the seat.
#include <cassert>

#include "games/risk/risk_state.h"

namespace meeple::risk {

RiskState::RiskState(std::shared_ptr<const RiskConfig> config) : cfg_(std::move(config)) {
  owner_.fill(-1);
  armies_.fill(0);
  status_.fill(1);  // §11.1: every neutral starts uninvolved
  for (auto& m : missions_) m.fill(-1);
  if (cfg_->teams()) stack_.assign(kNumTerritories, {});  // §12: armies per seat
  const Edition& e = *cfg_->edition;
  if (cfg_->two_player()) {
    setup_left_ = {e.two_player_armies, e.two_player_armies, e.neutral_armies,
                   e.neutral_armies,    e.neutral_armies,    e.neutral_armies};
    deck_ = kAllCards & ~kJokers;  // §9 step 2: jokers removed for the deal
    phase_ = Phase::kDealTerritories;
  } else {
    for (int p = 0; p < cfg_->players; ++p) setup_left_[p] = e.start_armies[cfg_->players];
    phase_ = cfg_->mode == Mode::kMissions ? Phase::kDealMissions : Phase::kRollFirst;
  }
}

void RiskState::begin_claiming(int first) {
  first_ = first;
  active_ = first;
  phase_ = Phase::kClaim;
}

void RiskState::begin_two_player_turn_of_placement(int p) {
  active_ = p;
  own_left_ = std::min(cfg_->edition->placement_own, setup_left_[p]);
  neutral_done_ = 0;
}

// Passes the set-up placement to the next player who still has armies, or
// ends the set-up with the roll for the first turn.
void RiskState::after_setup_place() {
  const int n = cfg_->players;
  for (int step = 1; step <= n; ++step) {
    const int q = (active_ + step) % n;
    if (setup_left_[q] > 0) {
      active_ = q;
      return;
    }
  }
  phase_ = Phase::kRollStarter;
}

void RiskState::apply_setup(Action a) {
  const Edition& e = *cfg_->edition;
  switch (phase_) {
    case Phase::kDealMissions: {
      // One card from each rank's pile per player, players in seat order.
      const int p = deal_index_ / kNumRanks, rank = deal_index_ % kNumRanks;
      missions_[p][rank] = a - kMissionBase;
      assert(e.missions[a - kMissionBase].rank == rank);
      if (++deal_index_ == kNumRanks * cfg_->players) {
        deal_index_ = 0;  // the counter is reused for the claims
        phase_ = Phase::kRollFirst;
      }
      return;
    }
    case Phase::kDealTerritories: {
      const Territory t = a - kCardBase;
      const int i = deal_index_++;
      const int recipient = i < e.deal_player       ? 0
                            : i < 2 * e.deal_player ? 1
                                                    : 2 + (i - 2 * e.deal_player) / e.deal_neutral;
      owner_[t] = static_cast<int8_t>(recipient);
      armies_[t] = 1;
      --setup_left_[recipient];
      if (deal_index_ == kNumTerritories) {
        deck_ = kAllCards;  // §9 step 4: every card, jokers too, back in the deck
        phase_ = Phase::kRollFirst;
      }
      return;
    }
    case Phase::kRollFirst: {
      const int s = a - kSeatBase;
      if (cfg_->two_player()) {
        first_ = s;
        phase_ = Phase::kTwoPlayerPlace;
        begin_two_player_turn_of_placement(s);
      } else {
        begin_claiming(s);
      }
      return;
    }
    case Phase::kClaim: {
      assert(owner_[a] < 0);
      owner_[a] = static_cast<int8_t>(active_);
      armies_[a] = 1;
      if (cfg_->teams()) stack_[a][active_] = 1;
      --setup_left_[active_];
      if (++deal_index_ == kNumTerritories) {
        phase_ = Phase::kSetupPlace;
        active_ = first_;  // R35: the placement round starts with the first claimer
        if (setup_left_[active_] == 0) after_setup_place();
      } else {
        active_ = (active_ + 1) % cfg_->players;
      }
      return;
    }
    case Phase::kSetupPlace: {
      assert(owner_[a] == active_);
      add_armies(a, active_, 1);
      --setup_left_[active_];
      after_setup_place();
      return;
    }
    case Phase::kTwoPlayerPlace: {
      const int o = owner_[a];
      ++armies_[a];
      --setup_left_[o];
      if (o == active_)
        --own_left_;
      else
        neutral_done_ |= static_cast<uint8_t>(1u << o);
      bool pending = own_left_ > 0;
      for (int n = 2; n < kMaxOwners; ++n)
        if (!((neutral_done_ >> n) & 1) && setup_left_[n] > 0) pending = true;
      if (pending) return;
      bool any_left = false;
      for (int o2 = 0; o2 < kMaxOwners; ++o2) any_left = any_left || setup_left_[o2] > 0;
      if (any_left)
        begin_two_player_turn_of_placement(1 - active_);
      else
        phase_ = Phase::kRollStarter;
      return;
    }
    case Phase::kRollStarter:
      start_turn(a - kSeatBase);
      return;
    default:
      assert(false && "not a set-up phase");
  }
}

}  // namespace meeple::risk
