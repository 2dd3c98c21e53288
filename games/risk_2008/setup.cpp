// Set-up of the 2008 edition (risk_2008.md §6): Command Room's random
// cities, objectives, reward tokens and first seat as chance outcomes, then
// capitals, claims and one-troop reinforcement in seat order, then the
// starting cards as chance draws. Basic Training fixes colours, order,
// cities and objectives; its printed opening is used when the data holds
// one, otherwise ruling R1's fallback runs the same capital/claim/place
// steps with seat 0 (Yellow) first. World Conquest (§13, [UNVERIFIED]) is
// Command Room's set-up with steps 2-3 (objectives, reward tokens) skipped.
#include <bit>
#include <utility>

#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk {

using namespace r2008;

Risk2008State::Risk2008State(std::shared_ptr<const Risk2008Config> config)
    : cfg_(std::move(config)) {
  owner_.fill(-1);
  capital_.fill(-1);
  obj_where_.fill(kBoxed);
  obj_token_.fill(-1);
  token_holder_.fill(-1);
  airfield_at_.fill(-1);
  deck_ = (uint64_t{1} << kNumTerritories) - 1;
  begin_setup();
}

void Risk2008State::begin_setup() {
  const Edition2008& e = *cfg_->edition;
  const int n = cfg_->players;
  for (int p = 0; p < n; ++p) setup_left_[p] = e.starting_troops[n];
  if (!cfg_->basic_training()) {
    phase_ = Phase2008::kCities;
    return;
  }
  // Basic Training (§6.2): everything fixed, no rewards, Yellow first.
  cities_ = e.basic_training_cities;
  for (const int i : e.basic_training_minor) obj_where_[i] = kOnBoard;
  for (const int i : e.basic_training_major) obj_where_[i] = kOnBoard;
  first_ = 0;
  if (const auto& opening = e.basic_training_opening[n]) {
    for (int t = 0; t < kNumTerritories; ++t)
      set_territory(t, opening->seat[t], opening->troops[t]);
    for (int p = 0; p < n; ++p) {
      capital_[p] = static_cast<int8_t>(opening->capital[p]);
      setup_left_[p] = 0;
    }
    claims_ = kNumTerritories;
    begin_deal();
    return;
  }
  begin_capitals();  // R1's fallback
}

void Risk2008State::begin_capitals() {
  active_ = first_;
  phase_ = Phase2008::kCapital;
}

void Risk2008State::legal_setup(std::vector<Action>& out) const {
  switch (phase_) {
    case Phase2008::kCapital:
    case Phase2008::kClaim:
      for (int t = 0; t < kNumTerritories; ++t)
        if (owner_[t] < 0) out.push_back(t);
      break;
    case Phase2008::kSetupPlace:
      add_territories_of(out, owner_, active_);
      break;
    default:
      break;
  }
}

void Risk2008State::chance_setup(std::vector<ChanceOutcome>& out) const {
  const Edition2008& e = *cfg_->edition;
  auto uniform = [&out](const std::vector<Action>& ids) {
    for (const Action a : ids) out.push_back({a, 1.0 / static_cast<double>(ids.size())});
  };
  std::vector<Action> ids;
  switch (phase_) {
    case Phase2008::kCities:
      for (int t = 0; t < kNumTerritories; ++t)
        if (!(cities_ & bit(t))) ids.push_back(kCityBase + t);
      break;
    case Phase2008::kObjectives: {
      // The minor objectives are laid first, then the major (§6.1 step 2).
      const int per_type = e.command_room_per_type;
      const ObjectiveType type =
          std::cmp_less(laid_.size(), per_type) ? ObjectiveType::kMinor : ObjectiveType::kMajor;
      for (int i = 0; i < kNumObjectives; ++i)
        if (obj_where_[i] == kBoxed && e.objectives[i].type == type)
          ids.push_back(kObjectiveBase + i);
      break;
    }
    case Phase2008::kTokens: {
      // Minor tokens go on the minor objectives (laid first), major on major.
      const int per_type = e.command_room_per_type;
      const int lo = tokens_placed_ < per_type ? 0 : per_type;
      for (int k = lo; k < lo + per_type; ++k) {
        bool used = false;
        for (int i = 0; i < kNumObjectives; ++i) used = used || obj_token_[i] == k;
        if (!used) ids.push_back(kTokenBase + k);
      }
      break;
    }
    case Phase2008::kFirst:
      for (int p = 0; p < cfg_->players; ++p) ids.push_back(kFirstBase + p);
      break;
    case Phase2008::kDeal:
      for (int c = 0; c < kNumTerritories; ++c)
        if (deck_ & bit(c)) ids.push_back(kCardBase + c);
      break;
    default:
      break;
  }
  uniform(ids);
}

