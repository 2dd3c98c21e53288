#include "games/goa/found_colony.h"

#include <algorithm>

namespace meeple::goa {

ColonySupply full_colony_supply(const Components& c) {
  ColonySupply s;
  for (const Colony& col : c.colonies) s.push_back(static_cast<int>(col.tiles.size()));
  return s;
}

Result<ColonyFoundation> ColonyFoundation::begin(const Components& c, const Player& p, int colony,
                                                 const ColonySupply& supply, ExpeditionDeck& deck,
                                                 const Pick& pick) {
  if (colony < 0 || colony >= static_cast<int>(c.colonies.size()))
    return invalid_argument("no such colony");
  for (const Holding& h : p.board.colonies)
    if (h.colony == colony)
      return illegal_action("one colony per name: " + c.colonies[colony].name);
  if (supply[colony] <= 0) return illegal_action("no " + c.colonies[colony].name + " tile left");
  ColonyFoundation f;
  f.colony_ = colony;
  f.tally_.required = c.colonies[colony].required;
  f.tally_.base = track_value(c.board, p.development, kColonistsTrack);
  for (int i = 0; i < c.colony_reveal; ++i) f.tally_.revealed += deck.reveal(c, pick);
  return f;
}

Status ColonyFoundation::colony_extra(const Components& c, Player& p, int card,
                                      ExpeditionDeck& deck, const Pick& pick) {
  if (finished_) return failed_precondition("the foundation is settled");
  if (extra_played_) return illegal_action("one COLONY_EXTRA card per foundation");
  auto it = std::find(p.hand.begin(), p.hand.end(), card);
  if (it == p.hand.end()) return illegal_action("that card is not in the hand");
  if (c.cards[card].effect != Effect::kColonyExtra)
    return illegal_action("not a COLONY_EXTRA card");
  p.hand.erase(it);
  deck.to_discard(card);
  extra_played_ = true;
  for (int i = c.colony_reveal; i < c.colony_extra_reveal; ++i)
    tally_.revealed += deck.reveal(c, pick);
  return Status::ok();
}

Result<FoundationOutcome> ColonyFoundation::finish(const Components& c, Player& p, bool pay,
                                                   int tile, const std::vector<int>& fill,
                                                   ColonySupply& supply, ExpeditionDeck& deck) {
  if (finished_) return failed_precondition("the foundation is settled");
  auto o = settle_foundation(c, tally_, p.colonists, pay);
  if (!o) return o.status();
  if (o->success) {
    // The tile choice is checked before anything changes.
    SupplyBoard after = p.board;
    if (Status s = place_colony(c, after, colony_, tile, fill); !s) return s;
    p.board = std::move(after);
    p.colonists -= o->colonists_paid;
    --supply[colony_];
  } else {
    p.colonists += o->colonists_gained;
  }
  deck.end_reveal();
  finished_ = true;
  return o;
}

}  // namespace meeple::goa
