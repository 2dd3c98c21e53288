// Set-up as chance (shared/rules/king_is_dead.md §4, §4.4, R30).
//
// 1. Each home region holds its 2 followers; the rest go in the bag (2
//    players: 2 per faction stay in the box).
// 2. Each player in seat order draws 2 followers from the bag into their
//    court (courts first, R30), one chance outcome per follower: the faction
//    drawn, with probability (that faction in the bag) / (bag size).
// 3. Regions in board order are filled to 4 followers the same way.
// 4. Region cards: space 1, 2, ... 8 each receive one of the cards not yet
//    placed, uniformly (a shuffle as 8 draws).
// 5. Advanced game: each player in seat order is dealt 3 Cunning cards, one
//    at a time, uniformly from the cards not yet dealt; what is left stays in
//    the box unseen (R35).
// The rest of the bag is the supply. Then the first player acts.
#include <cassert>

#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

KidState::KidState(std::shared_ptr<const KidConfig> cfg) : cfg_(std::move(cfg)) {
  const Board& b = *cfg_->board;
  status_.fill(kOpen);
  track_.fill(-1);
  bag_.fill(static_cast<int8_t>(cfg_->total_followers()));
  for (int f = 0; f < kNumFactions; ++f) {
    const auto home = static_cast<size_t>(b.home[static_cast<size_t>(f)]);
    regions_[home][static_cast<size_t>(f)] = static_cast<int8_t>(b.home_followers);
    bag_[static_cast<size_t>(f)] =
        static_cast<int8_t>(bag_[static_cast<size_t>(f)] - b.home_followers);
  }
  for (int p = 0; p < cfg_->players; ++p) {
    auto& hand = players_[static_cast<size_t>(p)].hand;
    for (int c : cfg_->advanced ? b.advanced_hand : b.basic_hand) ++hand[static_cast<size_t>(c)];
  }
  current_ = cfg_->first_player;
}

int KidState::setup_court_draws() const {
  return cfg_->players * cfg_->board->court_draw;
}

int KidState::setup_fill_draws() const {
  const Board& b = *cfg_->board;
  return kNumRegions * b.followers_per_region - kNumFactions * b.home_followers;
}

int KidState::setup_deal_draws() const {
  return cfg_->advanced ? cfg_->players * cfg_->board->cunning_per_player : 0;
}

uint32_t KidState::undealt_mask() const {
  uint32_t mask = 0;
  if (!cfg_->advanced) return 0;
  const int last = cfg_->betrayal ? kBetrayal : kMuster;
  for (int c = kFirstCunning; c <= last; ++c) mask |= 1u << (c - kFirstCunning);
  for (int p = 0; p < cfg_->players; ++p) {
    const auto& pl = players_[static_cast<size_t>(p)];
    for (int c = kFirstCunning; c < kNumCards; ++c)
      if (pl.hand[static_cast<size_t>(c)] > 0) mask &= ~(1u << (c - kFirstCunning));
    for (int c : pl.discard)
      if (c >= kFirstCunning) mask &= ~(1u << (c - kFirstCunning));
  }
  return mask;
}

void KidState::chance_ids(std::vector<Action>& out) const {
  out.clear();
  const int draws = setup_court_draws() + setup_fill_draws();
  if (setup_step_ < draws) {
    for (int f = 0; f < kNumFactions; ++f)
      if (bag_[static_cast<size_t>(f)] > 0) out.push_back(kDrawBase + f);
  } else if (setup_step_ < draws + kNumRegions) {
    uint8_t placed = 0;
    for (int k = 0; k < kNumRegions; ++k)
      if (track_[static_cast<size_t>(k)] >= 0)
        placed = static_cast<uint8_t>(placed | (1u << track_[static_cast<size_t>(k)]));
    for (int r = 0; r < kNumRegions; ++r)
      if (!((placed >> r) & 1)) out.push_back(kRegionCardBase + r);
  } else {
    const uint32_t undealt = undealt_mask();
    for (int i = 0; i < kNumCunning; ++i)
      if ((undealt >> i) & 1) out.push_back(kDealBase + i);
  }
}

std::vector<ChanceOutcome> KidState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (phase_ != Phase::kSetup) return out;
  std::vector<Action> ids;
  chance_ids(ids);
  const int draws = setup_court_draws() + setup_fill_draws();
  if (setup_step_ < draws) {
    const double total = bag_[0] + bag_[1] + bag_[2];
    for (Action a : ids) out.push_back({a, bag_[static_cast<size_t>(a - kDrawBase)] / total});
  } else {
    for (Action a : ids) out.push_back({a, 1.0 / static_cast<double>(ids.size())});
  }
  return out;
}

void KidState::apply_chance(Action a) {
  const Board& b = *cfg_->board;
  const int courts = setup_court_draws(), fill = setup_fill_draws();
  if (setup_step_ < courts + fill) {
    const int f = a - kDrawBase;
    assert(f >= 0 && f < kNumFactions && bag_[static_cast<size_t>(f)] > 0);
    --bag_[static_cast<size_t>(f)];
    if (setup_step_ < courts) {
      ++players_[static_cast<size_t>(setup_step_ / b.court_draw)].court[static_cast<size_t>(f)];
    } else {
      for (auto& reg : regions_) {
        if (reg[0] + reg[1] + reg[2] < b.followers_per_region) {
          ++reg[static_cast<size_t>(f)];
          break;
        }
      }
    }
  } else if (setup_step_ < courts + fill + kNumRegions) {
    track_[static_cast<size_t>(setup_step_ - courts - fill)] =
        static_cast<int8_t>(a - kRegionCardBase);
  } else {
    const int i = setup_step_ - courts - fill - kNumRegions;
    ++players_[static_cast<size_t>(i / b.cunning_per_player)]
          .hand[static_cast<size_t>(kFirstCunning + a - kDealBase)];
  }
  ++setup_step_;
  if (setup_step_ == courts + fill + kNumRegions + setup_deal_draws()) {
    supply_ = bag_;  // §4.1 step 5: the rest of the bag is the supply
    bag_.fill(0);
    phase_ = Phase::kAction;
    current_ = cfg_->first_player;
  }
}

}  // namespace meeple::king_is_dead
