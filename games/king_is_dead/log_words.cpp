// The log in words (State::describe): each event as the rules would announce
// it at the table. Everything is public except which Cunning card a player
// is dealt (§4.4), which only its receiver reads. A card's effect is told
// once, when its last step is chosen, as the followers it moved: comparing
// the position before and after says exactly what happened, whichever card
// or partial resolution (§8.2) it was.
#include <fmt/format.h>

#include <string_view>

#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

namespace {

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

std::string signed_count(int d) {
  return d > 0 ? fmt::format("+{}", d) : fmt::format("−{}", -d);
}

// The followers, courts, region cards and discs that changed from `before`
// to `after`, e.g. "Moray +1 Scots −1 Welsh; player A's court +1 Scots".
std::string changes(const KidState& before, const KidState& after) {
  const Board& b = before.board();
  std::vector<std::string> parts;
  for (int r = 0; r < kNumRegions; ++r) {
    std::string region;
    for (int f = 0; f < kNumFactions; ++f) {
      const int d = after.followers(r, f) - before.followers(r, f);
      if (d != 0)
        region += fmt::format(" {} {}", signed_count(d), b.faction_name[static_cast<size_t>(f)]);
    }
    if (!region.empty()) parts.push_back(b.region_name[static_cast<size_t>(r)] + region);
  }
  for (int p = 0; p < before.config().players; ++p) {
    std::string court;
    for (int f = 0; f < kNumFactions; ++f) {
      const int d = after.court(p, f) - before.court(p, f);
      if (d != 0)
        court += fmt::format(" {} {}", signed_count(d), b.faction_name[static_cast<size_t>(f)]);
    }
    if (!court.empty()) parts.push_back(before.seat_name(p) + "'s court" + court);
  }
  std::vector<std::string> moved;
  for (int k = 0; k < kNumRegions; ++k)
    if (after.track(k) != before.track(k) && after.track(k) >= 0)
      moved.push_back(fmt::format("{} now on space {}",
                                  b.region_name[static_cast<size_t>(after.track(k))], k + 1));
  if (!moved.empty()) parts.push_back("region cards swapped: " + join(moved, ", "));
  for (int k = 0; k < kNumRegions; ++k)
    if (after.locked(k) && !before.locked(k))
      parts.push_back(fmt::format("negotiation disc on space {}", k + 1));
  return join(parts, "; ");
}

// What the power struggles between `before` and `after` decided (§9, §11).
std::string struggles_told(const KidState& before, const KidState& after) {
  const Board& b = before.board();
  std::string out;
  for (int k = before.struggles(); k < after.struggles(); ++k) {
    const int r = after.track(k);
    if (r < 0) continue;
    const int s = after.status(r);
    const std::string& name = b.region_name[static_cast<size_t>(r)];
    out += s == kUnstable ? fmt::format(
                                " Power struggle in {}: no majority, it becomes unstable ({} of {} "
                                "instability discs).",
                                name, after.instability(), b.instability_discs)
           : s >= 0 ? fmt::format(" Power struggle in {}: the {} take control.", name,
                                  b.faction_name[static_cast<size_t>(s)])
                    : fmt::format(" Power struggle in {}.", name);
  }
  if (after.phase() == Phase::kEnded) {
    std::vector<std::string> names;
    for (int p : after.winners()) names.push_back(after.seat_name(p));
    out += fmt::format(" {}. Winner{}: {}.",
                       after.invasion() ? "The French invade" : "A new king is crowned",
                       names.size() == 1 ? "" : "s", join(names, ", "));
  }
  return out;
}

}  // namespace

std::string KidState::describe(Action a, const State& after_state, Seat viewer) const {
  const auto& after = static_cast<const KidState&>(after_state);
  const Board& b = *cfg_->board;
  switch (phase_) {
    case Phase::kSetup: {
      if (a >= kDealBase) {
        const int card = kFirstCunning + (a - kDealBase);
        for (int p = 0; p < cfg_->players; ++p)
          if (after.player(p).hand_size() > player(p).hand_size())
            return viewer == p ? fmt::format("{} is dealt {} (only you see which card).",
                                             seat_name(p), b.card_name[static_cast<size_t>(card)])
                               : seat_name(p) + " is dealt a Cunning card.";
        return "";
      }
      if (a >= kRegionCardBase)
        return fmt::format("The {} card goes on the region track.",
                           b.region_name[static_cast<size_t>(a - kRegionCardBase)]);
      return "The bag gives: " + changes(*this, after) + ".";
    }
    case Phase::kAction:
      if (a == kPass) {
        const std::string struggle = struggles_told(*this, after);
        if (struggle.empty())
          return fmt::format("{} passes ({} of {} passes in a row).", seat_name(current_),
                             passes_ + 1, cfg_->players);
        return fmt::format("{} passes; {} passes in a row.{}", seat_name(current_), cfg_->players,
                           struggle);
      } else {
        const int card = a - kPlayBase;
        std::string out =
            fmt::format("{} plays {}", seat_name(current_), b.card_name[static_cast<size_t>(card)]);
        if (after.phase() == Phase::kEffect) return out + ".";
        const std::string what = changes(*this, after);
        return out + (what.empty() ? ": it can do nothing now." : ": " + what + ".");
      }
    case Phase::kEffect: {
      if (after.phase() == Phase::kEffect) return "";  // told when the last step is chosen
      const std::string what = changes(*this, after);
      return fmt::format("{}'s {}: {}.", seat_name(current_),
                         b.card_name[static_cast<size_t>(effect_card_)],
                         what.empty() ? "no change" : what);
    }
    case Phase::kSummon: {
      const int r = (a - kFollowerBase) / kNumFactions, f = (a - kFollowerBase) % kNumFactions;
      const std::string& faction = b.faction_name[static_cast<size_t>(f)];
      const bool vowel =
          !faction.empty() && std::string_view("AEIOU").find(faction[0]) != std::string_view::npos;
      return fmt::format("{} summons {} {} follower from {} to their court.", seat_name(current_),
                         vowel ? "an" : "a", faction, b.region_name[static_cast<size_t>(r)]);
    }
    case Phase::kEnded:
      break;
  }
  return "";
}

}  // namespace meeple::king_is_dead
