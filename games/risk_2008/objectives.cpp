#include "games/risk_2008/objectives.h"

#include <algorithm>
#include <bitset>

namespace meeple::risk {
namespace {

int count(uint64_t mask) {
  return __builtin_popcountll(mask);
}

uint64_t continent_mask(const Map& map, int k) {
  uint64_t m = 0;
  for (const Territory t : map.continent(k).territories) m |= uint64_t{1} << t;
  return m;
}

}  // namespace

uint32_t whole_continents(const Map& map, uint64_t own) {
  uint32_t out = 0;
  for (int k = 0; k < kNumContinents; ++k) {
    const uint64_t m = continent_mask(map, k);
    if ((own & m) == m) out |= uint32_t{1} << k;
  }
  return out;
}

int continent_bonus(const Map& map, uint64_t own) {
  int bonus = 0;
  const uint32_t whole = whole_continents(map, own);
  for (int k = 0; k < kNumContinents; ++k)
    if ((whole >> k) & 1) bonus += map.continent(k).bonus;
  return bonus;
}

bool objective_holds(const Objective& o, const Map& map, const ClaimSets& s) {
  const uint64_t conquered = s.own & ~s.own0;
  switch (o.kind) {
    case ObjectiveKind::kControlContinents:
      return std::all_of(o.continents.begin(), o.continents.end(), [&](int k) {
        const uint64_t m = continent_mask(map, k);
        return (s.own & m) == m;
      });
    case ObjectiveKind::kControlAnyContinents:
      return std::bitset<32>(whole_continents(map, s.own)).count() >= static_cast<size_t>(o.count);
    case ObjectiveKind::kControlCities:
      return count(s.own & s.cities) >= o.count;
    case ObjectiveKind::kControlEnemyCapitals:
      return count(s.own & s.enemy_capitals) >= o.count;
    case ObjectiveKind::kControlTerritories:
      return count(s.own) >= o.count;
    case ObjectiveKind::kConquerTerritoriesInTurn:
      return count(conquered) >= o.count;
    case ObjectiveKind::kConquerCitiesInTurn:
      return count(conquered & s.cities) >= o.count;
    case ObjectiveKind::kConquerContinentInTurn: {
      // A continent held now none of which was held when the turn began.
      int n = 0;
      for (int k = 0; k < kNumContinents; ++k) {
        const uint64_t m = continent_mask(map, k);
        if ((s.own & m) == m && (s.own0 & m) == 0) ++n;
      }
      return n >= o.count;
    }
  }
  return false;
}

int draft_troops(const Edition2008& e, const DraftCounts& c) {
  const int base = std::max(e.draft_minimum, (c.territories + c.cities) / e.draft_divisor);
  return base + c.continent_bonus + c.capitals * e.per_capital + c.trade_troops +
         (c.bonus_troops ? e.bonus_troops : 0);
}

int hand_stars(const Edition2008& e, uint64_t hand) {
  int stars = 0;
  for (uint64_t m = hand; m; m &= m - 1) stars += e.stars[__builtin_ctzll(m)];
  return stars;
}

int trade_troops(const Edition2008& e, uint64_t hand, uint64_t cards) {
  if (cards == 0 || (cards & ~hand) != 0) return -1;
  const int stars = hand_stars(e, cards);
  if (stars > kMaxStars2008 || e.star_chart[stars] == 0) return -1;
  return e.star_chart[stars];
}

int best_trade_stars(const Edition2008& e, uint64_t hand) {
  // Subset sums of the hand's stars up to the chart's end (cards carry 1 or
  // 2 stars, so this is tiny); the best is the listed total with most troops.
  uint32_t reachable = 1;  // bit s: some subset has s stars
  for (uint64_t m = hand; m; m &= m - 1) reachable |= reachable << e.stars[__builtin_ctzll(m)];
  int best = 0;
  for (int s = 1; s <= kMaxStars2008; ++s)
    if (((reachable >> s) & 1) && e.star_chart[s] > 0 &&
        (best == 0 || e.star_chart[s] >= e.star_chart[best]))
      best = s;
  return best;
}

}  // namespace meeple::risk
