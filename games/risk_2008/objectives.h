// The 2008 edition's arithmetic and conditions that need no game state
// (risk_2008.md §7.1 draft, §4.1 star trades, §9 objectives), over masks so
// the rules, the bots and the tests share one definition of each.
#pragma once

#include <cstdint>

#include "games/risk/map.h"
#include "games/risk_2008/edition.h"

namespace meeple::risk {

// The sets §9's conditions read, for the claiming player at the claim step.
struct ClaimSets {
  uint64_t own = 0;             // territories it controls now
  uint64_t own0 = 0;            // territories it controlled when its turn began
  uint64_t cities = 0;          // the territories with a city
  uint64_t enemy_capitals = 0;  // territories with a capital of another colour (R13)
};

// Does the objective's condition hold? "Conquered this turn" is own \ own0:
// a player never loses a territory in its own turn (§9).
bool objective_holds(const Objective& o, const Map& map, const ClaimSets& s);

// The continents every territory of which is in `own`, as a mask by index.
uint32_t whole_continents(const Map& map, uint64_t own);
// The sum of their bonuses.
int continent_bonus(const Map& map, uint64_t own);

// What a draft is made of (§7.1), counted at the start of the turn.
struct DraftCounts {
  int territories = 0;
  int cities = 0;
  int continent_bonus = 0;
  int capitals = 0;      // capitals controlled, the player's own included
  int trade_troops = 0;  // the star chart's value of this turn's trade
  bool bonus_troops = false;
};
// max(minimum, (territories + cities) / divisor) + continents + capitals +
// trade + bonus (the minimum applies to the first part only, R5; floor, R15).
int draft_troops(const Edition2008& e, const DraftCounts& c);

// The stars of the cards in `hand` (a mask of card ids 0..41).
int hand_stars(const Edition2008& e, uint64_t hand);
// The troops for trading `cards` out of `hand`, or -1 when that is not a
// legal trade: not all in the hand, or a number of stars the chart does not
// list (0, 1 or more than 10, §4.1).
int trade_troops(const Edition2008& e, uint64_t hand, uint64_t cards);
// The most stars any subset of `hand` can trade (0 when none can): what a
// player who trades everything it may would get.
int best_trade_stars(const Edition2008& e, uint64_t hand);

}  // namespace meeple::risk
