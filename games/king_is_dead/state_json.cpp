// The state as JSON (to_json, view) and back (from_json), validated field
// by field and then as a whole (shared/rules/king_is_dead.md §5 invariants):
// followers conserved per faction, resolved regions empty, the track a
// permutation whose first `struggles` spaces are resolved, hands and discard
// piles made of each player's dealt cards, each Cunning card in one place,
// play sequence numbers consistent, the phase's pending fields (an effect's
// steps must lead to a legal effect). A hostile document gives an error
// naming the field, never a crash.
#include <fmt/format.h>

#include <algorithm>

#include "core/json_reader.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

namespace {

constexpr int kFormat = 1;
const char* const kPhaseNames[] = {"setup", "action", "effect", "summon", "ended"};
const char* const kEffectNames[] = {"none", "other", "manoeuvre", "outmanoeuvre"};

std::string status_name(const Board& b, int s) {
  if (s == kOpen) return "open";
  if (s == kUnstable) return "unstable";
  return b.faction_id[static_cast<size_t>(s)];
}

json counts(const Counts& c) {
  return json::array({c[0], c[1], c[2]});
}

}  // namespace

// Whether `seat` may see player p's Cunning cards in hand (R37).
bool KidState::card_known(Seat seat, int p) const {
  return seat == p;
}

json KidState::to_json_for(Seat seat, bool full) const {
  const Board& b = *cfg_->board;
  json j;
  j["format"] = kFormat;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["setup_step"] = setup_step_;
  j["bag"] = counts(bag_);
  json regions = json::object();
  for (int r = 0; r < kNumRegions; ++r)
    regions[b.region_id[static_cast<size_t>(r)]] = {
        {"followers", counts(regions_[static_cast<size_t>(r)])},
        {"status", status_name(b, status_[static_cast<size_t>(r)])}};
  j["regions"] = regions;
  j["supply"] = counts(supply_);
  json track = json::array(), locked = json::array();
  for (int k = 0; k < kNumRegions; ++k) {
    const int r = track_[static_cast<size_t>(k)];
    track.push_back(r < 0 ? json(nullptr) : json(b.region_id[static_cast<size_t>(r)]));
    locked.push_back(this->locked(k));
  }
  j["track"] = track;
  j["locked"] = locked;
  j["struggles"] = struggles_;
  json players = json::array();
  for (int p = 0; p < cfg_->players; ++p) {
    const auto& pl = players_[static_cast<size_t>(p)];
    json hand = json::array(), discard = json::array();
    int hidden = 0;
    for (int c = 0; c < kNumCards; ++c)
      for (int k = 0; k < pl.hand[static_cast<size_t>(c)]; ++k) {
        const bool revealed_plot = c == kPlot && phase_ == Phase::kEnded;
        if (full || c < kFirstCunning || card_known(seat, p) || revealed_plot)
          hand.push_back(b.card_id[static_cast<size_t>(c)]);
        else
          ++hidden;
      }
    for (int c : pl.discard) discard.push_back(b.card_id[static_cast<size_t>(c)]);
    json pj = {{"hand", hand},
               {"discard", discard},
               {"court", counts(pl.court)},
               {"last_play", pl.last_play}};
    if (!full) {
      pj["hidden_cards"] = hidden;
      pj["hand_size"] = pl.hand_size();
    }
    players.push_back(pj);
  }
  j["players"] = players;
  j["current"] = current_;
  j["passes"] = passes_;
  j["seq"] = seq_;
  json delta = json::array();
  for (const auto& d : last_delta_) delta.push_back(counts(d));
  j["last_effect"] = {{"type", kEffectNames[static_cast<int>(last_type_)]},
                      {"player", last_player_},
                      {"delta", delta}};
  if (phase_ == Phase::kEffect)
    j["effect"] = {{"card", b.card_id[static_cast<size_t>(effect_card_)]}, {"steps", steps_}};
  else
    j["effect"] = nullptr;
  if (!full && cfg_->advanced) {
    int box = 0;
    for (uint32_t m = undealt_mask(); m; m &= m - 1) ++box;
    j["undealt_cunning"] = box;
  }
  return j;
}

json KidState::to_json() const {
  return to_json_for(kSpectator, true);
}

