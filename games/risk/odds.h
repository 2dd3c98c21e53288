// Exact battle odds (risk_classic.md §4.3 and §4.4), not simulation.
//
// One roll: every combination of a attack and d defence dice is enumerated
// (6^(a+d) equally likely), giving the counts of §4.3's table.
//
// A whole fight of A attacking armies (the armies that may roll: source − 1)
// against D defending armies, each side always rolling the most dice it may
// (min(3, A) and min(2, D)), is an absorbing Markov chain over (A, D): each
// roll moves to (A − i, D − (k − i)) with the one-roll probabilities, ending
// when D = 0 (conquest) or A = 0 (the attack fails). The state space is
// triangular and every step lowers A + D, so one pass from (A, D) downwards
// gives the exact absorption distribution.
#pragma once

#include <vector>

namespace meeple::risk {

// Probabilities of one roll with a attack and d defence dice: index i =
// number of armies the attacker loses (0..min(a, d)); the defender loses
// min(a, d) − i.
struct RollOdds {
  int compared = 0;
  std::vector<double> attacker_loses;  // size compared + 1
  std::vector<long long> counts;       // the same as integer counts out of total
  long long total = 0;                 // 6^(a+d)
};
RollOdds roll_odds(int attack_dice, int defence_dice);
// The same from a table counted once (six pairs of dice counts, up to 6^5
// face combinations each): what the rules, the views and the fight odds use.
const RollOdds& cached_roll_odds(int attack_dice, int defence_dice);

struct BattleOdds {
  int attackers = 0, defenders = 0;
  double conquest = 0;  // probability the defender is wiped out
  // attacker_survivors[k] = P(conquest with k attacking armies left), k = 1..A
  std::vector<double> attacker_survivors;
  // defender_survivors[k] = P(attack fails with k defending armies left), k = 1..D
  std::vector<double> defender_survivors;
  double expected_attacker_losses = 0;
  double expected_defender_losses = 0;
};
// A ≥ 0 rolling armies against D ≥ 1 defenders, fighting to the end.
BattleOdds battle_odds(int attackers, int defenders);

// Just the conquest probability, for players that ask often. Up to 200 a
// side it is exact, from a table built once by the recurrence
// P(a, d) = Σ P(one roll's outcome) · P(after it). Beyond that the exact
// chain costs O(A·D) a call (long Team Risk games reach thousands of armies
// a side), so larger fights use a normal approximation of the 3-v-2 walk
// that the fight nearly always is: within 0.002 of the exact chain wherever
// it is used (tests/games/risk/odds_test.cpp checks a grid against
// battle_odds()).
double conquest_probability(int attackers, int defenders);

}  // namespace meeple::risk
