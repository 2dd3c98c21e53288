// How good a King is Dead position looks to a seat: the heuristic player's
// judgement (kid_bot.h), shared by its one-move look-ahead and the turn
// search (kid_search.h).
#pragma once

#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

// The position's value for `me` (its team's, in the team game), higher is
// better: +-1000 once the game is over, else within about +-1.2 — the power
// struggles projected as the board stands, the faction ranking that
// follows, `me`'s side's followers of the likely crowned faction against the
// best opponent's, complete sets weighted by the danger of a French
// invasion, and the cards kept for later.
double evaluate(const KidState& s, int me);

// Finishes `seat`'s turn if it is the seat to move (the card being resolved
// and the summon), each step the one evaluate() likes best for it.
void complete_turn_greedily(KidState& s, int seat);

// Whether `after`, reached by a step of `mover`, begins another turn.
inline bool turn_over(const KidState& after, int mover) {
  return after.is_terminal() || after.current_player() != mover || after.phase() == Phase::kAction;
}

}  // namespace meeple::king_is_dead
