// The 2008 state as JSON (full, and each seat's view), its hash, the
// determinization of what a seat cannot see (other hands and the draw pile's
// contents), the terminal's text and the observations for AI.
#include <algorithm>
#include <array>
#include <bit>
#include <sstream>

#include "core/copy_into.h"
#include "core/rng.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk {

using namespace r2008;

namespace {

constexpr int kStateFormat = 1;
constexpr int kNumPhases2008 = static_cast<int>(Phase2008::kGameOver) + 1;

template <typename A>
json array_of(const A& a, int n) {
  json out = json::array();
  for (int i = 0; i < n; ++i) out.push_back(static_cast<int64_t>(a[i]));
  return out;
}

// Reads an integer array of exactly n entries within [lo, hi].
template <typename A>
Status read_array(const json& j, const char* key, int n, int64_t lo, int64_t hi, A& out) {
  if (!j.contains(key) || !j[key].is_array() || static_cast<int>(j[key].size()) != n)
    return invalid_argument(std::string("\"") + key + "\": expected an array of " +
                            std::to_string(n) + " integers");
  for (int i = 0; i < n; ++i) {
    const json& v = j[key][i];
    if (!v.is_number_integer() || v.get<int64_t>() < lo || v.get<int64_t>() > hi)
      return invalid_argument(std::string("\"") + key + "\"[" + std::to_string(i) +
                              "]: expected an integer in [" + std::to_string(lo) + ", " +
                              std::to_string(hi) + "]");
    out[i] = static_cast<std::decay_t<decltype(out[i])>>(v.get<int64_t>());
  }
  return Status::ok();
}

Status read_int(const json& j, const char* key, int64_t lo, int64_t hi, int64_t& out) {
  if (!j.contains(key) || !j[key].is_number_integer() || j[key].get<int64_t>() < lo ||
      j[key].get<int64_t>() > hi)
    return invalid_argument(std::string("\"") + key + "\": expected an integer in [" +
                            std::to_string(lo) + ", " + std::to_string(hi) + "]");
  out = j[key].get<int64_t>();
  return Status::ok();
}

constexpr int64_t kAllMask = (int64_t{1} << kNumTerritories) - 1;

}  // namespace

const char* Risk2008State::mode_name() const {
  switch (cfg_->mode) {
    case Mode2008::kBasicTraining:
      return "basic_training";
    case Mode2008::kWorldConquest:
      return "world_conquest";
    case Mode2008::kCommandRoom:
      break;
  }
  return "command_room";
}

json Risk2008State::to_json() const {
  const int n = cfg_->players;
  json j;
  j["format"] = kStateFormat;
  j["mode"] = mode_name();
  j["players"] = n;
  j["phase"] = phase_2008_name(phase_);
  j["active"] = active_;
  j["first"] = first_;
  j["owner"] = array_of(owner_, kNumTerritories);
  j["troops"] = array_of(troops_, kNumTerritories);
  j["cities"] = cities_;
  j["capital"] = array_of(capital_, n);
  j["hands"] = array_of(hand_, n);
  j["deck"] = deck_;
  j["discard"] = discard_;
  j["setup_left"] = array_of(setup_left_, n);
  j["eliminated"] = array_of(eliminated_, n);
  j["objective_place"] = array_of(obj_where_, kNumObjectives);
  j["objective_token"] = array_of(obj_token_, kNumObjectives);
  j["laid"] = array_of(laid_, static_cast<int>(laid_.size()));
  j["token_holder"] = array_of(token_holder_, kNumTokens);
  j["airfield_at"] = array_of(airfield_at_, kNumTokens);
  j["counters"] = {claims_,      deal_seat_,  deal_given_,      cities_drawn_,    tokens_placed_,
                   turn_number_, draft_left_, manoeuvres_left_, pending_airfield_};
  j["own0"] = own0_;
  j["selected"] = selected_;
  j["flags"] = {int{traded_},    int{placed_any_}, int{battled_}, int{start_manoeuvre_used_},
                int{conquered_}, int{claimed_}};
  j["battle"] = {src_, tgt_, att_dice_, def_dice_, rolled_, last_losses_[0], last_losses_[1]};
  j["dice"] = array_of(dice_, 7);
  j["move"] = {move_.from, move_.to, move_.moved, move_.at_least, move_kind_, victim_};
  j["winner"] = winner_;
  return j;
}

