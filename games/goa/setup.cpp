#include "games/goa/setup.h"

#include <algorithm>
#include <cassert>

namespace meeple::goa {
namespace {

int plantations_in(const Components& c, const std::vector<int>& tiles) {
  int n = 0;
  for (int t : tiles) n += c.tiles[t].is_plantation();
  return n;
}

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

bool valid_removal(const Components& c, int era, const std::vector<int>& removed) {
  if (static_cast<int>(removed.size()) != c.setup.removed_per_era) return false;
  for (size_t i = 0; i < removed.size(); ++i) {
    const int t = removed[i];
    if (t < 0 || t >= static_cast<int>(c.tiles.size()) || c.tiles[t].era != era) return false;
    for (size_t j = 0; j < i; ++j)
      if (removed[j] == t) return false;
  }
  return plantations_in(c, removed) <= c.setup.max_removed_plantations;
}

EraStack prepare_era(const Components& c, int era, std::vector<int> revealed, const Pick& pick) {
  EraStack s;
  while (plantations_in(c, revealed) > c.setup.max_removed_plantations) {
    std::vector<int> plantations, others;
    for (int t : revealed) (c.tiles[t].is_plantation() ? plantations : others).push_back(t);
    const int back = plantations[pick(static_cast<int>(plantations.size()))];
    revealed.erase(std::find(revealed.begin(), revealed.end(), back));
    std::vector<int> candidates;
    for (int t : c.era_tiles[era])
      if (!c.tiles[t].is_plantation() && !contains(revealed, t)) candidates.push_back(t);
    assert(!candidates.empty());
    revealed.push_back(candidates[pick(static_cast<int>(candidates.size()))]);
  }
  s.removed = std::move(revealed);
  std::vector<int> rest;
  for (int t : c.era_tiles[era])
    if (!contains(s.removed, t)) rest.push_back(t);
  s.layout_picks = static_cast<int>(rest.size());
  while (!rest.empty()) {
    const int i = pick(static_cast<int>(rest.size()));
    s.grid.push_back(rest[i]);
    rest.erase(rest.begin() + i);
  }
  return s;
}

EraStack prepare_era(const Components& c, int era, const Pick& pick) {
  std::vector<int> stack = c.era_tiles[era], revealed;
  for (int k = 0; k < c.setup.removed_per_era; ++k) {
    const int i = pick(static_cast<int>(stack.size()));
    revealed.push_back(stack[i]);
    stack.erase(stack.begin() + i);
  }
  return prepare_era(c, era, std::move(revealed), pick);
}

StartPlayer find_start_player(const Components& c, const std::vector<int>& deck, int first_seat,
                              int num_players) {
  StartPlayer s;
  for (size_t i = 0; i < deck.size(); ++i) {
    if (c.cards[deck[i]].symbol == c.start_player_symbol) {
      s.seat = (first_seat + static_cast<int>(i)) % num_players;
      s.revealed = static_cast<int>(i) + 1;
      return s;
    }
  }
  s.revealed = static_cast<int>(deck.size());
  return s;
}

}  // namespace meeple::goa
