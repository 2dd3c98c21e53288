// The terms of a Goa position's worth (worth.h).
#include "ai/goa/worth.h"

#include <algorithm>

#include "games/goa/kept_tiles.h"
#include "games/goa/progress.h"

namespace meeple::goa {

namespace {

// Tuned in head-to-head games of the heuristic against its variants (the
// spices' worth and the development readiness mattered most).
constexpr double kDucat = 0.12, kSpice = 0.8, kShip = 0.3, kColonist = 0.35, kCard = 0.4,
                 kExtraAction = 1.0, kEmptySpace = 0.25, kLevel = 0.9, kKeptTile = 1.2,
                 kReady = 1.0;

}  // namespace

WorthTerms hand_weights(double f) {
  WorthTerms w{};
  w[term::kPoints] = 1;
  w[term::kDucats] = kDucat * (0.3 + 0.7 * f);
  w[term::kSpices] = f * kSpice;
  w[term::kShips] = f * kShip;
  w[term::kColonists] = f * kColonist;
  w[term::kCards] = f * kCard;
  w[term::kExtra] = f * kExtraAction;
  w[term::kEmpty] = f * kEmptySpace;
  w[term::kLevels] = f * kLevel;
  w[term::kKept] = f * kKeptTile;
  w[term::kReady] = f * kReady;
  return w;
}

double hand_worth(const GoaState& s, const std::vector<ScoreSheet>& sheets, int p) {
  // hand_weights's sum, in the order the heuristic has always added it up:
  // the same bits, so its games and every level's replay as before.
  const WorthTerms t = worth_terms(s, sheets, p);
  const double f = time_left(s);
  double v = t[term::kPoints] + kDucat * (0.3 + 0.7 * f) * t[term::kDucats];
  v += f * (kSpice * t[term::kSpices] + kShip * t[term::kShips] + kColonist * t[term::kColonists] +
            kCard * t[term::kCards] + kExtraAction * t[term::kExtra] +
            kEmptySpace * t[term::kEmpty] + kLevel * t[term::kLevels] + kKeptTile * t[term::kKept]);
  v += f * kReady * t[term::kReady];
  return v;
}

std::vector<WorthTerms> seat_worth_terms(const GoaState& s) {
  const auto sheets = s.score_sheets();
  std::vector<WorthTerms> terms;
  terms.reserve(sheets.size());
  for (int p = 0; p < s.num_seats(); ++p) terms.push_back(worth_terms(s, sheets, p));
  return terms;
}

double time_left(int round) {
  return std::clamp((9.0 - round) / 8.0, 0.0, 1.0);
}

double time_left(const GoaState& s) {
  return time_left(s.round());
}

WorthTerms worth_terms(const GoaState& s, const std::vector<ScoreSheet>& sheets, int p) {
  const Player& pl = s.player(p);
  WorthTerms t{};
  t[term::kPoints] = sheets[static_cast<size_t>(p)].total();
  t[term::kDucats] = pl.ducats;
  const auto held = pl.board.spices();
  int spices = 0;
  for (int n : held) spices += n;
  t[term::kSpices] = spices;
  t[term::kShips] = pl.ships;
  t[term::kColonists] = pl.colonists;
  t[term::kCards] = static_cast<double>(pl.hand.size());
  t[term::kExtra] = pl.extra_action_cards;
  t[term::kEmpty] = pl.board.spaces() - spices;
  int levels = 0;
  for (int track = 0; track < kNumTracks; ++track)
    levels += pl.development.level[static_cast<size_t>(track)] - 1;
  t[term::kLevels] = levels;
  int kept = 0;
  for (const KeptTile& k : s.holdings(p).tiles) kept += k.used ? 0 : 1;
  t[term::kKept] = kept;
  const ProgressBoard& b = s.components().board;
  // The best track's gain * have / need, found by comparing fractions and
  // divided once: the same double as the largest quotient, as rounding
  // keeps order. A division and a maximum per track, each waiting on the
  // last, held about a fifth of this function's samples (perf annotate).
  int best_num = 0, best_den = 1;
  for (int track = 0; track < kNumTracks; ++track) {
    const int level = pl.development.level[static_cast<size_t>(track)];
    if (level >= kNumLevels) continue;
    // How much of the next level's price is in hand, spices and ships.
    const DevelopCost due = develop_cost(b, track, level + 1, Waiver::kNone);
    int need = due.ships, have = std::min(due.ships, pl.ships);
    for (int sp = 0; sp < kNumSpices; ++sp) {
      need += due.spices[static_cast<size_t>(sp)];
      have += std::min(due.spices[static_cast<size_t>(sp)], held[static_cast<size_t>(sp)]);
    }
    const int gain =
        b.track_vp[static_cast<size_t>(level)] - b.track_vp[static_cast<size_t>(level - 1)];
    if (need > 0 && gain * have * best_den > best_num * need)
      best_num = gain * have, best_den = need;
  }
  t[term::kReady] = static_cast<double>(best_num) / best_den;
  return t;
}

}  // namespace meeple::goa