Result<std::unique_ptr<Risk2008State>> Risk2008State::from_json(
    std::shared_ptr<const Risk2008Config> config, const json& j) {
  if (!j.is_object()) return invalid_argument("state: expected an object");
  static const char* const kFields[] = {
      "format",          "mode",       "players",      "phase",
      "active",          "first",      "owner",        "troops",
      "cities",          "capital",    "hands",        "deck",
      "discard",         "setup_left", "eliminated",   "objective_place",
      "objective_token", "laid",       "token_holder", "airfield_at",
      "counters",        "own0",       "selected",     "flags",
      "battle",          "dice",       "move",         "winner"};
  for (const auto& [key, value] : j.items())
    if (std::find(std::begin(kFields), std::end(kFields), key) == std::end(kFields))
      return invalid_argument("state: unknown field \"" + key + "\"");
  const int n = config->players;
  auto s = std::make_unique<Risk2008State>(config);
  int64_t v = 0;
  if (Status st = read_int(j, "format", kStateFormat, kStateFormat, v); !st) return st;
  if (Status st = read_int(j, "players", n, n, v); !st) return st;
  const std::string mode = s->mode_name();
  if (!j.contains("mode") || j["mode"] != mode)
    return invalid_argument("\"mode\": expected \"" + mode + "\"");
  if (!j.contains("phase") || !j["phase"].is_string())
    return invalid_argument("\"phase\": expected a phase name");
  int phase = -1;
  for (int p = 0; p < kNumPhases2008; ++p)
    if (j["phase"] == phase_2008_name(static_cast<Phase2008>(p))) phase = p;
  if (phase < 0) return invalid_argument("\"phase\": unknown phase " + j["phase"].dump());
  s->phase_ = static_cast<Phase2008>(phase);
  if (Status st = read_int(j, "active", 0, n - 1, v); !st) return st;
  s->active_ = static_cast<Seat>(v);
  if (Status st = read_int(j, "first", 0, n - 1, v); !st) return st;
  s->first_ = static_cast<int>(v);
  if (Status st = read_array(j, "owner", kNumTerritories, -1, n - 1, s->owner_); !st) return st;
  if (Status st = read_array(j, "troops", kNumTerritories, 0, 1 << 20, s->troops_); !st) return st;
  if (Status st = read_int(j, "cities", 0, kAllMask, v); !st) return st;
  s->cities_ = static_cast<uint64_t>(v);
  if (Status st = read_array(j, "capital", n, -1, kNumTerritories - 1, s->capital_); !st) return st;
  if (Status st = read_array(j, "hands", n, 0, kAllMask, s->hand_); !st) return st;
  if (Status st = read_int(j, "deck", 0, kAllMask, v); !st) return st;
  s->deck_ = static_cast<uint64_t>(v);
  if (Status st = read_int(j, "discard", 0, kAllMask, v); !st) return st;
  s->discard_ = static_cast<uint64_t>(v);
  if (Status st = read_array(j, "setup_left", n, 0, 1000, s->setup_left_); !st) return st;
  if (Status st = read_array(j, "eliminated", n, 0, 1, s->eliminated_); !st) return st;
  if (Status st = read_array(j, "objective_place", kNumObjectives, -2, n - 1, s->obj_where_); !st)
    return st;
  if (Status st =
          read_array(j, "objective_token", kNumObjectives, -1, kNumTokens - 1, s->obj_token_);
      !st)
    return st;
  if (!j.contains("laid") || !j["laid"].is_array() || j["laid"].size() > kNumTokens)
    return invalid_argument("\"laid\": expected an array of at most 8 objective indices");
  s->laid_.assign(j["laid"].size(), 0);
  if (Status st =
          read_array(j, "laid", static_cast<int>(s->laid_.size()), 0, kNumObjectives - 1, s->laid_);
      !st)
    return st;
  if (Status st = read_array(j, "token_holder", kNumTokens, -2, n - 1, s->token_holder_); !st)
    return st;
  if (Status st =
          read_array(j, "airfield_at", kNumTokens, -1, kNumTerritories - 1, s->airfield_at_);
      !st)
    return st;
  std::array<int, 9> counters{};
  if (Status st = read_array(j, "counters", 9, -1, 1 << 20, counters); !st) return st;
  s->claims_ = counters[0];
  s->deal_seat_ = counters[1];
  s->deal_given_ = counters[2];
  s->cities_drawn_ = counters[3];
  s->tokens_placed_ = counters[4];
  s->turn_number_ = counters[5];
  s->draft_left_ = counters[6];
  s->manoeuvres_left_ = counters[7];
  s->pending_airfield_ = counters[8];
  if (Status st = read_int(j, "own0", 0, kAllMask, v); !st) return st;
  s->own0_ = static_cast<uint64_t>(v);
  if (Status st = read_int(j, "selected", 0, kAllMask, v); !st) return st;
  s->selected_ = static_cast<uint64_t>(v);
  std::array<int, 6> flags{};
  if (Status st = read_array(j, "flags", 6, 0, 1, flags); !st) return st;
  s->traded_ = flags[0];
  s->placed_any_ = flags[1];
  s->battled_ = flags[2];
  s->start_manoeuvre_used_ = flags[3];
  s->conquered_ = flags[4];
  s->claimed_ = flags[5];
  std::array<int, 7> battle{};
  if (Status st = read_array(j, "battle", 7, -1, kNumTerritories, battle); !st) return st;
  s->src_ = battle[0];
  s->tgt_ = battle[1];
  s->att_dice_ = battle[2];
  s->def_dice_ = battle[3];
  s->rolled_ = battle[4];
  s->last_losses_ = {battle[5], battle[6]};
  if (Status st = read_array(j, "dice", 7, 0, 6, s->dice_); !st) return st;
  std::array<int, 6> move{};
  if (Status st = read_array(j, "move", 6, -1, 1 << 20, move); !st) return st;
  s->move_.from = move[0];
  s->move_.to = move[1];
  s->move_.moved = move[2];
  s->move_.at_least = move[3];
  s->move_kind_ = move[4];
  s->victim_ = move[5];
  if (Status st = read_int(j, "winner", -1, n - 1, v); !st) return st;
  s->winner_ = static_cast<int>(v);
  // The cards: every card in exactly one place.
  uint64_t seen = s->deck_ & s->discard_;
  uint64_t all = s->deck_ | s->discard_;
  for (int p = 0; p < n; ++p) {
    seen |= all & s->hand_[p];
    all |= s->hand_[p];
  }
  if (seen != 0 || all != static_cast<uint64_t>(kAllMask))
    return invalid_argument("cards: each of the 42 must be in exactly one of deck, discard, hands");
  // A trade's selection is of the active player's own cards (a corrupted
  // document selected cards nobody held, which determinize then dealt out).
  if ((s->selected_ & ~s->hand_[s->active_]) != 0)
    return invalid_argument("\"selected\": cards the active player does not hold");
  // The pending fields a phase reads must point at the board.
  const Phase2008 ph = s->phase_;
  if ((ph == Phase2008::kDefend || ph == Phase2008::kRoll) &&
      (s->src_ < 0 || s->tgt_ < 0 || s->tgt_ >= kNumTerritories || s->owner_[s->tgt_] < 0 ||
       s->att_dice_ < 1 || s->att_dice_ > 3 || s->def_dice_ < 0 || s->def_dice_ > 2))
    return invalid_argument("\"battle\": no battle under way in phase " + j["phase"].dump());
  if (ph == Phase2008::kRoll && s->cfg_->battle_outcomes && s->rolled_ != 0)
    return invalid_argument(
        "\"battle\": 0 dice rolled (the game takes each roll as one outcome, battles=outcomes)");
  if (ph == Phase2008::kMove &&
      (s->move_.from < 0 || s->move_.to < 0 || s->move_.from >= kNumTerritories ||
       s->move_.to >= kNumTerritories))
    return invalid_argument("\"move\": no move under way");
  if (ph == Phase2008::kAirfield &&
      (s->pending_airfield_ < 0 || s->pending_airfield_ >= kNumTokens))
    return invalid_argument("\"counters\": no airfield to place");
  if (ph == Phase2008::kTokens && (s->tokens_placed_ >= static_cast<int>(s->laid_.size())))
    return invalid_argument("\"counters\": no objective awaits a token");
  // World Conquest (§13) lays no objective and no reward token: none may
  // be anywhere but in the box, and no phase of them may come up.
  if (config->world_conquest()) {
    for (int i = 0; i < kNumObjectives; ++i)
      if (s->obj_where_[i] != kBoxed || s->obj_token_[i] != -1)
        return invalid_argument("\"objective_place\": world_conquest has no objectives");
    for (int k = 0; k < kNumTokens; ++k)
      if (s->token_holder_[k] != -1 || s->airfield_at_[k] != -1)
        return invalid_argument("\"token_holder\": world_conquest has no rewards");
    if (!s->laid_.empty() || s->tokens_placed_ != 0 || s->pending_airfield_ != -1 || s->claimed_ ||
        ph == Phase2008::kObjectives || ph == Phase2008::kTokens ||
        ph == Phase2008::kClaimObjective || ph == Phase2008::kAirfield)
      return invalid_argument("state: world_conquest has no objectives or rewards (phase " +
                              j["phase"].dump() + ")");
  }
  if ((ph == Phase2008::kDraw || ph == Phase2008::kDeal) && s->deck_ == 0)
    return invalid_argument("\"deck\": empty at a draw");
  // Every decision must have a legal answer: the phase's preconditions.
  const uint64_t own = s->own_mask(s->active_);
  if (ph >= Phase2008::kDraft && ph != Phase2008::kGameOver && s->eliminated_[s->active_])
    return invalid_argument("\"active\": an eliminated player cannot take a turn");
  if (ph == Phase2008::kDraft && s->draft_left_ < 1)
    return invalid_argument("\"counters\": a draft with no troops to place");
  if ((ph == Phase2008::kDraft || ph == Phase2008::kSetupPlace || ph == Phase2008::kAirfield) &&
      own == 0)
    return invalid_argument("\"owner\": the player to place holds no territory");
  if (ph == Phase2008::kSetupPlace && s->setup_left_[s->active_] < 1)
    return invalid_argument("\"setup_left\": the player to place has no troops left");
  if (ph <= Phase2008::kClaim) {
    // Each claim takes one starting troop: the claims still to come, in
    // turn from the active seat, must be covered (else setup_left would go
    // negative; a corrupted document had [29, 29, 0] here). Before the
    // capitals, who claims first is not known yet: each seat must cover the
    // larger share.
    const bool claiming = ph == Phase2008::kCapital || ph == Phase2008::kClaim;
    const int to_claim = kNumTerritories - (claiming ? s->claims_ : 0);
    for (int p = 0; p < n; ++p) {
      const int offset = claiming ? (p - s->active_ + n) % n : 0;
      const int claims = to_claim > offset ? (to_claim - offset + n - 1) / n : 0;
      if (s->setup_left_[p] < claims)
        return invalid_argument("\"setup_left\": seat " + std::to_string(p) + " has " +
                                std::to_string(s->setup_left_[p]) +
                                " starting troops left for its " + std::to_string(claims) +
                                " claims still to come");
    }
  }
  if ((ph == Phase2008::kCapital || ph == Phase2008::kClaim) && s->own_mask(-1) == 0)
    return invalid_argument("\"owner\": no empty territory to claim");
  if ((ph == Phase2008::kGameOver) != (s->winner_ >= 0))
    return invalid_argument("\"winner\": set exactly when the phase is game_over");
  // Finally: a state that is not over offers an action or a chance outcome.
  if (ph != Phase2008::kGameOver && s->legal_actions().empty())
    return invalid_argument("state: no legal action or chance outcome in phase " +
                            j["phase"].dump());
  return s;
}

