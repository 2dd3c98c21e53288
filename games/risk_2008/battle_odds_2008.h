// Exact odds of one Risk 2008 battle roll (risk_2008.md §8.1-§8.2, R11, R12),
// for battles taken as one outcome (option battles=outcomes).
//
// Without bonus dice or airfields a roll is the classic one and the counts
// are games/risk/odds.h's table. With them, every face combination of the
// a attack dice, the attack bonus die, the d defence dice and the defence
// bonus die is enumerated (at most 6^7 = 279,936, equally likely): the bonus
// die replaces one lowest die of its side when higher (§8.1 steps 2-3, on the
// raw faces: R12), then an airfield adds 1 to one highest die of its side
// (step 4, at most +1 a side: R11), then the dice are compared (§8.2).
#pragma once

#include "games/risk/odds.h"

namespace meeple::risk {

// Who gets what in one 2008 battle roll.
struct Roll2008 {
  int attack_dice = 1;            // 1..3
  int defence_dice = 1;           // 1..2
  bool attack_bonus = false;      // the attacker holds the Bonus Attack Die
  bool defence_bonus = false;     // the defender holds the Bonus Defence Die
  bool attack_airfield = false;   // an airfield of the attacker qualifies (R2)
  bool defence_airfield = false;  // an airfield of the defender qualifies
};

// The exact counts of one roll (attacker_loses[i]: the attacker loses i of
// the min(a, d) compared, the defender the rest), counted once per
// configuration and kept (thread-safe).
const RollOdds& roll_odds_2008(const Roll2008& roll);

}  // namespace meeple::risk
