// What each seat may know (shared/rules/king_is_dead.md §4.4, R31, R37):
// everything is public except the Cunning cards in other players' hands and
// those left in the box; an unplayed Plot is revealed at the end. Views,
// determinization (the hidden Cunning cards redrawn among the hidden places,
// sizes kept), observation strings and tensors, the hash.
//
// Tensor (one flat layout of kTensorSize floats for every configuration,
// raw counts, absolute seats; unused seats stay zero): regions (followers,
// status one-hot), supply, bag, track (region one-hot, face down, disc),
// courts, known cards in each hand, hidden and total hand sizes, discard
// counts and top cards, last plays, exhausted flags, current player,
// phase, passes, seq, struggles, the card being resolved and its steps, the
// last effect (no-undo rule), the observer, the Cunning cards not in play.
// The information state is the same tensor: the state keeps no history
// beyond what is shown (every play is public and its traces — discards,
// sequence numbers, the last effect — are in the observation), so a seat
// knows nothing more than it observes.
#include <cassert>

#include "core/copy_into.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

namespace {
constexpr int kTensorSize = 498;
}

json KidState::view(Seat seat) const {
  json j = to_json_for(seat, false);
  j["current_player"] = current_player();
  j["terminal"] = is_terminal();
  if (phase_ == Phase::kEnded) {
    j["winners"] = winners();
    j["end"] = invasion() ? "invasion" : "coronation";
    j["verdict"] = verdict();
  }
  return j;
}

void KidState::determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const {
  redraw_unseen(seat, rng, copy_into(*this, out));
}

// `d` is a copy of this state; what `seat` cannot see is redrawn in it.
void KidState::redraw_unseen(Seat seat, Rng& rng, KidState& d) const {
  if (!cfg_->advanced) return;
  // The pool: every Cunning card this seat cannot see.
  std::vector<int> pool;
  std::array<int, kMaxPlayers> hidden{};
  for (int p = 0; p < cfg_->players; ++p) {
    if (p == seat) continue;
    auto& hand = d.players_[static_cast<size_t>(p)].hand;
    for (int c = kFirstCunning; c < kNumCards; ++c) {
      if (c == kPlot && phase_ == Phase::kEnded) continue;  // revealed
      for (; hand[static_cast<size_t>(c)] > 0; --hand[static_cast<size_t>(c)]) {
        pool.push_back(c);
        ++hidden[static_cast<size_t>(p)];
      }
    }
  }
  const uint32_t undealt = undealt_mask();
  for (int i = 0; i < kNumCunning; ++i)
    if ((undealt >> i) & 1) pool.push_back(kFirstCunning + i);
  // Plot's place is known at the end: it cannot move to a hidden place.
  if (phase_ == Phase::kEnded) std::erase(pool, static_cast<int>(kPlot));
  rng.shuffle(std::span<int>(pool));
  size_t next = 0;
  for (int p = 0; p < cfg_->players; ++p)
    for (int k = 0; k < hidden[static_cast<size_t>(p)]; ++k)
      ++d.players_[static_cast<size_t>(p)].hand[static_cast<size_t>(pool[next++])];
  for (int p = 0; p < cfg_->players; ++p) {
    auto& pl = d.players_[static_cast<size_t>(p)];
    pl.exhausted = pl.cards_left() == 0 && pl.last_play > 0 ? pl.last_play : 0;
  }
}

std::unique_ptr<KidState> KidState::with_cunning_hand(int p, uint32_t cards) const {
  auto d = std::make_unique<KidState>(*this);
  auto& pl = d->players_[static_cast<size_t>(p)];
  for (int i = 0; i < kNumCunning; ++i)
    pl.hand[static_cast<size_t>(kFirstCunning + i)] = static_cast<int8_t>((cards >> i) & 1);
  pl.exhausted = pl.cards_left() == 0 && pl.last_play > 0 ? pl.last_play : 0;
  return d;
}

std::string KidState::observation_string(Seat seat) const {
  return view(is_observer(seat) ? seat : kSpectator).dump();
}

std::string KidState::information_state_string(Seat seat) const {
  return observation_string(seat);
}

std::vector<int> KidState::observation_tensor_shape() const {
  return {kTensorSize};
}
std::vector<int> KidState::information_state_tensor_shape() const {
  return {kTensorSize};
}

void KidState::write_observation_tensor(Seat seat, std::span<float> out) const {
  write_tensor(seat, out);
}
void KidState::write_information_state_tensor(Seat seat, std::span<float> out) const {
  write_tensor(seat, out);
}

