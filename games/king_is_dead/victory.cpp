// Game end and winner (shared/rules/king_is_dead.md §12, §13, R9, R10,
// R17-R21, R26).
//
// Invasion (§12.1): most complete sets (team game: the partners' courts
// together); an unplayed Plot adds one follower where it makes the most sets
// (R19); tie: the most recent card play; still tied: shared victory (R21).
// Coronation (§12.2): rank the factions by regions controlled, ties by the
// most recent win (R10); the player with most followers of the first faction
// (+1 for an unplayed Plot, R17) is crowned; ties: Plot holder, then the
// second faction (skipped if undefined, R9), then the first to empty the
// hand (R20; team game: the first team to empty both hands, R26).
#include <algorithm>
#include <tuple>

#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

std::vector<int> KidState::winners() const {
  if (phase_ != Phase::kEnded) return {};
  return invasion() ? invasion_winners() : coronation_winners();
}

json KidState::verdict() const {
  json why = json::object();
  if (phase_ != Phase::kEnded) return why;
  if (invasion())
    invasion_winners(&why);
  else
    coronation_winners(&why);
  return why;
}

std::vector<int> KidState::invasion_winners(json* why) const {
  const int units = cfg_->teams ? 2 : cfg_->players;
  std::vector<int> sets(static_cast<size_t>(units)), recent(static_cast<size_t>(units));
  for (int u = 0; u < units; ++u) {
    std::array<int, kNumFactions> c{};
    bool plot = false;
    int last = 0;
    for (int p = 0; p < cfg_->players; ++p) {
      if (team_of(p) != u) continue;
      const auto& pl = players_[static_cast<size_t>(p)];
      for (int f = 0; f < kNumFactions; ++f)
        c[static_cast<size_t>(f)] += pl.court[static_cast<size_t>(f)];
      plot = plot || pl.hand[kPlot] > 0;
      last = std::max(last, pl.last_play);
    }
    if (plot) ++*std::min_element(c.begin(), c.end());  // R19
    sets[static_cast<size_t>(u)] = *std::min_element(c.begin(), c.end());
    recent[static_cast<size_t>(u)] = last;
  }
  const int best = *std::max_element(sets.begin(), sets.end());
  int latest = -1;
  for (int u = 0; u < units; ++u)
    if (sets[static_cast<size_t>(u)] == best)
      latest = std::max(latest, recent[static_cast<size_t>(u)]);
  std::vector<int> out;
  for (int p = 0; p < cfg_->players; ++p) {
    const auto u = static_cast<size_t>(team_of(p));
    if (sets[u] == best && recent[u] == latest) out.push_back(p);
  }
  if (why) {
    int tied = 0, latest_tied = 0;
    for (int u = 0; u < units; ++u)
      if (sets[static_cast<size_t>(u)] == best) {
        ++tied;
        latest_tied += recent[static_cast<size_t>(u)] == latest ? 1 : 0;
      }
    (*why)["end"] = "invasion";
    (*why)["by"] = cfg_->teams ? "team" : "player";
    (*why)["sets"] = sets;  // per team (0: seats 0 and 2) or per seat, Plot included
    (*why)["last_play"] = recent;
    (*why)["decided_by"] = tied == 1 ? "sets" : latest_tied == 1 ? "most_recent_play" : "shared";
  }
  return out;
}

std::array<int, 2> KidState::faction_ranking() const {
  std::array<int, kNumFactions> regions{};
  for (int s : status_)
    if (s >= 0 && s < kNumFactions) ++regions[static_cast<size_t>(s)];
  // Recency: the space of each faction's latest win (-1 none), R10.
  std::array<int, kNumFactions> latest{-1, -1, -1};
  for (int k = 0; k < struggles_; ++k) {
    const int s = status_[static_cast<size_t>(track_[static_cast<size_t>(k)])];
    if (s >= 0 && s < kNumFactions) latest[static_cast<size_t>(s)] = k;
  }
  std::array<int, kNumFactions> order{0, 1, 2};
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return std::tie(regions[static_cast<size_t>(a)], latest[static_cast<size_t>(a)]) >
           std::tie(regions[static_cast<size_t>(b)], latest[static_cast<size_t>(b)]);
  });
  // R9: with no regions a faction is not second.
  return {order[0], regions[static_cast<size_t>(order[1])] > 0 ? order[1] : -1};
}

