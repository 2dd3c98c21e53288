// One battle roll of Risk (risk_classic.md §4; the 2008 edition's §8 uses the
// same comparison after its bonus dice and airfields have changed the values).
//
// The attacker commits a = 1..3 armies (at most source − 1), the defender
// answers with d = 1..2 dice (at most the armies in the target). Each side's
// dice are sorted high to low and compared pairwise; the strictly higher die
// wins and a tie goes to the defender. Unmatched dice are ignored, so one roll
// removes exactly min(a, d) armies. The dice themselves are chance outcomes
// supplied one at a time by the match (or a referee); nothing here rolls.
#pragma once

#include <array>
#include <span>

namespace meeple::risk {

inline constexpr int kMaxAttackDice = 3;
inline constexpr int kMaxDefenceDice = 2;

struct BattleLosses {
  int attacker = 0;
  int defender = 0;
};

// Compares the dice (any order; values 1..6 or modified values) per §4.2.
BattleLosses resolve_battle(std::span<const int> attack_dice, std::span<const int> defence_dice);

// Largest legal attack commitment from a source holding `source_armies`.
inline int max_attack_dice(int source_armies) {
  const int m = source_armies - 1;
  return m < kMaxAttackDice ? m : kMaxAttackDice;
}
// Largest legal defence with `target_armies` in the target.
inline int max_defence_dice(int target_armies) {
  return target_armies < kMaxDefenceDice ? target_armies : kMaxDefenceDice;
}

}  // namespace meeple::risk