uint64_t Risk2008State::hash() const {
  // Every field to_json writes, mixed in a fixed order (no text: searches
  // hash often).
  uint64_t h = 0x2008;
  auto mix = [&h](int64_t v) { h = mix64(h, static_cast<uint64_t>(v)); };
  auto mix_all = [&mix](const auto& a) {
    for (const auto& v : a) mix(static_cast<int64_t>(v));
  };
  // 0 Command Room, 1 Basic Training (the hashes of the first two modes'
  // golden logs), 2 World Conquest: Mode2008's values, which must not change.
  mix(static_cast<int>(cfg_->mode));
  mix(cfg_->players);
  mix(static_cast<int>(phase_));
  mix(active_);
  mix(first_);
  mix_all(owner_);
  mix_all(troops_);
  mix(static_cast<int64_t>(cities_));
  mix_all(capital_);
  mix_all(hand_);
  mix(static_cast<int64_t>(deck_));
  mix(static_cast<int64_t>(discard_));
  mix_all(setup_left_);
  mix_all(eliminated_);
  mix_all(obj_where_);
  mix_all(obj_token_);
  mix(static_cast<int64_t>(laid_.size()));
  mix_all(laid_);
  mix_all(token_holder_);
  mix_all(airfield_at_);
  for (const int v : {claims_, deal_seat_, deal_given_, cities_drawn_, tokens_placed_, turn_number_,
                      draft_left_, manoeuvres_left_, pending_airfield_})
    mix(v);
  mix(static_cast<int64_t>(own0_));
  mix(static_cast<int64_t>(selected_));
  for (const bool f : {traded_, placed_any_, battled_, start_manoeuvre_used_, conquered_, claimed_})
    mix(f);
  for (const int v : {src_, tgt_, att_dice_, def_dice_, rolled_, last_losses_[0], last_losses_[1]})
    mix(v);
  mix_all(dice_);
  for (const int v :
       {move_.from, move_.to, move_.moved, move_.at_least, move_kind_, victim_, winner_})
    mix(v);
  return h;
}