void KidState::write_tensor(Seat seat, std::span<float> out) const {
  size_t at = 0;
  auto put = [&](size_t i, float v) { out[at + i] = v; };
  auto next = [&](size_t n) { at += n; };
  for (int r = 0; r < kNumRegions; ++r) {
    for (int f = 0; f < kNumFactions; ++f) put(static_cast<size_t>(f), followers(r, f));
    const int s = status(r);
    put(static_cast<size_t>(3 + (s == kOpen ? 0 : s == kUnstable ? 4 : 1 + s)), 1);
    next(8);
  }
  for (int f = 0; f < kNumFactions; ++f) put(static_cast<size_t>(f), supply(f));
  next(3);
  for (int f = 0; f < kNumFactions; ++f) put(static_cast<size_t>(f), bag_[static_cast<size_t>(f)]);
  next(3);
  for (int k = 0; k < kNumRegions; ++k) {
    if (track(k) >= 0) put(static_cast<size_t>(track(k)), 1);
    if (k < struggles_) put(8, 1);
    if (locked(k)) put(9, 1);
    next(10);
  }
  for (int p = 0; p < kMaxPlayers; ++p) {
    for (int f = 0; f < kNumFactions && p < cfg_->players; ++f)
      put(static_cast<size_t>(f), court(p, f));
    next(3);
  }
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p < cfg_->players) {
      const auto& pl = player(p);
      for (int c = 0; c < kNumCards; ++c) {
        const bool shown =
            c < kFirstCunning || seat == p || (c == kPlot && phase_ == Phase::kEnded);
        if (shown) put(static_cast<size_t>(c), static_cast<float>(pl.hand[static_cast<size_t>(c)]));
      }
    }
    next(kNumCards);
  }
  // Hidden counts and hand sizes, per player.
  for (int p = 0; p < kMaxPlayers; ++p) {
    int hidden = 0, size = 0;
    if (p < cfg_->players) {
      const auto& pl = player(p);
      size = pl.hand_size();
      for (int c = kFirstCunning; c < kNumCards; ++c) {
        const bool shown = seat == p || (c == kPlot && phase_ == Phase::kEnded);
        if (!shown) hidden += pl.hand[static_cast<size_t>(c)];
      }
    }
    out[at + static_cast<size_t>(p)] = static_cast<float>(hidden);
    out[at + kMaxPlayers + static_cast<size_t>(p)] = static_cast<float>(size);
  }
  next(2 * kMaxPlayers);
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p < cfg_->players)
      for (int c : player(p).discard) out[at + static_cast<size_t>(c)] += 1;
    next(kNumCards);
  }
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p < cfg_->players && !player(p).discard.empty())
      put(static_cast<size_t>(player(p).discard.back()), 1);
    next(kNumCards);
  }
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p < cfg_->players) {
      put(static_cast<size_t>(p), static_cast<float>(player(p).last_play));
      // Whether a hidden last card is Plot (R18) is known only to its holder
      // until the end.
      if (seat == p || phase_ == Phase::kEnded || !cfg_->advanced)
        put(static_cast<size_t>(kMaxPlayers + p), player(p).exhausted > 0 ? 1.f : 0.f);
    }
  }
  next(2 * kMaxPlayers);
  if (phase_ != Phase::kSetup && phase_ != Phase::kEnded) put(static_cast<size_t>(current_), 1);
  next(kMaxPlayers);
  put(static_cast<size_t>(phase_), 1);
  next(5);
  put(0, static_cast<float>(passes_));
  put(1, static_cast<float>(seq_));
  put(2, static_cast<float>(struggles_));
  next(3);
  if (effect_card_ >= 0) put(static_cast<size_t>(effect_card_), 1);
  next(kNumCards);
  for (size_t i = 0; i < 5; ++i) {
    if (i < steps_.size()) {
      put(2 * i, 1);
      put(2 * i + 1, static_cast<float>(steps_[i]));
    }
  }
  next(10);
  put(static_cast<size_t>(last_type_), 1);
  if (last_player_ >= 0) put(static_cast<size_t>(4 + last_player_), 1);
  for (int r = 0; r < kNumRegions; ++r)
    for (int f = 0; f < kNumFactions; ++f)
      put(static_cast<size_t>(8 + r * kNumFactions + f),
          last_delta_[static_cast<size_t>(r)][static_cast<size_t>(f)]);
  next(32);
  put(seat == kSpectator ? 4 : static_cast<size_t>(seat), 1);
  next(5);
  int box = 0;
  for (uint32_t m = undealt_mask(); m; m &= m - 1) ++box;
  put(0, static_cast<float>(box));
  next(1);
  assert(at == kTensorSize);
}

uint64_t KidState::hash() const {
  uint64_t h = 0x4B69644B6964ull;
  auto mix = [&](int64_t v) { h = mix64(h, static_cast<uint64_t>(v)); };
  mix(static_cast<int>(phase_));
  mix(setup_step_);
  for (int v : bag_) mix(v);
  for (const auto& reg : regions_)
    for (int v : reg) mix(v);
  for (int v : status_) mix(v);
  for (int v : supply_) mix(v);
  for (int v : track_) mix(v);
  mix(locked_);
  mix(struggles_);
  for (int p = 0; p < cfg_->players; ++p) {
    const auto& pl = players_[static_cast<size_t>(p)];
    for (int v : pl.hand) mix(v);
    mix(static_cast<int64_t>(pl.discard.size()));
    for (int v : pl.discard) mix(v);
    for (int v : pl.court) mix(v);
    mix(pl.last_play);
  }
  mix(current_);
  mix(passes_);
  mix(seq_);
  mix(static_cast<int>(last_type_));
  mix(last_player_);
  for (const auto& d : last_delta_)
    for (int v : d) mix(v);
  mix(effect_card_);
  mix(static_cast<int64_t>(steps_.size()));
  for (Action a : steps_) mix(a);
  return h;
}

json KidState::scores() const {
  json j = json::object();
  json sets = json::array();
  for (int p = 0; p < cfg_->players; ++p)
    sets.push_back(std::min({court(p, 0), court(p, 1), court(p, 2)}));
  j["sets"] = sets;
  j["struggles"] = struggles_;
  j["instability"] = instability();
  if (phase_ == Phase::kEnded) {
    j["winners"] = winners();
    j["end"] = invasion() ? "invasion" : "coronation";
  }
  return j;
}

std::string KidState::seat_name(Seat seat) const {
  static const char* const kNames[] = {"A", "B", "C", "D"};
  if (seat < 0 || seat >= cfg_->players) return "seat " + std::to_string(seat);
  return std::string("player ") + kNames[seat];
}

}  // namespace meeple::king_is_dead
