// The action cards' effects (shared/rules/king_is_dead.md §8-§10): every
// complete way to resolve a card, as a Candidate (its steps as action ids,
// its extent, its follower delta), then the rules that choose among them:
//  * §8.4 no immediate undo: a Manoeuvre / Outmanoeuvre whose delta exactly
//    reverses the previous card play's (by another player, same type) is
//    removed first (R3);
//  * §8.2 do as much as you can: only candidates of maximal extent stay
//    (R2: maximality is global, over every choice). Extents that the spec
//    gives as tuples are encoded lexicographically (100a + 10b + c).
// Spy (§10.1) chooses a seat freely (R13), then maximality applies inside
// the copied card. An empty list means the card has no effect (R4).
//
// Step order per card (what the player chooses, one step at a time):
//   Support F        region
//   Assemble         a follower (region, faction) per faction in the supply, S, W, E order
//   Negotiate        space a < space b, then the space that gets the disc
//   Manoeuvre        follower in x, follower in y (x < y)
//   Outmanoeuvre     follower in x, then 2 (or 1, x < y) followers in bordering y
//   Spy              seat, then the copied card's steps
//   Ambush           region, the follower returned from it
//   March            1 or 2 followers of x (same region), then the destination
//   Aid              faction, region
//   Influence        English in x, then 2 Scots/Welsh in y
//   Dispute          Welsh in x, non-Welsh in y
//   Edict            1-2 Scots of x, then 1-2 non-Scots of bordering y
//   Resist           region, then 1-2 factions placed (W/E)
//   Muster / Quell   region, then 1-2 factions placed
//   Suppress         region, [the second follower returned], the faction placed
//   Betrayal         faction from the court, follower of an open region
#include <algorithm>
#include <cassert>

#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

namespace {

Action region_step(int r) {
  return kRegionBase + r;
}
Action faction_step(int f) {
  return kFactionBase + f;
}

struct Builder {
  std::vector<Candidate>& out;
  Candidate c;
  explicit Builder(std::vector<Candidate>& o) : out(o) {}
  Builder& reset() {
    c = Candidate{};
    return *this;
  }
  Builder& step(Action a) {
    c.steps[static_cast<size_t>(c.len++)] = a;
    return *this;
  }
  Builder& add(int r, int f, int n) {
    c.delta[static_cast<size_t>(r)][static_cast<size_t>(f)] =
        static_cast<int8_t>(c.delta[static_cast<size_t>(r)][static_cast<size_t>(f)] + n);
    return *this;
  }
  // One follower of faction f moves from region `from` to region `to`.
  Builder& move(int from, int to, int f) { return add(from, f, -1).add(to, f, 1); }
  // The swaps of Manoeuvre, Outmanoeuvre, Influence and Dispute: the
  // follower (x, f) for one follower (y, g), or for two (y, g1) and (y, g2),
  // chosen in that order.
  Builder& swap(int x, int f, int y, int g) {
    return step(follower_action(x, f)).step(follower_action(y, g)).move(x, y, f).move(y, x, g);
  }
  Builder& swap_for_two(int x, int f, int y, int g1, int g2) {
    return step(follower_action(x, f))
        .step(follower_action(y, g1))
        .step(follower_action(y, g2))
        .move(x, y, f)
        .move(y, x, g1)
        .move(y, x, g2);
  }
  void emit(int extent, EffectType type = EffectType::kOther) {
    c.extent = extent;
    c.type = type;
    out.push_back(c);
  }
};

// Pairs of factions (g1 <= g2) that `have` can give two of; with `allowed`
// a mask of factions.
template <typename F>
void for_pairs(const Counts& have, unsigned allowed, F&& fn) {
  for (int g1 = 0; g1 < kNumFactions; ++g1)
    for (int g2 = g1; g2 < kNumFactions; ++g2) {
      if (!((allowed >> g1) & 1) || !((allowed >> g2) & 1)) continue;
      if (g1 == g2 ? have[static_cast<size_t>(g1)] >= 2
                   : have[static_cast<size_t>(g1)] >= 1 && have[static_cast<size_t>(g2)] >= 1)
        fn(g1, g2);
    }
}

int total(const Counts& c) {
  return c[0] + c[1] + c[2];
}

}  // namespace