std::vector<int> KidState::coronation_winners(json* why) const {
  // Named copies, not a structured binding: clang 14 (the fuzz build) cannot
  // capture a binding in a lambda.
  const auto ranking = faction_ranking();
  const int first = ranking[0], second = ranking[1];
  const int n = cfg_->players;
  auto count = [&](int p, int f) -> int {
    return players_[static_cast<size_t>(p)].court[static_cast<size_t>(f)];
  };
  auto holds_plot = [&](int p) { return players_[static_cast<size_t>(p)].hand[kPlot] > 0; };
  auto expand = [&](const std::vector<int>& seats) {  // the team game: partners win too
    std::vector<int> out;
    for (int p = 0; p < n; ++p)
      for (int q : seats)
        if (team_of(p) == team_of(q)) {
          out.push_back(p);
          break;
        }
    return out;
  };
  auto one_team = [&](const std::vector<int>& seats) {
    for (int q : seats)
      if (team_of(q) != team_of(seats[0])) return false;
    return true;
  };
  // The explanation: the ranking, each seat's numbers, the players tied on
  // the first faction, and the step that decided among them.
  std::vector<int> tied_first;
  auto decided = [&](const char* step, const std::vector<int>& seats) {
    if (why) {
      const auto& names = cfg_->board->faction_id;
      json regions = json::object(), first_counts = json::array(), second_counts = json::array(),
           plot = json::array();
      for (int f = 0; f < kNumFactions; ++f) {
        int k = 0;
        for (int s : status_) k += s == f ? 1 : 0;
        regions[names[static_cast<size_t>(f)]] = k;
      }
      for (int p = 0; p < n; ++p) {
        first_counts.push_back(count(p, first) + (holds_plot(p) ? 1 : 0));
        if (second >= 0) second_counts.push_back(count(p, second));
        if (holds_plot(p)) plot.push_back(p);
      }
      (*why)["end"] = "coronation";
      (*why)["regions"] = regions;
      (*why)["first"] = names[static_cast<size_t>(first)];
      (*why)["second"] = second >= 0 ? json(names[static_cast<size_t>(second)]) : json(nullptr);
      (*why)["first_counts"] = first_counts;  // Plot included (R17)
      if (second >= 0) (*why)["second_counts"] = second_counts;
      (*why)["plot"] = plot;
      (*why)["tied"] = tied_first;
      (*why)["decided_by"] = step;
    }
    return expand(seats);
  };
  // Step 2: most followers of the first faction (+1 for Plot, R17).
  int best = -1;
  for (int p = 0; p < n; ++p) best = std::max(best, count(p, first) + (holds_plot(p) ? 1 : 0));
  std::vector<int> tied;
  for (int p = 0; p < n; ++p)
    if (count(p, first) + (holds_plot(p) ? 1 : 0) == best) tied.push_back(p);
  tied_first = tied;
  if (one_team(tied)) return decided("first_faction", tied);
  // Step 3a: a tied Plot holder wins at once.
  for (int p : tied)
    if (holds_plot(p)) return decided("plot", {p});
  // Step 3b: the second faction.
  if (second >= 0) {
    int most = -1;
    for (int p : tied) most = std::max(most, count(p, second));
    std::erase_if(tied, [&](int p) { return count(p, second) != most; });
    if (one_team(tied)) return decided("second_faction", tied);
  }
  // Step 3c: the first to play all their cards (R20; teams R26). Keys, lower
  // is better: (not exhausted, exhaustion seq or cards left, last play).
  using Key = std::tuple<int, int, int>;
  auto key_of = [&](int unit) {
    bool exhausted = true;
    int when = 0, left = 0, last = 0;
    for (int p = 0; p < n; ++p) {
      if (team_of(p) != unit) continue;
      const auto& pl = players_[static_cast<size_t>(p)];
      exhausted = exhausted && pl.exhausted > 0;
      when = std::max(when, pl.exhausted);
      left += pl.cards_left();
      last = std::max(last, pl.last_play);
    }
    return exhausted ? Key{0, when, 0} : Key{1, left, last};
  };
  Key best_key{2, 0, 0};
  for (int p : tied) best_key = std::min(best_key, key_of(team_of(p)));
  std::vector<int> out;
  for (int p : tied)
    if (key_of(team_of(p)) == best_key) out.push_back(p);
  return decided(one_team(out) ? "first_to_empty_hand" : "shared", out);
}

std::vector<double> KidState::returns() const {
  std::vector<double> r(static_cast<size_t>(cfg_->players), 0.0);
  if (phase_ != Phase::kEnded) return r;
  std::fill(r.begin(), r.end(), -1.0);
  for (int p : winners()) r[static_cast<size_t>(p)] = 1.0;
  return r;
}

}  // namespace meeple::king_is_dead
