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
      break;
    }
  }
  return out;
}

}  // namespace meeple::king_is_dead