Result<std::unique_ptr<State>> KidState::from_json(std::shared_ptr<const KidConfig> cfg,
                                                   const json& j) {
  const Board& b = *cfg->board;
  auto s = std::make_unique<KidState>(cfg);
  JsonReader r("king_is_dead state");
  const int n = cfg->players, total = cfg->total_followers();
  if (!r.object(j, "",
                {"format", "phase", "setup_step", "bag", "regions", "supply", "track", "locked",
                 "struggles", "players", "current", "passes", "seq", "last_effect", "effect"}))
    return r.status();
  auto f = [&](const char* name) -> const json& { return r.at(j, name); };
  r.integer(f("format"), "/format", kFormat, kFormat, "the state format version");
  const std::string phase = r.string(f("phase"), "/phase");
  bool phase_ok = false;
  for (int i = 0; i < 5; ++i)
    if (phase == kPhaseNames[i]) s->phase_ = static_cast<Phase>(i), phase_ok = true;
  if (r.ok() && !phase_ok) r.fail("/phase", "setup, action, effect, summon or ended", &f("phase"));
  auto read_counts = [&](const json& v, const std::string& path, Counts& out) {
    if (!r.array(v, path, kNumFactions)) return;
    for (size_t i = 0; i < kNumFactions; ++i)
      out[i] = static_cast<int8_t>(
          r.integer(v[i], path + "/" + std::to_string(i), 0, total, "a follower count"));
  };
  const int setup_total =
      s->setup_court_draws() + s->setup_fill_draws() + kNumRegions + s->setup_deal_draws();
  s->setup_step_ = static_cast<int>(r.integer(f("setup_step"), "/setup_step", 0, setup_total));
  read_counts(f("bag"), "/bag", s->bag_);
  read_counts(f("supply"), "/supply", s->supply_);
  if (r.ok()) {
    const json& regs = f("regions");
    if (!regs.is_object() || regs.size() != kNumRegions)
      r.fail("/regions", "an object with the 8 regions by id", &regs);
    for (int q = 0; q < kNumRegions && r.ok(); ++q) {
      const std::string& id = b.region_id[static_cast<size_t>(q)];
      const json& reg = r.at(regs, id);
      const std::string path = "/regions/" + id;
      if (!r.object(reg, path, {"followers", "status"})) break;
      read_counts(reg["followers"], path + "/followers", s->regions_[static_cast<size_t>(q)]);
      const std::string st = r.string(reg["status"], path + "/status");
      int8_t v = -2;
      if (st == "open") v = kOpen;
      if (st == "unstable") v = kUnstable;
      const int fac = b.find_faction(st);
      if (fac >= 0) v = static_cast<int8_t>(fac);
      if (r.ok() && v == -2)
        r.fail(path + "/status", "open, unstable, scots, welsh or english", &reg["status"]);
      s->status_[static_cast<size_t>(q)] = v;
    }
  }
  if (r.array(f("track"), "/track", kNumRegions) && r.array(f("locked"), "/locked", kNumRegions)) {
    for (size_t k = 0; k < kNumRegions; ++k) {
      const json& t = f("track")[k];
      const std::string path = "/track/" + std::to_string(k);
      if (t.is_null()) {
        s->track_[k] = -1;
      } else {
        const int q = t.is_string() ? b.find_region(t.get<std::string>()) : -1;
        if (q < 0 && r.ok()) r.fail(path, "a region id or null", &t);
        s->track_[k] = static_cast<int8_t>(q);
      }
      if (r.boolean(f("locked")[k], "/locked/" + std::to_string(k)))
        s->locked_ = static_cast<uint8_t>(s->locked_ | (1u << k));
    }
  }
  s->struggles_ = static_cast<int>(r.integer(f("struggles"), "/struggles", 0, kNumRegions));
  s->seq_ = static_cast<int>(r.integer(f("seq"), "/seq", 0, n * kHandSize));
  s->current_ = static_cast<int>(r.integer(f("current"), "/current", 0, n - 1, "a seat"));
  s->passes_ = static_cast<int>(r.integer(f("passes"), "/passes", 0, n - 1));
  auto read_cards = [&](const json& v, const std::string& path, auto&& add) {
    if (!r.ok()) return;
    if (!v.is_array() || v.size() > kHandSize) {
      r.fail(path, "a list of at most 8 card ids", &v);
      return;
    }
    for (size_t i = 0; i < v.size(); ++i) {
      const int c = v[i].is_string() ? b.find_card(v[i].get<std::string>()) : -1;
      if (c < 0) {
        r.fail(path + "/" + std::to_string(i), "a card id", &v[i]);
        return;
      }
      add(c);
    }
  };
  if (r.array(f("players"), "/players", static_cast<size_t>(n))) {
    for (int p = 0; p < n && r.ok(); ++p) {
      const json& pj = f("players")[static_cast<size_t>(p)];
      const std::string path = "/players/" + std::to_string(p);
      if (!r.object(pj, path, {"hand", "discard", "court", "last_play"})) break;
      auto& pl = s->players_[static_cast<size_t>(p)];
      pl.hand.fill(0);
      read_cards(pj["hand"], path + "/hand", [&](int c) { ++pl.hand[static_cast<size_t>(c)]; });
      read_cards(pj["discard"], path + "/discard",
                 [&](int c) { pl.discard.push_back(static_cast<int8_t>(c)); });
      read_counts(pj["court"], path + "/court", pl.court);
      pl.last_play = static_cast<int>(r.integer(pj["last_play"], path + "/last_play", 0, s->seq_));
      if (pl.cards_left() == 0 && pl.last_play > 0) pl.exhausted = pl.last_play;
    }
  }
  if (r.object(f("last_effect"), "/last_effect", {"type", "player", "delta"})) {
    const json& le = f("last_effect");
    const std::string type = r.string(le["type"], "/last_effect/type");
    bool ok = false;
    for (int i = 0; i < 4; ++i)
      if (type == kEffectNames[i]) s->last_type_ = static_cast<EffectType>(i), ok = true;
    if (r.ok() && !ok)
      r.fail("/last_effect/type", "none, other, manoeuvre or outmanoeuvre", &le["type"]);
    s->last_player_ =
        static_cast<int>(r.integer(le["player"], "/last_effect/player", -1, n - 1, "a seat or -1"));
    if (r.array(le["delta"], "/last_effect/delta", kNumRegions))
      for (size_t q = 0; q < kNumRegions; ++q) {
        const std::string path = "/last_effect/delta/" + std::to_string(q);
        if (!r.array(le["delta"][q], path, kNumFactions)) break;
        for (size_t g = 0; g < kNumFactions; ++g)
          s->last_delta_[q][g] = static_cast<int8_t>(
              r.integer(le["delta"][q][g], path + "/" + std::to_string(g), -4, 4));
      }
  }
  const json& eff = f("effect");
  if (r.ok() && !eff.is_null()) {
    if (r.object(eff, "/effect", {"card", "steps"})) {
      const int c = eff["card"].is_string() ? b.find_card(eff["card"].get<std::string>()) : -1;
      if (c < 0) r.fail("/effect/card", "a card id", &eff["card"]);
      s->effect_card_ = c;
      const json& steps = eff["steps"];
      if (r.ok() && (!steps.is_array() || steps.size() > 5))
        r.fail("/effect/steps", "a list of at most 5 action ids", &steps);
      for (size_t i = 0; r.ok() && i < steps.size(); ++i)
        s->steps_.push_back(static_cast<Action>(
            r.integer(steps[i], "/effect/steps/" + std::to_string(i), 0, kNumDistinctActions - 1)));
    }
  }
  if (!r.ok()) return r.status();
  if (Status st = s->check_loaded(); !st.is_ok()) return st;
  if (s->phase_ == Phase::kEffect) s->matching(s->effect_cands_);
  return std::unique_ptr<State>(std::move(s));
}

