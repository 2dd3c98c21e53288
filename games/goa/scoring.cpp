#include "games/goa/scoring.h"

#include <algorithm>

namespace meeple::goa {

std::vector<ScoreSheet> score(const Components& c, const std::vector<Tally>& players) {
  std::vector<ScoreSheet> sheets;
  score(c, players, sheets);
  return sheets;
}

void score(const Components& c, std::span<const Tally> players, std::vector<ScoreSheet>& sheets) {
  const Scoring& s = c.scoring;
  int most = 0;
  for (const Tally& t : players) most = std::max(most, t.ducats);
  sheets.clear();
  for (const Tally& t : players) {
    ScoreSheet sh;
    sh.development = development_vp(c.board, t.development);
    const int colonies = std::min<int>(t.colonies, static_cast<int>(s.colonies.size()) - 1);
    sh.colonies = s.colonies[colonies];
    for (size_t k = 0; k < c.symbols.size(); ++k)
      sh.expeditions +=
          s.symbols[std::min<int>(t.symbols_in_hand[k], static_cast<int>(s.symbols.size()) - 1)];
    sh.most_ducats = t.ducats == most ? s.most_ducats : 0;
    sh.plantations =
        t.single_plantations * (t.foreman ? s.single_plantation_with_foreman : s.single_plantation);
    sh.duty = t.activated_duties * c.duty_vp;
    sh.printed = t.printed_vp;
    sheets.push_back(sh);
  }
}

std::vector<int> winners(const std::vector<ScoreSheet>& sheets, const std::vector<Tally>& players) {
  int best_vp = -1, best_ducats = -1;
  for (size_t i = 0; i < sheets.size(); ++i) {
    const int vp = sheets[i].total();
    if (vp > best_vp || (vp == best_vp && players[i].ducats > best_ducats)) {
      best_vp = vp;
      best_ducats = players[i].ducats;
    }
  }
  std::vector<int> w;
  for (size_t i = 0; i < sheets.size(); ++i)
    if (sheets[i].total() == best_vp && players[i].ducats == best_ducats)
      w.push_back(static_cast<int>(i));
  return w;
}

}  // namespace meeple::goa
