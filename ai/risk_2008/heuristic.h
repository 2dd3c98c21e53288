// Risk 2008's heuristic player as a policy over a full state
// (ai/risk_2008/risk_2008_bot.h wraps it as a Bot on a determinized sample,
// as ai/risk/risk_bot.h does for the European edition).
//
// The European heuristic's ideas (ai/risk/heuristic.h) carried over to the
// 2008 rules: reinforce the borders under most pressure, attack when the
// exact battle odds (games/risk/odds.h) are good, grow bolder as the game
// goes on, move armies out of the interior. What the 2008 edition adds:
// a capital placed where it is hard to reach and kept strong (the win needs
// it); targets valued by the objectives on the board (their continents,
// cities, enemy capitals, territory counts) and by the leaders' capitals
// (taking one stops a win); star trades saved up for the chart's better
// rates and made as select-then-confirm steps; every claimable objective
// claimed (the "in one turn" ones first, as they lapse), the rewards used
// (airfields where the fronts are, the Starting Manoeuvre before the first
// battle, the extra manoeuvre), and always the most defence dice.
#pragma once

#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk2008 {

// The heuristic's action in `s` for the seat that decides (legal: s's legal
// actions). `rng` adds a tiny noise that breaks ties; nullptr: none (the
// first best wins).
Action heuristic_action(const risk::Risk2008State& s, const std::vector<Action>& legal, Rng* rng);

// The cards the heuristic would trade from `hand` (a subset worth the most
// stars the chart takes, spending 1-star cards before 2-star ones so the
// stars kept are the most), or 0 when no subset can be traded.
uint64_t trade_choice(const risk::Edition2008& e, uint64_t hand);

// The actions worth searching in `s` (ai/narrowed_search.h): at most
// `width` of the scored kind (capitals, claims, placements, attacks,
// manoeuvres) best first by the heuristic's score, plus the step's "stop"
// action where there is one (end the attack, end the manoeuvres); the
// heuristic's own choice alone where it does not score (trades, objective
// claims, the defence, moving in, airfields). Never empty for a non-empty
// `legal`.
void candidate_actions(const risk::Risk2008State& s, const std::vector<Action>& legal, int width,
                       std::vector<Action>& out);

// The leaf values' weights, in strength units (a territory; two troops;
// half a draft troop): an objective, and holding one's own capital.
inline constexpr double kLeafObjective = 8.0;
inline constexpr double kLeafOwnCapital = 3.0;
// A lead of kLeafScale + kLeafRelativeScale × the mean strength of the
// leader and the best other seat is worth a 73 % chance to win.
inline constexpr double kLeafScale = 4.0;
inline constexpr double kLeafRelativeScale = 0.15;

// Each seat's chance to win a position, 0..1: a logistic of its strength
// (territories, troops, its draft, cards, objectives held, its capital)
// against the best other seat's. Eliminated seats: 0.
std::vector<double> leaf_values(const State& state);

}  // namespace meeple::risk2008