uint8_t KidState::eligible(int f) const {
  const Board& b = *cfg_->board;
  uint8_t mask = 0;
  for (int x = 0; x < kNumRegions; ++x)
    if (status_[static_cast<size_t>(x)] == f)
      mask = static_cast<uint8_t>(mask | b.borders[static_cast<size_t>(x)]);
  const int home = b.home[static_cast<size_t>(f)];
  if (is_open(home)) mask = static_cast<uint8_t>(mask | b.borders[static_cast<size_t>(home)]);
  uint8_t open = 0;
  for (int r = 0; r < kNumRegions; ++r)
    if (is_open(r)) open = static_cast<uint8_t>(open | (1u << r));
  return static_cast<uint8_t>(mask & open);
}

void KidState::raw_candidates(int seat, int card, std::vector<Candidate>& out) const {
  const Board& b = *cfg_->board;
  Builder bld(out);
  const auto& R = regions_;
  const auto& S = supply_;
  auto open = [&](int r) { return is_open(r); };
  auto has = [&](int r, int f) { return R[static_cast<size_t>(r)][static_cast<size_t>(f)] > 0; };
  switch (card) {
    case kScottishSupport:
    case kWelshSupport:
    case kEnglishSupport: {  // §9.1
      const int f = card - kScottishSupport;
      const int n = std::min(2, static_cast<int>(S[static_cast<size_t>(f)]));
      if (n == 0) return;
      const uint8_t targets = eligible(f);
      for (int r = 0; r < kNumRegions; ++r)
        if ((targets >> r) & 1) bld.reset().step(region_step(r)).add(r, f, n).emit(n);
      return;
    }
    case kAssemble: {  // §9.2: one follower per faction in the supply
      std::array<int, kNumFactions> present{};
      int np = 0;
      for (int f = 0; f < kNumFactions; ++f)
        if (S[static_cast<size_t>(f)] > 0) present[static_cast<size_t>(np++)] = f;
      if (np == 0) return;
      std::array<int, kNumFactions> at{};
      // Every assignment of an open region to each present faction.
      while (true) {
        bool valid = true;
        for (int i = 0; i < np; ++i) valid = valid && open(at[static_cast<size_t>(i)]);
        if (valid) {
          bld.reset();
          for (int i = 0; i < np; ++i) {
            const int f = present[static_cast<size_t>(i)], r = at[static_cast<size_t>(i)];
            bld.step(follower_action(r, f)).add(r, f, 1);
          }
          bld.emit(np);
        }
        int i = np - 1;
        while (i >= 0 && ++at[static_cast<size_t>(i)] == kNumRegions)
          at[static_cast<size_t>(i--)] = 0;
        if (i < 0) break;
      }
      return;
    }
    case kNegotiate: {  // §9.3, R11, R12
      for (int a = struggles_; a < kNumRegions; ++a)
        for (int c = a + 1; c < kNumRegions; ++c) {
          if (locked(a) || locked(c)) continue;
          for (int d : {a, c}) {
            bld.reset().step(kSpaceBase + a).step(kSpaceBase + c).step(kSpaceBase + d);
            bld.c.swap_a = static_cast<int8_t>(a);
            bld.c.swap_b = static_cast<int8_t>(c);
            bld.c.disc = static_cast<int8_t>(d);
            bld.emit(1);
          }
        }
      return;
    }
    case kManoeuvre: {  // §9.4, R23
      for (int x = 0; x < kNumRegions; ++x)
        for (int y = x + 1; y < kNumRegions; ++y) {
          if (!open(x) || !open(y)) continue;
          for (int f = 0; f < kNumFactions; ++f)
            for (int g = 0; g < kNumFactions; ++g)
              if (has(x, f) && has(y, g))
                bld.reset().swap(x, f, y, g).emit(1, EffectType::kManoeuvre);
        }
      return;
    }
    case kOutmanoeuvre: {  // §9.5: 1-for-2 between bordering regions, else 1-for-1
      for (int x = 0; x < kNumRegions; ++x)
        for (int y = 0; y < kNumRegions; ++y) {
          if (!open(x) || !open(y) || !b.borders_on(x, y)) continue;
          for (int f = 0; f < kNumFactions; ++f) {
            if (!has(x, f)) continue;
            for_pairs(R[static_cast<size_t>(y)], 7u, [&](int g1, int g2) {
              bld.reset().swap_for_two(x, f, y, g1, g2).emit(2, EffectType::kOutmanoeuvre);
            });
            if (y > x)
              for (int g = 0; g < kNumFactions; ++g)
                if (has(y, g)) bld.reset().swap(x, f, y, g).emit(1, EffectType::kOutmanoeuvre);
          }
        }
      return;
    }
    case kAmbush: {  // §10.2, R16: (Scots placed, followers returned)
      const int n = std::min(2, static_cast<int>(S[kScots]));
      for (int r = 0; r < kNumRegions; ++r) {
        if (!open(r)) continue;
        Counts after = R[static_cast<size_t>(r)];
        after[kScots] = static_cast<int8_t>(after[kScots] + n);
        for (int f = 0; f < kNumFactions; ++f)
          if (after[static_cast<size_t>(f)] > 0)
            bld.reset()
                .step(region_step(r))
                .step(follower_action(r, f))
                .add(r, kScots, n)
                .add(r, f, -1)
                .emit(10 * n + 1);
      }
      return;
    }
    case kMarch: {  // §10.3, R24
      for (int x = 0; x < kNumRegions; ++x)
        for (int y = 0; y < kNumRegions; ++y) {
          if (!open(x) || !open(y) || !b.borders_on(x, y)) continue;
          for_pairs(R[static_cast<size_t>(x)], 7u, [&](int f1, int f2) {
            bld.reset()
                .step(follower_action(x, f1))
                .step(follower_action(x, f2))
                .step(region_step(y))
                .move(x, y, f1)
                .move(x, y, f2)
                .emit(2);
          });
          for (int f = 0; f < kNumFactions; ++f)
            if (has(x, f))
              bld.reset().step(follower_action(x, f)).step(region_step(y)).move(x, y, f).emit(1);
        }
      return;
    }
    case kAid: {  // §10.5
      const int most = std::max({S[0], S[1], S[2]});
      if (most == 0) return;
      for (int f = 0; f < kNumFactions; ++f) {
        if (S[static_cast<size_t>(f)] != most) continue;
        const int n = std::min(2, most);
        for (int r = 0; r < kNumRegions; ++r)
          if (open(r)) bld.reset().step(faction_step(f)).step(region_step(r)).add(r, f, n).emit(n);
      }
      return;
    }
    case kInfluence: {  // §10.6, R14: in full or not at all
      for (int x = 0; x < kNumRegions; ++x)
        for (int y = 0; y < kNumRegions; ++y) {
          if (x == y || !open(x) || !open(y) || !has(x, kEnglish)) continue;
          for_pairs(R[static_cast<size_t>(y)], 3u, [&](int g1, int g2) {
            bld.reset().swap_for_two(x, kEnglish, y, g1, g2).emit(1);
          });
        }
      return;
    }
    case kDispute: {  // §10.7
      for (int x = 0; x < kNumRegions; ++x)
        for (int y = 0; y < kNumRegions; ++y) {
          if (x == y || !open(x) || !open(y) || !has(x, kWelsh)) continue;
          for (int g : {kScots, kEnglish})
            if (has(y, g)) bld.reset().swap(x, kWelsh, y, g).emit(1);
        }
      return;
    }
    case kEdict: {  // §10.8, R15: 2:2 > {1:2, 2:1} > 1:1
      for (int x = 0; x < kNumRegions; ++x)
        for (int y = 0; y < kNumRegions; ++y) {
          if (!open(x) || !open(y) || !b.borders_on(x, y) || !has(x, kScots)) continue;
          const int scots = std::min(2, static_cast<int>(R[static_cast<size_t>(x)][kScots]));
          for (int k = 1; k <= scots; ++k) {
            auto start = [&]() -> Builder& {
              bld.reset();
              for (int i = 0; i < k; ++i) bld.step(follower_action(x, kScots));
              return bld.add(x, kScots, -k).add(y, kScots, k);
            };
            for_pairs(R[static_cast<size_t>(y)], 6u, [&](int g1, int g2) {
              start()
                  .step(follower_action(y, g1))
                  .step(follower_action(y, g2))
                  .move(y, x, g1)
                  .move(y, x, g2)
                  .emit(k + 2);
            });
            for (int g : {kWelsh, kEnglish})
              if (has(y, g)) start().step(follower_action(y, g)).move(y, x, g).emit(k + 1);
          }
        }
      return;
    }
    case kResist: {  // §10.9: non-Scots into a region eligible for the Scots
      const uint8_t targets = eligible(kScots);
      for (int r = 0; r < kNumRegions; ++r) {
        if (!((targets >> r) & 1)) continue;
        for_pairs(S, 6u, [&](int g1, int g2) {
          bld.reset()
              .step(region_step(r))
              .step(faction_step(g1))
              .step(faction_step(g2))
              .add(r, g1, 1)
              .add(r, g2, 1)
              .emit(2);
        });
        for (int g : {kWelsh, kEnglish})
          if (S[static_cast<size_t>(g)] > 0)
            bld.reset().step(region_step(r)).step(faction_step(g)).add(r, g, 1).emit(1);
      }
      return;
    }
    case kMuster:
    case kQuell: {  // §10.10: (F follower returned, followers placed)
      const int F = card == kMuster ? kScots : kWelsh;
      const uint8_t targets = eligible(F);
      for (int r = 0; r < kNumRegions; ++r) {
        if (!((targets >> r) & 1)) continue;
        const int returned = has(r, F) ? 1 : 0;
        Counts sup = S;
        sup[static_cast<size_t>(F)] = static_cast<int8_t>(sup[static_cast<size_t>(F)] + returned);
        for_pairs(sup, 7u, [&](int g1, int g2) {
          bld.reset()
              .step(region_step(r))
              .step(faction_step(g1))
              .step(faction_step(g2))
              .add(r, F, -returned)
              .add(r, g1, 1)
              .add(r, g2, 1)
              .emit(100 * returned + 2);
        });
        if (total(sup) == 1)
          for (int g = 0; g < kNumFactions; ++g)
            if (sup[static_cast<size_t>(g)] > 0)
              bld.reset()
                  .step(region_step(r))
                  .step(faction_step(g))
                  .add(r, F, -returned)
                  .add(r, g, 1)
                  .emit(100 * returned + 1);
      }
      return;
    }
    case kSuppress: {  // §10.11: (English returned, second returned, placed)
      const uint8_t targets = eligible(kEnglish);
      for (int r = 0; r < kNumRegions; ++r) {
        if (!((targets >> r) & 1)) continue;
        Counts left = R[static_cast<size_t>(r)];
        Counts sup = S;
        const int english = has(r, kEnglish) ? 1 : 0;
        left[kEnglish] = static_cast<int8_t>(left[kEnglish] - english);
        sup[kEnglish] = static_cast<int8_t>(sup[kEnglish] + english);
        bool second = false;
        for (int g = 0; g < kNumFactions; ++g) {
          if (left[static_cast<size_t>(g)] == 0) continue;
          second = true;
          Counts sup2 = sup;
          ++sup2[static_cast<size_t>(g)];
          for (int h = 0; h < kNumFactions; ++h)
            if (sup2[static_cast<size_t>(h)] > 0)
              bld.reset()
                  .step(region_step(r))
                  .step(follower_action(r, g))
                  .step(faction_step(h))
                  .add(r, kEnglish, -english)
                  .add(r, g, -1)
                  .add(r, h, 1)
                  .emit(100 * english + 11);
        }
        if (!second)
          for (int h = 0; h < kNumFactions; ++h)
            if (sup[static_cast<size_t>(h)] > 0)
              bld.reset()
                  .step(region_step(r))
                  .step(faction_step(h))
                  .add(r, kEnglish, -english)
                  .add(r, h, 1)
                  .emit(100 * english + 1);
      }
      return;
    }
    case kBetrayal: {  // §10.12: court follower <-> open region follower
      const Counts& court = players_[static_cast<size_t>(seat)].court;
      for (int f = 0; f < kNumFactions; ++f) {
        if (court[static_cast<size_t>(f)] == 0) continue;
        for (int r = 0; r < kNumRegions; ++r) {
          if (!open(r)) continue;
          for (int g = 0; g < kNumFactions; ++g) {
            if (!has(r, g)) continue;
            bld.reset()
                .step(faction_step(f))
                .step(follower_action(r, g))
                .add(r, f, 1)
                .add(r, g, -1);
            bld.c.court[static_cast<size_t>(f)] =
                static_cast<int8_t>(bld.c.court[static_cast<size_t>(f)] - 1);
            bld.c.court[static_cast<size_t>(g)] =
                static_cast<int8_t>(bld.c.court[static_cast<size_t>(g)] + 1);
            bld.emit(1);
          }
        }
      }
      return;
    }
    default:  // Plot is never played; Spy is handled by candidates()
      return;
  }
}

