// The round's sequencing outside the auction (goa.md §8.1, §8.6, §9, §10):
// the action turns of phase 3, phase 4's additional actions and the hand
// limit, the Expedition action's draw limit, and the bonanza deal of an era.
#pragma once

#include <array>
#include <vector>

#include "core/status.h"
#include "games/goa/components.h"
#include "games/goa/setup.h"

namespace meeple::goa {

// Phase 3: three passes around the table from the start player.
std::vector<int> action_turn_order(int start, int num_players, int actions_per_round);

// Phase 4: from the start player, each player in turn discards an additional
// action card to act, or passes; a player who passes or holds no card is out.
class AdditionalActions {
 public:
  AdditionalActions(int start, std::vector<int> cards);
  // The player on turn, or -1 when everyone is out (phase 4 is over).
  int to_move() const { return current_; }
  // The player on turn discards a card to take an action (the caller then
  // resolves that action), or passes.
  Status play();
  Status pass();
  const std::vector<int>& cards() const { return cards_; }
  // End of round: every player keeps at most `limit` cards (§9 step 3).
  void apply_hand_limit(int limit);

 private:
  void advance_from(int seat);

  std::vector<int> cards_;
  std::vector<bool> out_;
  int current_ = -1;
};

// The Expedition action (§8.6): how many cards a player with `hand` cards
// must shed first (down to his limit), and then how many he may draw at
// most (take T, never exceeding the limit L).
int expedition_discards_needed(int limit, int hand);
int expedition_max_draws(int take, int limit, int hand);

// The bonanza tiles under the four corners at the start of an era (§7.6,
// ruling 37): the tiles not kept by a player (bit i of `kept` = bonanza tile
// i) are shuffled and 4 are dealt, in the order corners (0,0), (0,4),
// (4,0), (4,4); pick(n) chooses among the n tiles left, in index order.
std::array<int, 4> deal_bonanza(const Components& c, unsigned kept, const Pick& pick);

}  // namespace meeple::goa
