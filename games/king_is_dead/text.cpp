// The terminal rendering (State::to_text) from one seat's point of view: the
// regions with their followers and discs, the region-card track, the
// supply, instability, courts, hands (hidden Cunning cards as "?"), the top
// discards, and what is being decided.
#include <fmt/format.h>

#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

std::string KidState::to_text(Seat seat) const {
  const Board& b = *cfg_->board;
  std::string out;
  out += "Regions (followers S/W/E):\n";
  for (int r = 0; r < kNumRegions; ++r) {
    const int s = status(r);
    std::string st = s == kOpen       ? ""
                     : s == kUnstable ? "  UNSTABLE"
                                      : "  controlled by " + b.faction_name[static_cast<size_t>(s)];
    std::string home;
    for (int f = 0; f < kNumFactions; ++f)
      if (b.home[static_cast<size_t>(f)] == r)
        home = fmt::format(" ({} home)", b.faction_name[static_cast<size_t>(f)]);
    out += fmt::format("  {:<12} {}/{}/{}{}{}\n", b.region_name[static_cast<size_t>(r)],
                       followers(r, 0), followers(r, 1), followers(r, 2), home, st);
  }
  out += "Region cards: ";
  for (int k = 0; k < kNumRegions; ++k) {
    const int r = track(k);
    out += fmt::format("{}:{}{}{} ", k + 1, r < 0 ? "-" : b.region_id[static_cast<size_t>(r)],
                       k < struggles_ ? "(down)" : "", locked(k) ? "[disc]" : "");
  }
  out += fmt::format("\nSupply {}/{}/{}   instability discs on the board {} of {}   passes {}\n",
                     supply(0), supply(1), supply(2), instability(), b.instability_discs, passes_);
  for (int p = 0; p < cfg_->players; ++p) {
    const auto& pl = player(p);
    std::string hand;
    int hidden = 0;
    for (int c = 0; c < kNumCards; ++c)
      for (int k = 0; k < pl.hand[static_cast<size_t>(c)]; ++k) {
        if (c < kFirstCunning || seat == p || (c == kPlot && phase_ == Phase::kEnded))
          hand += b.card_id[static_cast<size_t>(c)] + " ";
        else
          ++hidden;
      }
    for (int k = 0; k < hidden; ++k) hand += "? ";
    out +=
        fmt::format("{}{}: court {}/{}/{}  hand [{}]  top discard {}\n", seat_name(p),
                    cfg_->teams ? (p % 2 == 0 ? " (team AC)" : " (team BD)") : "", pl.court[0],
                    pl.court[1], pl.court[2], hand,
                    pl.discard.empty() ? "-" : b.card_id[static_cast<size_t>(pl.discard.back())]);
  }
  if (phase_ == Phase::kEffect || phase_ == Phase::kSummon) {
    // The steps are public choices (they never depend on a hidden card).
    std::vector<Action> legal;
    legal_actions(legal);
    std::string choices;
    for (Action a : legal) choices += "  " + action_to_string(a) + "\n";
    out += "Choices:\n" + choices;
  }
  switch (phase_) {
    case Phase::kSetup:
      out += "Set-up: chance (bag draws, region cards, Cunning deal).\n";
      break;
    case Phase::kAction:
      out += fmt::format("{} to act: pass, or play <card>.\n", seat_name(current_));
      break;
    case Phase::kEffect: {
      std::string steps;
      for (Action a : steps_) steps += action_to_string(a) + "; ";
      out += fmt::format("{} resolves {}: chosen so far [{}]\n", seat_name(current_),
                         b.card_name[static_cast<size_t>(effect_card_)], steps);
      break;
    }
    case Phase::kSummon:
      out += fmt::format("{} summons: follower <region> <faction>.\n", seat_name(current_));
      break;
    case Phase::kEnded: {
      std::string w;
      for (int p : winners()) w += seat_name(p) + " ";
      out += fmt::format("Game over by {}. Winner(s): {}\n",
                         invasion() ? "French invasion" : "coronation", w);
      out += verdict_text();
      break;
    }
  }
  return out;
}

// The verdict in words (§12, §13): the numbers compared and the deciding step.
std::string KidState::verdict_text() const {
  const json why = verdict();
  if (why.empty()) return "";
  const Board& b = *cfg_->board;
  auto seats = [&](const json& list) {
    std::string s;
    for (const auto& p : list) s += (s.empty() ? "" : ", ") + seat_name(p.get<int>());
    return s;
  };
  auto per_seat = [&](const json& counts) {
    std::string s;
    for (size_t p = 0; p < counts.size(); ++p)
      s += fmt::format("{}{} {}", p ? ", " : "", seat_name(static_cast<int>(p)),
                       counts[p].get<int>());
    return s;
  };
  std::string out;
  if (why["end"] == "invasion") {
    const bool teams = why["by"] == "team";
    std::string sets;
    for (size_t u = 0; u < why["sets"].size(); ++u)
      sets += fmt::format(
          "{}{} {}", u ? ", " : "",
          teams ? std::string(u == 0 ? "team A" : "team B") : seat_name(static_cast<int>(u)),
          why["sets"][u].get<int>());
    out += fmt::format("  Complete sets in court (an unplayed Plot counts): {}.\n", sets);
    const std::string step = why["decided_by"];
    out += step == "sets"               ? "  Decided by the most complete sets.\n"
           : step == "most_recent_play" ? "  Tied on sets: decided by the most recent card play.\n"
                                        : "  Tied on sets and last play: a shared victory.\n";
    return out;
  }
  auto faction = [&](const json& id) {
    for (int f = 0; f < kNumFactions; ++f)
      if (b.faction_id[static_cast<size_t>(f)] == id.get<std::string>())
        return b.faction_name[static_cast<size_t>(f)];
    return id.get<std::string>();
  };
  std::string regions;
  for (const auto& [id, k] : why["regions"].items())
    regions += fmt::format("{}{} {}", regions.empty() ? "" : ", ", faction(json(id)), k.get<int>());
  out +=
      fmt::format("  Regions controlled: {}; first faction {}, second {}.\n", regions,
                  faction(why["first"]), why["second"].is_null() ? "none" : faction(why["second"]));
  out += fmt::format("  {} in court (an unplayed Plot counts 1): {}.\n", faction(why["first"]),
                     per_seat(why["first_counts"]));
  const std::string step = why["decided_by"];
  if (step == "first_faction") return out + "  Decided by the first faction.\n";
  out += fmt::format("  Tied: {}.\n", seats(why["tied"]));
  if (step == "plot") return out + "  Decided by Plot: its holder wins a coronation tie.\n";
  if (why.contains("second_counts"))
    out +=
        fmt::format("  {} in court: {}.\n", faction(why["second"]), per_seat(why["second_counts"]));
  if (step == "second_faction") return out + "  Decided by the second faction.\n";
  if (step == "first_to_empty_hand")
    return out + "  Decided by who first played all their cards.\n";
  return out + "  Still tied after every tie-break: a shared victory.\n";
}

}  // namespace meeple::king_is_dead
