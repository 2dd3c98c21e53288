// Alpha-beta over whole turns for The King is Dead between two sides (two
// players, or the team game's two teams): the top level of the two-player
// game (kid_bot.h).
//
// After setup the basic game has no chance and no hidden information (spec
// §4.4), and a two-sided game is zero-sum, so a depth-first minimax search
// fits it better than ISMCTS with random playouts, whose value estimates
// stop improving at about 30 iterations. The search counts depth in turns,
// not steps: a turn is a card, its effect's steps and the summon (about
// four decisions), and a position is valued by evaluate() (kid_eval.h)
// only where a turn begins, never halfway through one. Within a turn it
// follows only the `beam` steps evaluate() likes best for the seat to move;
// every card (and the pass) is searched. In the advanced game the other
// seats' Cunning cards are hidden, so the bot searches several
// determinizations and plays the action best in most of them; with two
// players it draws them from what the other's plays suggest it holds
// (kid_beliefs.h) rather than uniformly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

struct TurnSearchOptions {
  long nodes = 100000;  // positions searched a move, over every sample
  int samples = 4;      // determinizations a move in the advanced game
  size_t beam = 3;      // steps followed within a turn
  // > 0: the other's Cunning cards are drawn from CunningBeliefs with this
  // beta (two players); 0: uniformly.
  double belief_beta = 0;
};

// The minimax value for `me` of `s` searched `turns` turns ahead (the rest
// of the turn under way counts as one) with no node limit, with or without
// alpha-beta cut-offs: both give the same value, which the tests check.
double turn_minimax(const KidState& s, int me, int turns, size_t beam, bool prune);

// The search as a bot: iterative deepening, a turn at a time, until the
// node budget is spent; the deepest search completed decides. After each
// choice it tells on_info {"positions": searched, "turns": the deepest
// search completed}.
std::unique_ptr<Bot> make_turn_search_bot(TurnSearchOptions options, uint64_t seed,
                                          std::string name);

}  // namespace meeple::king_is_dead