Status KidState::check_loaded() const {
  const Board& b = *cfg_->board;
  const int n = cfg_->players;
  auto bad = [](const std::string& m) { return invalid_argument("king_is_dead state: " + m); };
  const int courts = setup_court_draws(), fill = setup_fill_draws();
  const int setup_total = courts + fill + kNumRegions + setup_deal_draws();
  // Phase against the set-up counter and the end.
  if ((phase_ == Phase::kSetup) != (setup_step_ < setup_total))
    return bad(fmt::format("phase {} with setup_step {} of {}",
                           kPhaseNames[static_cast<int>(phase_)], setup_step_, setup_total));
  // Followers conserved per faction (§5).
  for (int f = 0; f < kNumFactions; ++f) {
    int sum = bag_[static_cast<size_t>(f)] + supply_[static_cast<size_t>(f)];
    for (const auto& reg : regions_) sum += reg[static_cast<size_t>(f)];
    for (int p = 0; p < n; ++p)
      sum += players_[static_cast<size_t>(p)].court[static_cast<size_t>(f)];
    if (sum != cfg_->total_followers())
      return bad(fmt::format("{} followers of the {} in play, expected {}", sum,
                             b.faction_id[static_cast<size_t>(f)], cfg_->total_followers()));
  }
  for (int q = 0; q < kNumRegions; ++q)
    if (!is_open(q) && regions_[static_cast<size_t>(q)] != Counts{})
      return bad("resolved region " + b.region_id[static_cast<size_t>(q)] + " holds followers");
  // Cards: each player's hand and discard are the dealt cards.
  uint32_t seen = 0;
  int plays = 0, latest = 0;
  const auto& base = cfg_->advanced ? b.advanced_hand : b.basic_hand;
  for (int p = 0; p < n; ++p) {
    const auto& pl = players_[static_cast<size_t>(p)];
    std::array<int, kNumCards> have{};
    for (int c = 0; c < kNumCards; ++c)
      have[static_cast<size_t>(c)] = pl.hand[static_cast<size_t>(c)];
    for (int c : pl.discard) ++have[static_cast<size_t>(c)];
    std::array<int, kNumCards> want{};
    for (int c : base) ++want[static_cast<size_t>(c)];
    int cunning = 0;
    for (int c = 0; c < kNumCards; ++c) {
      const int h = have[static_cast<size_t>(c)];
      if (c < kFirstCunning) {
        if (h != want[static_cast<size_t>(c)])
          return bad(fmt::format("player {} holds or played {} {}, expected {}", p, h,
                                 b.card_id[static_cast<size_t>(c)], want[static_cast<size_t>(c)]));
        continue;
      }
      if (h == 0) continue;
      if (!cfg_->advanced || h > 1 || (c == kBetrayal && !cfg_->betrayal) ||
          ((seen >> (c - kFirstCunning)) & 1))
        return bad(
            fmt::format("card {} cannot be with player {}", b.card_id[static_cast<size_t>(c)], p));
      seen |= 1u << (c - kFirstCunning);
      cunning += h;
    }
    const int dealt =
        std::clamp(setup_step_ - courts - fill - kNumRegions - p * b.cunning_per_player, 0,
                   b.cunning_per_player);
    if (cfg_->advanced && cunning != dealt)
      return bad(fmt::format("player {} has {} Cunning cards, expected {}", p, cunning, dealt));
    for (int c : pl.discard)
      if (c == kPlot) return bad("Plot is never played (§10.4)");
    plays += static_cast<int>(pl.discard.size());
    if ((pl.last_play == 0) != pl.discard.empty())
      return bad(fmt::format("player {}: last_play {} with {} cards played", p, pl.last_play,
                             pl.discard.size()));
    if (pl.last_play > 0 && pl.last_play < static_cast<int>(pl.discard.size()))
      return bad(fmt::format("player {}: last_play {} is before its own plays", p, pl.last_play));
    latest = std::max(latest, pl.last_play);
    const int court = pl.court[0] + pl.court[1] + pl.court[2];
    if (court > b.court_draw + static_cast<int>(pl.discard.size()))
      return bad(
          fmt::format("player {}: a court of {} after {} cards", p, court, pl.discard.size()));
    for (int q = 0; q < p; ++q)
      if (pl.last_play > 0 && players_[static_cast<size_t>(q)].last_play == pl.last_play)
        return bad("two players share a last_play");
  }
  if (plays != seq_ || latest != seq_)
    return bad(fmt::format("seq {} with {} cards played (latest play {})", seq_, plays, latest));
  if (phase_ == Phase::kSetup) {
    // The set-up so far, in its order (setup.cpp).
    if (supply_ != Counts{} || seq_ != 0 || struggles_ != 0 || passes_ != 0 || locked_ != 0 ||
        last_type_ != EffectType::kNone)
      return bad("set-up: no supply, play, struggle, pass or disc yet");
    int drawn_fill = std::clamp(setup_step_ - courts, 0, fill);
    for (int p = 0; p < n; ++p) {
      const auto& c = players_[static_cast<size_t>(p)].court;
      if (c[0] + c[1] + c[2] != std::clamp(setup_step_ - p * b.court_draw, 0, b.court_draw))
        return bad(fmt::format("set-up: player {}'s court does not match step {}", p, setup_step_));
    }
    for (int q = 0; q < kNumRegions; ++q) {
      const auto& reg = regions_[static_cast<size_t>(q)];
      int home = 0;
      for (int f = 0; f < kNumFactions; ++f)
        if (b.home[static_cast<size_t>(f)] == q) home = b.home_followers;
      const int want = home + std::min(b.followers_per_region - home, drawn_fill);
      drawn_fill -= want - home;
      if (!is_open(q) || reg[0] + reg[1] + reg[2] != want)
        return bad("set-up: region " + b.region_id[static_cast<size_t>(q)] +
                   " does not match the draws so far");
      for (int f = 0; f < kNumFactions; ++f)
        if (b.home[static_cast<size_t>(f)] == q && reg[static_cast<size_t>(f)] < home)
          return bad("set-up: home region " + b.region_id[static_cast<size_t>(q)] +
                     " lost its followers");
    }
    const int cards = std::clamp(setup_step_ - courts - fill, 0, kNumRegions);
    uint8_t placed = 0;
    for (int k = 0; k < kNumRegions; ++k) {
      const int q = track_[static_cast<size_t>(k)];
      if ((k < cards) != (q >= 0)) return bad("set-up: the track does not match the step");
      if (q >= 0) {
        if ((placed >> q) & 1) return bad("a region card lies on two spaces");
        placed = static_cast<uint8_t>(placed | (1u << q));
      }
    }
    if (current_ != cfg_->first_player) return bad("set-up: current must be the first player");
    return Status::ok();
  }
  if (bag_ != Counts{}) return bad("the bag is empty after set-up");
  uint8_t placed = 0;
  for (int k = 0; k < kNumRegions; ++k) {
    const int q = track_[static_cast<size_t>(k)];
    if (q < 0 || ((placed >> q) & 1)) return bad("the track must hold each region card once");
    placed = static_cast<uint8_t>(placed | (1u << q));
    if ((k < struggles_) == is_open(q))
      return bad(fmt::format("space {}: region {} must be {}", k + 1,
                             b.region_id[static_cast<size_t>(q)],
                             k < struggles_ ? "resolved (face down)" : "open (face up)"));
  }
  const bool ended = invasion() || struggles_ == kNumRegions;
  if (ended != (phase_ == Phase::kEnded))
    return bad(ended ? "the game is over: phase must be ended" : "phase ended before the end");
  if (instability() > b.instability_discs) return bad("more unstable regions than discs");
  if (last_type_ == EffectType::kNone ? (last_player_ != -1 || last_delta_ != Delta{})
                                      : last_player_ < 0)
    return bad("last_effect: a type other than none needs its player, none needs no player");
  if (phase_ == Phase::kEffect) {
    const auto& pile = players_[static_cast<size_t>(current_)].discard;
    if (pile.empty() || pile.back() != effect_card_)
      return bad("effect: the card must be the top of the current player's discard");
    std::vector<Candidate> cands;
    matching(cands);
    if (cands.empty()) return bad("effect: the steps lead to no legal effect");
    for (const auto& c : cands)
      if (c.len == static_cast<int>(steps_.size()))
        return bad("effect: the steps are complete (the effect should have been applied)");
  } else if (effect_card_ >= 0 || !steps_.empty()) {
    return bad("effect: only in phase effect");
  }
  if (phase_ == Phase::kSummon) {
    bool any = false;
    for (int q = 0; q < kNumRegions; ++q)
      any = any || (is_open(q) && regions_[static_cast<size_t>(q)] != Counts{});
    if (!any) return bad("summon: every open region is empty (R5: no summon)");
    if (seq_ == 0 || players_[static_cast<size_t>(current_)].last_play != seq_)
      return bad("summon: the current player must have made the latest play");
  }
  return Status::ok();
}

}  // namespace meeple::king_is_dead
