// The draw pile both Risk editions keep as a card mask (a bit per card), so
// a draw is a chance outcome naming any card still in the pile and no order
// is stored.
#pragma once

#include <cstdint>

namespace meeple::risk {

// Before a card is drawn: an empty draw pile is replaced by the discard pile
// (classic R19, 2008 R17; as a mask its shuffle is the draw's chance).
// Whether a card can be drawn: false only when both piles are empty.
inline bool ready_to_draw(uint64_t& deck, uint64_t& discard) {
  if (deck == 0) {
    deck = discard;
    discard = 0;
  }
  return deck != 0;
}

}  // namespace meeple::risk
