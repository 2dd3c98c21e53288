// Risk's heuristic player as a policy over a full state (ai/risk/risk_bot.h
// wraps it as a Bot on a determinized sample; the searcher of levels 3+
// uses it for its playouts and to narrow the choices it searches).
//
// It trades whenever it can, reinforces the borders under most pressure,
// attacks when the exact battle odds (games/risk/odds.h) are good, moves
// armies out of the interior, declares any mission it can, and always
// defends with the most dice.
#pragma once

#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

// The heuristic's action in `s` (legal: s's legal actions). `rng` adds a
// tiny noise that breaks ties; nullptr: none (the first best wins).
Action heuristic_action(const RiskState& s, const std::vector<Action>& legal, Rng* rng);

// The actions worth searching in `s`, at most `width` of the scored kind
// (claims, placements, attacks, fortifications) best first by the
// heuristic's score, plus the step's "stop" action where there is one
// (end the attack, end the turn); every action where the heuristic does
// not score (the choice is small, or forced). Never empty.
void candidate_actions(const RiskState& s, const std::vector<Action>& legal, int width,
                       std::vector<Action>& out);

}  // namespace meeple::risk
