// The expedition deck and its discard pile (goa.md §2.7, §8.6, §8.7,
// rulings 15, 31). The deck's order is hidden, so drawing is modelled as a
// chance outcome over the cards left in it: pick(n) chooses one of the n
// cards in the deck, listed in ascending card order. That is the same as
// shuffling, and a referee can type in the card he sees. When the deck is
// empty the discard pile becomes the deck (the reshuffle); cards revealed
// for a foundation (or Resupply) are set aside until the reveal ends, so they
// never enter that reshuffle; with deck and discard both empty nothing is
// drawn and a revealed card counts 0 colonists.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "games/goa/components.h"
#include "games/goa/setup.h"

namespace meeple::goa {

class ExpeditionDeck {
 public:
  // All cards of the game in the deck (ids 0..num_cards-1 as indices).
  explicit ExpeditionDeck(int num_cards);
  // A deck as saved (a state loaded from JSON): the cards in each place; the
  // deck is kept in ascending order whatever order `deck` lists.
  static ExpeditionDeck restore(std::vector<int> deck, std::vector<int> discard,
                                std::vector<int> revealed);

  // The deck now holds `cards` (a determinization's redeal), kept
  // ascending; its storage is reused.
  void replace_deck(std::span<const int> cards) {
    deck_.assign(cards.begin(), cards.end());
    std::sort(deck_.begin(), deck_.end());
  }

  const std::vector<int>& deck() const { return deck_; }  // ascending
  const std::vector<int>& discard() const { return discard_; }
  const std::vector<int>& revealed() const { return revealed_; }
  // The number of cards a draw would choose among (0: nothing to draw).
  int choices() const;
  // Draws one card (reshuffling the discard pile first if the deck is
  // empty); -1 if there is none.
  int draw(const Pick& pick);
  // The card draw() would return for choice i (-1: none), unchanged deck.
  int peek(int i) const;
  // Reveals one card for a foundation / Resupply and sets it aside; returns
  // its colonists (0 when there is no card).
  int reveal(const Components& c, const Pick& pick);
  // The reveal is over: the revealed cards go to the discard pile.
  void end_reveal();
  // A card leaves a hand (played or discarded) onto the discard pile.
  void to_discard(int card) { discard_.push_back(card); }
  // Every card is in exactly one place: deck, discard, revealed or `hands`.
  bool conserved(int num_cards, const std::vector<std::vector<int>>& hands) const;

 private:
  ExpeditionDeck() = default;
  std::vector<int> deck_, discard_, revealed_;
};

}  // namespace meeple::goa