json Risk2008State::view(Seat seat) const {
  json j = to_json();
  json hands = json::array(), sizes = json::array();
  for (int p = 0; p < cfg_->players; ++p) {
    sizes.push_back(std::popcount(hand_[p]));
    // A selection for a trade is shown to the table, so it stays visible.
    const uint64_t shown = p == seat ? hand_[p] : (p == active_ ? selected_ : 0);
    hands.push_back(shown);
  }
  j["hands"] = hands;
  j["hand_sizes"] = sizes;
  j.erase("deck");
  j["deck_size"] = std::popcount(deck_);
  j["current_player"] = current_player();
  j["terminal"] = is_terminal();
  if (seat >= 0) j["seat"] = seat;
  return j;
}

void Risk2008State::determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const {
  redraw_unseen(seat, rng, copy_into(*this, out));
}

// `d` is a copy of this state; what `seat` cannot see is redrawn in it.
void Risk2008State::redraw_unseen(Seat seat, Rng& rng, Risk2008State& d) const {
  // Unknown to `seat`: the other hands (but a shown selection) and the deck.
  uint64_t pool = deck_;
  std::array<int, kMaxPlayers2008> unknown{};
  for (int p = 0; p < cfg_->players; ++p) {
    if (p == seat) continue;
    const uint64_t fixed = p == active_ ? selected_ : 0;
    pool |= hand_[p] & ~fixed;
    unknown[p] = std::popcount(hand_[p] & ~fixed);
    d.hand_[p] = fixed;
  }
  std::array<int, 64> cards;  // the pool's cards, on the stack: no allocation a sample
  size_t count = 0;
  for (uint64_t m = pool; m; m &= m - 1) cards[count++] = std::countr_zero(m);
  rng.shuffle(std::span<int>(cards.data(), count));
  size_t k = 0;
  for (int p = 0; p < cfg_->players; ++p)
    for (int i = 0; i < unknown[p]; ++i) d.hand_[p] |= uint64_t{1} << cards[k++];
  d.deck_ = 0;
  for (; k < count; ++k) d.deck_ |= uint64_t{1} << cards[k];
}

