// The action ids both Risk editions number alike, and their JSON forms: a
// battle (attack along a directed map edge with 1-3 dice, end the attack
// step, the defender's 1 or 2 dice), the armies that follow a conquest or a
// move between one's own territories ("one more", "done"), and that move's
// choice of source and destination (the classic fortification, the 2008
// manoeuvre). The ids are part of each edition's replay format
// (risk_state.h, risk_2008_state.h), so the shared range is fixed here once
// and each edition numbers its own actions around it.
#pragma once

#include "core/game.h"
#include "games/risk/battle.h"
#include "games/risk/map.h"

namespace meeple::risk {

inline constexpr Action kAttackBase = 42;   // + edge * 3 + dice - 1
inline constexpr Action kEndAttack = 540;   // end the attack step
inline constexpr Action kDefendBase = 541;  // + dice - 1 (1 or 2)
inline constexpr Action kMoveMore = 543;    // move one more army / troop
inline constexpr Action kMoveDone = 544;    // done moving
inline constexpr Action kMoveBase = 545;    // + from * 42 + to: fortify / manoeuvre
inline constexpr Action kEndMoves = 2309;   // no (more) fortification / manoeuvre
// The board's 166 directed edges with up to 3 dice each fill the ids up to
// kEndAttack; its 42 x 42 pairs fill those up to kEndMoves.
static_assert(kEndAttack == kAttackBase + 166 * kMaxAttackDice);
static_assert(kDefendBase + kMaxDefenceDice == kMoveMore);
static_assert(kEndMoves == kMoveBase + kNumTerritories * kNumTerritories);

// The directed edge and the dice of an attack id.
inline int attack_edge_of(Action a) {
  return static_cast<int>(a - kAttackBase) / kMaxAttackDice;
}
inline int attack_dice_of(Action a) {
  return static_cast<int>(a - kAttackBase) % kMaxAttackDice + 1;
}

// The JSON of an id in [kAttackBase, kMoveBase): {"type": "attack", "from",
// "to", "dice"}, {"type": "end"}, {"type": "defend", "dice"}, {"type":
// "more"} or {"type": "done"}.
json battle_action_json(const Map& map, Action a);
// {"type": type, "from", "to"} of a move id in [kMoveBase, kEndMoves).
json move_action_json(const char* type, const Map& map, Action a);
// {"type": "losses", "attacker", "defender"} of a roll taken as one outcome
// (option battles=outcomes; each edition numbers these ids after its own):
// the attacker loses `attacker` armies of the `compared` dice, the defender
// the rest.
json losses_action_json(int attacker, int compared);

}  // namespace meeple::risk