void Risk2008State::apply_setup(Action a) {
  const Edition2008& e = *cfg_->edition;
  const int n = cfg_->players;
  switch (phase_) {
    case Phase2008::kCities:
      // The city cards go back into the deck, which is reshuffled: the deck
      // stays whole, only the cities are recorded.
      cities_ |= bit(a - kCityBase);
      if (++cities_drawn_ == e.num_cities)
        phase_ = cfg_->world_conquest() ? Phase2008::kFirst : Phase2008::kObjectives;
      return;
    case Phase2008::kObjectives:
      obj_where_[a - kObjectiveBase] = kOnBoard;
      laid_.push_back(static_cast<int8_t>(a - kObjectiveBase));
      if (static_cast<int>(laid_.size()) == 2 * e.command_room_per_type)
        phase_ = Phase2008::kTokens;
      return;
    case Phase2008::kTokens:
      obj_token_[laid_[tokens_placed_]] = static_cast<int8_t>(a - kTokenBase);
      if (++tokens_placed_ == static_cast<int>(laid_.size())) phase_ = Phase2008::kFirst;
      return;
    case Phase2008::kFirst:
      first_ = a - kFirstBase;
      begin_capitals();
      return;
    case Phase2008::kCapital:
      capital_[active_] = static_cast<int8_t>(a);
      [[fallthrough]];
    case Phase2008::kClaim:
      set_territory(a, active_, 1);
      --setup_left_[active_];
      ++claims_;
      active_ = (active_ + 1) % n;
      if (phase_ == Phase2008::kCapital && active_ == first_) phase_ = Phase2008::kClaim;
      if (claims_ == kNumTerritories) {
        // R16: reinforcement starts with the seat after claim 42's, which
        // is active_ now.
        phase_ = Phase2008::kSetupPlace;
        after_claim();
      }
      return;
    case Phase2008::kSetupPlace:
      ++troops_[a];
      --setup_left_[active_];
      active_ = (active_ + 1) % n;
      after_claim();
      return;
    case Phase2008::kDeal:
      deck_ &= ~bit(a - kCardBase);
      hand_[active_] |= bit(a - kCardBase);
      ++deal_given_;
      continue_deal();
      return;
    default:
      return;
  }
}

// Skips seats that have placed all their troops; deals when none is left.
void Risk2008State::after_claim() {
  for (int k = 0; k < cfg_->players; ++k) {
    if (setup_left_[active_] > 0) return;
    active_ = (active_ + 1) % cfg_->players;
  }
  begin_deal();
}

void Risk2008State::begin_deal() {
  deal_seat_ = 0;
  deal_given_ = 0;
  continue_deal();
}

// Starting cards by spec seat (§6: none, none, 1, 1, 2), dealt in seat order.
void Risk2008State::continue_deal() {
  const Edition2008& e = *cfg_->edition;
  const int n = cfg_->players;
  while (deal_seat_ < n && (deal_given_ >= e.starting_cards[deal_seat_] || deck_ == 0)) {
    ++deal_seat_;
    deal_given_ = 0;
  }
  if (deal_seat_ == n) {
    start_turn(first_);
    return;
  }
  active_ = (first_ + deal_seat_) % n;
  phase_ = Phase2008::kDeal;
}

int Risk2008State::claim_count(int p) const {
  return std::popcount(own_mask(p));
}

}  // namespace meeple::risk