std::string Risk2008State::to_text(Seat seat) const {
  const Map& map = *cfg_->map;
  const Edition2008& e = *cfg_->edition;
  std::ostringstream o;
  const char* mode = cfg_->world_conquest()   ? "World Conquest"
                     : cfg_->basic_training() ? "Basic Training"
                                              : "Command Room";
  o << "Risk 2008 (" << mode << "), turn " << turn_number_ << ", phase " << phase_2008_name(phase_);
  if (phase_ != Phase2008::kGameOver) o << ", " << seat_name(active_) << " to play";
  if (winner_ >= 0) o << ", " << seat_name(winner_) << " won";
  o << "\n";
  for (int t = 0; t < kNumTerritories; ++t) {
    o << "  " << map.territory(t).name << ": "
      << (owner_[t] >= 0 ? seat_name(owner_[t]) : std::string("empty")) << " " << troops_[t];
    if ((cities_ >> t) & 1) o << " [city]";
    for (int p = 0; p < cfg_->players; ++p)
      if (capital_[p] == t) o << " [capital of " << seat_name(p) << "]";
    for (int k = 0; k < kNumTokens; ++k)
      if (airfield_at_[k] == t) o << " [airfield]";
    o << "\n";
  }
  if (cfg_->world_conquest()) o << "Objectives: none (World Conquest: the last player left wins)\n";
  if (!cfg_->world_conquest()) o << "Objectives:\n";
  for (int i = 0; i < kNumObjectives; ++i) {
    if (obj_where_[i] == kBoxed) continue;
    o << "  " << e.objectives[i].id << " " << e.objectives[i].name << ": "
      << (obj_where_[i] == kOnBoard ? std::string("on the board") : seat_name(obj_where_[i]));
    if (obj_token_[i] >= 0) o << " (" << reward_id(token_reward(obj_token_[i])) << ")";
    o << "\n";
  }
  for (int p = 0; p < cfg_->players; ++p) {
    o << seat_name(p) << ": " << std::popcount(hand_[p]) << " cards";
    if (p == seat) {
      o << " [";
      for (uint64_t m = hand_[p]; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        o << " " << map.territory(c).id << "(" << e.stars[c] << ")";
      }
      o << " ]";
    }
    if (eliminated_[p]) o << ", eliminated";
    o << "\n";
  }
  if (phase_ == Phase2008::kDraft) o << "Troops to place: " << draft_left_ << "\n";
  return o.str();
}

