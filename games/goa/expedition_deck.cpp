#include "games/goa/expedition_deck.h"

#include <algorithm>
#include <cassert>

namespace meeple::goa {

ExpeditionDeck::ExpeditionDeck(int num_cards) {
  for (int i = 0; i < num_cards; ++i) deck_.push_back(i);
}

ExpeditionDeck ExpeditionDeck::restore(std::vector<int> deck, std::vector<int> discard,
                                       std::vector<int> revealed) {
  ExpeditionDeck d;
  std::sort(deck.begin(), deck.end());
  d.deck_ = std::move(deck);
  d.discard_ = std::move(discard);
  d.revealed_ = std::move(revealed);
  return d;
}

int ExpeditionDeck::choices() const {
  return static_cast<int>(deck_.empty() ? discard_.size() : deck_.size());
}

int ExpeditionDeck::draw(const Pick& pick) {
  if (deck_.empty()) {
    deck_ = std::move(discard_);
    discard_.clear();
    std::sort(deck_.begin(), deck_.end());
  }
  if (deck_.empty()) return -1;
  const int i = pick(static_cast<int>(deck_.size()));
  assert(i >= 0 && i < static_cast<int>(deck_.size()));
  const int card = deck_[i];
  deck_.erase(deck_.begin() + i);
  return card;
}

int ExpeditionDeck::peek(int i) const {
  if (!deck_.empty()) return i >= 0 && i < static_cast<int>(deck_.size()) ? deck_[i] : -1;
  std::vector<int> reshuffled = discard_;
  std::sort(reshuffled.begin(), reshuffled.end());
  return i >= 0 && i < static_cast<int>(reshuffled.size()) ? reshuffled[i] : -1;
}

int ExpeditionDeck::reveal(const Components& c, const Pick& pick) {
  const int card = draw(pick);
  if (card < 0) return 0;
  revealed_.push_back(card);
  return c.cards[card].colonists;
}

void ExpeditionDeck::end_reveal() {
  discard_.insert(discard_.end(), revealed_.begin(), revealed_.end());
  revealed_.clear();
}

bool ExpeditionDeck::conserved(int num_cards, const std::vector<std::vector<int>>& hands) const {
  std::vector<int> all = deck_;
  all.insert(all.end(), discard_.begin(), discard_.end());
  all.insert(all.end(), revealed_.begin(), revealed_.end());
  for (const auto& h : hands) all.insert(all.end(), h.begin(), h.end());
  std::sort(all.begin(), all.end());
  if (static_cast<int>(all.size()) != num_cards) return false;
  for (int i = 0; i < num_cards; ++i)
    if (all[i] != i) return false;
  return true;
}

}  // namespace meeple::goa
