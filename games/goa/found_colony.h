// FOUND A COLONY from start to end (goa.md §8.7), on a player and the
// expedition deck: choose a name not owned, reveal 2 cards (set aside), the
// optional COLONY_EXTRA card for a third, then settle: automatic success,
// paying the shortfall, or failure with 1 colonist; on success the player
// picks a tile of that name and fills its spaces; the revealed cards go to
// the discard pile in every case. What a player does in the window between
// the reveal and the payment (a COLONISTS card, the red Colonist tile,
// Resupply, ruling 27) changes his colonists before finish() is called.
#pragma once

#include <array>
#include <vector>

#include "core/status.h"
#include "games/goa/colony.h"
#include "games/goa/expedition_deck.h"
#include "games/goa/player.h"

namespace meeple::goa {

// Tiles left per colony name.
using ColonySupply = std::vector<int>;
ColonySupply full_colony_supply(const Components& c);

class ColonyFoundation {
 public:
  // Checks the name (not owned, a tile left) and reveals the first cards.
  static Result<ColonyFoundation> begin(const Components& c, const Player& p, int colony,
                                        const ColonySupply& supply, ExpeditionDeck& deck,
                                        const Pick& pick);
  // Plays a COLONY_EXTRA card from the hand: one more card is revealed.
  Status colony_extra(const Components& c, Player& p, int card, ExpeditionDeck& deck,
                      const Pick& pick);
  const Foundation& tally() const { return tally_; }
  // Settles: `pay` covers the shortfall; on success `tile` and `fill` say
  // which tile of the name and which spices. Ends the reveal.
  Result<FoundationOutcome> finish(const Components& c, Player& p, bool pay, int tile,
                                   const std::vector<int>& fill, ColonySupply& supply,
                                   ExpeditionDeck& deck);

 private:
  int colony_ = -1;
  bool extra_played_ = false;
  bool finished_ = false;
  Foundation tally_;
};

}  // namespace meeple::goa