std::string Risk2008State::observation_string(Seat seat) const {
  return view(seat >= 0 && seat < cfg_->players ? seat : kSpectator).dump();
}
std::string Risk2008State::information_state_string(Seat seat) const {
  return observation_string(seat);
}

// Per territory: owner one-hot (5), troops / 10, city, capital, airfield;
// per objective: boxed, on the board, held by seat 0..4; the phase one-hot;
// the seat's own hand.
std::vector<int> Risk2008State::observation_tensor_shape() const {
  return {kNumTerritories * 9 + kNumObjectives * 7 + kNumPhases2008 + kNumTerritories};
}
std::vector<int> Risk2008State::information_state_tensor_shape() const {
  return observation_tensor_shape();
}

void Risk2008State::write_observation_tensor(Seat seat, std::span<float> out) const {
  size_t i = 0;
  for (int t = 0; t < kNumTerritories; ++t, i += 9) {
    if (owner_[t] >= 0) out[i + owner_[t]] = 1;
    out[i + 5] = static_cast<float>(troops_[t]) / 10.0f;
    out[i + 6] = static_cast<float>((cities_ >> t) & 1);
    for (int p = 0; p < cfg_->players; ++p)
      if (capital_[p] == t) out[i + 7] = 1;
    for (int k = 0; k < kNumTokens; ++k)
      if (airfield_at_[k] == t) out[i + 8] = 1;
  }
  for (int o = 0; o < kNumObjectives; ++o, i += 7) out[i + obj_where_[o] + 2] = 1;
  out[i + static_cast<int>(phase_)] = 1;
  i += kNumPhases2008;
  if (seat >= 0)
    for (uint64_t m = hand_[seat]; m; m &= m - 1) out[i + std::countr_zero(m)] = 1;
}

void Risk2008State::write_information_state_tensor(Seat seat, std::span<float> out) const {
  write_observation_tensor(seat, out);
}

}  // namespace meeple::risk
