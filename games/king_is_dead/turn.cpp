// A turn (shared/rules/king_is_dead.md §6, §8.2, §8.3): pass, or play a card,
// resolve its effect step by step (only steps that lead to a legal, maximal
// effect are offered), then summon one follower from an open region (skipped
// when every open region is empty, R5). N consecutive passes start a power
// struggle (§6, R6).
#include <algorithm>
#include <cassert>

#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

Seat KidState::current_player() const {
  switch (phase_) {
    case Phase::kSetup:
      return kChance;
    case Phase::kEnded:
      return kTerminal;
    default:
      return current_;
  }
}

void KidState::matching(std::vector<Candidate>& out) const {
  candidates(current_, effect_card_, out);
  std::erase_if(out, [&](const Candidate& c) {
    if (c.len < static_cast<int>(steps_.size())) return true;
    return !std::equal(steps_.begin(), steps_.end(), c.steps.begin());
  });
}

void KidState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kSetup:
      chance_ids(out);
      return;
    case Phase::kEnded:
      return;
    case Phase::kAction: {
      out.push_back(kPass);
      const auto& hand = players_[static_cast<size_t>(current_)].hand;
      for (int c = 0; c < kNumCards; ++c)
        if (hand[static_cast<size_t>(c)] > 0 && c != kPlot) out.push_back(kPlayBase + c);
      return;
    }
    case Phase::kEffect: {
      const size_t k = steps_.size();
      for (const auto& c : effect_cands_) out.push_back(c.steps[k]);
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      return;
    }
    case Phase::kSummon:
      for (int r = 0; r < kNumRegions; ++r)
        for (int f = 0; f < kNumFactions; ++f)
          if (is_open(r) && followers(r, f) > 0) out.push_back(follower_action(r, f));
      return;
  }
}

bool KidState::is_legal(Action a) const {
  if (a < 0 || a >= kNumDistinctActions) return false;
  switch (phase_) {
    case Phase::kAction:
      if (a == kPass) return true;
      if (a >= kPlayBase && a < kPlayBase + kNumCards)
        return a - kPlayBase != kPlot &&
               players_[static_cast<size_t>(current_)].hand[static_cast<size_t>(a - kPlayBase)] > 0;
      return false;
    case Phase::kSummon: {
      if (a < kFollowerBase || a >= kRegionBase) return false;
      const int r = (a - kFollowerBase) / kNumFactions, f = (a - kFollowerBase) % kNumFactions;
      return is_open(r) && followers(r, f) > 0;
    }
    default: {
      std::vector<Action> legal;
      legal_actions(legal);
      return std::binary_search(legal.begin(), legal.end(), a);
    }
  }
}

void KidState::apply(Action a) {
  assert(is_legal(a));
  switch (phase_) {
    case Phase::kSetup:
      apply_chance(a);
      return;
    case Phase::kAction:
      if (a == kPass) {
        // §6: N consecutive passes start a power struggle; the next player is
        // the one after the last passer either way.
        if (++passes_ == cfg_->players) {
          passes_ = 0;
          power_struggle();
          if (phase_ == Phase::kEnded) return;
        }
        current_ = (current_ + 1) % cfg_->players;
        return;
      }
      play_card(a - kPlayBase);
      return;
    case Phase::kEffect:
      effect_step(a);
      return;
    case Phase::kSummon: {
      const int r = (a - kFollowerBase) / kNumFactions, f = (a - kFollowerBase) % kNumFactions;
      --regions_[static_cast<size_t>(r)][static_cast<size_t>(f)];
      ++players_[static_cast<size_t>(current_)].court[static_cast<size_t>(f)];
      end_turn();
      return;
    }
    case Phase::kEnded:
      return;
  }
}

void KidState::play_card(int card) {
  auto& pl = players_[static_cast<size_t>(current_)];
  --pl.hand[static_cast<size_t>(card)];
  pl.discard.push_back(static_cast<int8_t>(card));
  passes_ = 0;
  pl.last_play = ++seq_;
  if (pl.cards_left() == 0) pl.exhausted = seq_;  // R18: Plot does not count
  std::vector<Candidate> cands;
  candidates(current_, card, cands);
  if (cands.empty()) {  // R4: no possible effect; the card still counts
    Candidate none;
    none.type = card == kManoeuvre      ? EffectType::kManoeuvre
                : card == kOutmanoeuvre ? EffectType::kOutmanoeuvre
                                        : EffectType::kOther;
    execute(current_, none);
    begin_summon();
    return;
  }
  phase_ = Phase::kEffect;
  effect_card_ = card;
  steps_.clear();
  effect_cands_ = std::move(cands);
}

void KidState::effect_step(Action a) {
  const size_t k = steps_.size();
  steps_.push_back(a);
  std::erase_if(effect_cands_, [&](const Candidate& c) { return c.steps[k] != a; });
  assert(!effect_cands_.empty());
  for (const auto& c : effect_cands_) {
    if (c.len == static_cast<int>(steps_.size())) {
      execute(current_, c);
      effect_card_ = -1;
      steps_.clear();
      effect_cands_.clear();
      begin_summon();
      return;
    }
  }
}

void KidState::begin_summon() {
  for (int r = 0; r < kNumRegions; ++r)
    if (is_open(r) && regions_[static_cast<size_t>(r)][0] + regions_[static_cast<size_t>(r)][1] +
                              regions_[static_cast<size_t>(r)][2] >
                          0) {
      phase_ = Phase::kSummon;
      return;
    }
  end_turn();  // R5: every open region is empty
}

void KidState::end_turn() {
  phase_ = Phase::kAction;
  current_ = (current_ + 1) % cfg_->players;
}

}  // namespace meeple::king_is_dead