bool KidState::forbidden_undo(int seat, const Candidate& c) const {
  if (c.type != EffectType::kManoeuvre && c.type != EffectType::kOutmanoeuvre) return false;
  if (last_type_ != c.type || last_player_ == seat) return false;
  bool nonzero = false;
  for (int r = 0; r < kNumRegions; ++r)
    for (int f = 0; f < kNumFactions; ++f) {
      const int d = c.delta[static_cast<size_t>(r)][static_cast<size_t>(f)];
      if (d != 0) nonzero = true;
      if (d != -last_delta_[static_cast<size_t>(r)][static_cast<size_t>(f)]) return false;
    }
  return nonzero;
}

void KidState::keep_maximal(std::vector<Candidate>& c) const {
  int best = 0;
  for (const auto& x : c) best = std::max(best, x.extent);
  std::erase_if(c, [&](const Candidate& x) { return x.extent != best; });
}

void KidState::candidates(int seat, int card, std::vector<Candidate>& out) const {
  out.clear();
  if (card != kSpy) {
    raw_candidates(seat, card, out);
    std::erase_if(out, [&](const Candidate& c) { return forbidden_undo(seat, c); });
    keep_maximal(out);
    return;
  }
  // Spy (§10.1): any other player's top discard (R13), maximal inside it.
  std::vector<Candidate> sub;
  for (int q = 0; q < cfg_->players; ++q) {
    const auto& pile = players_[static_cast<size_t>(q)].discard;
    if (q == seat || pile.empty() || pile.back() == kSpy) continue;
    const int copied = pile.back();
    sub.clear();
    raw_candidates(seat, copied, sub);
    std::erase_if(sub, [&](const Candidate& c) { return forbidden_undo(seat, c); });
    keep_maximal(sub);
    if (sub.empty()) {
      Candidate none;
      none.steps[0] = kSeatBase + q;
      none.len = 1;
      none.type = copied == kManoeuvre      ? EffectType::kManoeuvre
                  : copied == kOutmanoeuvre ? EffectType::kOutmanoeuvre
                                            : EffectType::kOther;
      out.push_back(none);
      continue;
    }
    for (Candidate c : sub) {
      std::copy_backward(c.steps.begin(), c.steps.begin() + c.len, c.steps.begin() + c.len + 1);
      c.steps[0] = kSeatBase + q;
      ++c.len;
      out.push_back(c);
    }
  }
}

