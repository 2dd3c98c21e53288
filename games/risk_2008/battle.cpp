// Battles of the 2008 edition (risk_2008.md §7.3, §8, §10.1, §11, R2, R11,
// R12, R20, R22). The dice come one at a time as chance outcomes in a fixed
// order: the attacker's normal dice, its bonus die (if it holds the Bonus
// Attack Die), the defender's normal dice, its bonus die. Bonus dice and
// airfields are applied automatically (R18): they never hurt their holder.
// With option battles=outcomes the whole roll is one chance outcome instead:
// the troops each side loses, with the exact odds of battle_odds_2008.h.
#include "games/risk/battle.h"

#include <algorithm>
#include <bit>

#include "games/risk_2008/battle_odds_2008.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk {

using namespace r2008;

namespace {
// Slots of dice_: attack dice 0..2, attack bonus 3, defence dice 4..5,
// defence bonus 6.
constexpr int kAttackBonusSlot = 3;
constexpr int kDefenceSlot = 4;
constexpr int kDefenceBonusSlot = 6;

// §8.1 steps 2-3: the bonus die replaces one lowest die if it is higher.
void apply_bonus(std::span<int> dice, int bonus) {
  auto lowest = std::min_element(dice.begin(), dice.end());
  if (bonus > *lowest) *lowest = bonus;
}
}  // namespace

void Risk2008State::begin_attack(Action a) {
  const Edge& e = cfg_->map->edges()[attack_edge_of(a)];
  src_ = e.from;
  tgt_ = e.to;
  att_dice_ = attack_dice_of(a);
  battled_ = true;  // the Starting Manoeuvre's window closes (§7.2)
  // The defender chooses only when it has a choice.
  if (max_defence_dice(troops_[tgt_]) == 1) {
    def_dice_ = 1;
    begin_roll();
  } else {
    phase_ = Phase2008::kDefend;
  }
}

void Risk2008State::begin_roll() {
  rolled_ = 0;
  dice_.fill(0);
  phase_ = Phase2008::kRoll;
}

// The slot of dice_ the next die fills, or -1 when all are rolled.
int Risk2008State::dice_due() const {
  if (cfg_->battle_outcomes) return -1;  // one outcome, no faces
  const bool att_bonus = holds_reward(active_, Reward::kBonusAttackDie);
  const bool def_bonus = holds_reward(owner_[tgt_], Reward::kBonusDefenceDie);
  int k = rolled_;
  if (k < att_dice_) return k;
  k -= att_dice_;
  if (att_bonus) {
    if (k == 0) return kAttackBonusSlot;
    --k;
  }
  if (k < def_dice_) return kDefenceSlot + k;
  k -= def_dice_;
  if (def_bonus && k == 0) return kDefenceBonusSlot;
  return -1;
}

void Risk2008State::roll_die(int face) {
  dice_[dice_due()] = face;
  ++rolled_;
  if (dice_due() < 0) resolve();
}

// R2: an airfield of p helps when p fights this battle and one of the two
// battle territories is the airfield's or next to it; at most +1 (R11).
bool Risk2008State::airfield_helps(int p) const {
  const Map& map = *cfg_->map;
  for (int k = 0; k < kNumTokens; ++k) {
    const int x = airfield_at_[k];
    if (token_holder_[k] != p || x < 0) continue;
    if (x == src_ || x == tgt_ || map.adjacent(x, src_) || map.adjacent(x, tgt_)) return true;
  }
  return false;
}

void Risk2008State::resolve() {
  std::array<int, 3> att{}, def{};
  std::copy_n(dice_.begin(), att_dice_, att.begin());
  std::copy_n(dice_.begin() + kDefenceSlot, def_dice_, def.begin());
  const std::span<int> a(att.data(), att_dice_), d(def.data(), def_dice_);
  // R12: bonus dice on the raw faces first, then the airfields' +1 on one
  // highest die.
  if (dice_[kAttackBonusSlot] > 0) apply_bonus(a, dice_[kAttackBonusSlot]);
  if (dice_[kDefenceBonusSlot] > 0) apply_bonus(d, dice_[kDefenceBonusSlot]);
  if (airfield_helps(active_)) ++*std::max_element(a.begin(), a.end());
  if (airfield_helps(owner_[tgt_])) ++*std::max_element(d.begin(), d.end());
  const BattleLosses losses = resolve_battle(a, d);
  apply_losses(losses.attacker, losses.defender);
}

const RollOdds& Risk2008State::roll_odds() const {
  Roll2008 r;
  r.attack_dice = att_dice_;
  r.defence_dice = def_dice_;
  r.attack_bonus = holds_reward(active_, Reward::kBonusAttackDie);
  r.defence_bonus = holds_reward(owner_[tgt_], Reward::kBonusDefenceDie);
  r.attack_airfield = airfield_helps(active_);
  r.defence_airfield = airfield_helps(owner_[tgt_]);
  return roll_odds_2008(r);
}

// The roll's losses, from the dice or as one outcome; a territory emptied
// is conquered.
void Risk2008State::apply_losses(int attacker_losses, int defender_losses) {
  troops_[src_] -= attacker_losses;
  troops_[tgt_] -= defender_losses;
  last_losses_ = {attacker_losses, defender_losses};
  if (troops_[tgt_] == 0)
    conquer();
  else
    phase_ = Phase2008::kAttack;
}

// R22 (a)-(b): the territory, its city and capital pass; an airfield on it is
// destroyed; the attacker moves in at least the dice rolled.
void Risk2008State::conquer() {
  victim_ = owner_[tgt_];
  owner_[tgt_] = static_cast<int8_t>(active_);
  conquered_ = true;
  for (int k = 0; k < kNumTokens; ++k)
    if (airfield_at_[k] == tgt_) {
      airfield_at_[k] = -1;
      token_holder_[k] = -2;  // out of the game; the objective stays held
    }
  move_.begin(src_, tgt_, att_dice_, att_dice_);
  move_kind_ = 0;
  troops_[src_] -= att_dice_;
  troops_[tgt_] += att_dice_;
  if (troops_[src_] > 1)
    phase_ = Phase2008::kMove;
  else
    finish_move();
}

// R22 (c)-(d): elimination hands cards and objective cards to the
// conqueror, the rewards leave the game, the capital stays; the last player
// standing wins at once (R20).
void Risk2008State::after_conquest() {
  const int v = victim_;
  victim_ = -1;
  src_ = tgt_ = -1;
  phase_ = Phase2008::kAttack;
  if (v < 0 || own_mask(v) != 0) return;
  eliminated_[v] = true;
  hand_[active_] |= hand_[v];
  hand_[v] = 0;
  for (auto& w : obj_where_)
    if (w == v) w = static_cast<int8_t>(active_);
  for (int k = 0; k < kNumTokens; ++k)
    if (token_holder_[k] == v) {
      token_holder_[k] = -2;
      airfield_at_[k] = -1;
    }
  int alive = 0;
  for (int p = 0; p < cfg_->players; ++p) alive += !eliminated_[p];
  if (alive == 1) {
    winner_ = active_;
    phase_ = Phase2008::kGameOver;
  }
}

}  // namespace meeple::risk