void KidState::execute(int seat, const Candidate& c) {
  auto& pl = players_[static_cast<size_t>(seat)];
  for (int f = 0; f < kNumFactions; ++f) {
    int placed = c.court[static_cast<size_t>(f)];
    for (int r = 0; r < kNumRegions; ++r) {
      auto& n = regions_[static_cast<size_t>(r)][static_cast<size_t>(f)];
      n = static_cast<int8_t>(n + c.delta[static_cast<size_t>(r)][static_cast<size_t>(f)]);
      assert(n >= 0);
      placed += c.delta[static_cast<size_t>(r)][static_cast<size_t>(f)];
    }
    pl.court[static_cast<size_t>(f)] =
        static_cast<int8_t>(pl.court[static_cast<size_t>(f)] + c.court[static_cast<size_t>(f)]);
    supply_[static_cast<size_t>(f)] = static_cast<int8_t>(supply_[static_cast<size_t>(f)] - placed);
    assert(supply_[static_cast<size_t>(f)] >= 0 && pl.court[static_cast<size_t>(f)] >= 0);
  }
  if (c.swap_a >= 0) {
    std::swap(track_[static_cast<size_t>(c.swap_a)], track_[static_cast<size_t>(c.swap_b)]);
    locked_ = static_cast<uint8_t>(locked_ | (1u << c.disc));
  }
  last_type_ = c.type;
  last_player_ = seat;
  last_delta_ = c.delta;
}

}  // namespace meeple::king_is_dead
