// The contract adapter of the Risk state: JSON (full state and per-seat
// views), hashing, determinization, returns, naming of actions and the
// terminal rendering. The rules themselves live in setup.cpp and turn.cpp.
//
// Hidden information (§5.2, §8.1): territory cards in hands and the
// uncompleted missions of other players; the draw deck's content is known
// only as "the cards not seen elsewhere". A view shows the seat's own cards
// and missions, and only counts of the others'; a spectator sees no hand.
// Team Risk: the team hand is seen by every member of the team (they share
// it at the table); the other team sees its size (docs/rulings.md, Risk).
#include "games/risk/risk_state.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "core/copy_into.h"
#include "games/risk/odds.h"

namespace meeple::risk {

const char* mode_name(Mode m) {
  switch (m) {
    case Mode::kDomination:
      return "domination";
    case Mode::kMissions:
      return "missions";
    case Mode::kTwoPlayerPassive:
      return "two-player-passive";
    case Mode::kTwoPlayerActive:
      return "two-player-active";
    case Mode::kTeams:
      return "teams";
  }
  return "?";
}

const char* phase_name(Phase p) {
  static const char* names[] = {
      "deal_missions",    "deal_territories", "roll_first",   "claim",        "setup_place",
      "two_player_place", "roll_starter",     "reinforce",    "attack",       "defend",
      "roll_dice",        "move_in",          "forced_trade", "forced_place", "fortify",
      "fortify_move",     "turn_end",         "draw_card",    "bribe",        "ally_reinforce",
      "roll_ally_die",    "ally_place",       "status_roll",  "ally_fortify", "game_over",
      "remove_army"};
  return names[static_cast<int>(p)];
}

namespace {
const char* kColours[kMaxOwners] = {"red", "blue", "green", "yellow", "black", "purple"};

std::vector<int> cards_of(CardMask m) {
  std::vector<int> out;
  for (; m; m &= m - 1) out.push_back(__builtin_ctzll(m));
  return out;
}
}  // namespace

std::string RiskState::owner_name(int o) const {
  if (o < 0) return "nobody";
  if (cfg_->two_player() && o >= 2) return std::string(kColours[o]) + " (neutral)";
  return kColours[o];
}

// ---------------------------------------------------------------- actions

json RiskState::action_to_json(Action a) const {
  const Map& map = *cfg_->map;
  if (a >= kLossBase) return losses_action_json(a - kLossBase, std::min(att_dice_, def_dice_));
  if (a >= kRemoveBase) return {{"type", "remove"}, {"seat", kColours[a - kRemoveBase]}};
  if (a == kEndBribe || a == kEndAllyReinforce) return {{"type", "end"}};
  if (a >= kAllyReinforceBase)
    return {{"type", "ally"}, {"neutral", kColours[a - kAllyReinforceBase + 2]}};
  if (a >= kBribeBase)
    return {{"type", "bribe"},
            {"card", cfg_->edition->card_name((a - kBribeBase) / 4, map)},
            {"neutral", kColours[(a - kBribeBase) % 4 + 2]}};
  if (a >= kMissionBase)
    return {{"type", "mission"}, {"mission", cfg_->edition->missions[a - kMissionBase].id}};
  if (a >= kSeatBase) return {{"type", "first"}, {"seat", a - kSeatBase}};
  if (a >= kCardBase)
    return {{"type", "card"}, {"card", cfg_->edition->card_name(a - kCardBase, map)}};
  if (a >= kDieBase) return {{"type", "die"}, {"value", a - kDieBase + 1}};
  if (a >= kTradeBase) {
    const int code = a - kTradeBase;
    const Edition& e = *cfg_->edition;
    return {
        {"type", "trade"},
        {"cards",
         {e.card_name(code / (kNumCards * kNumCards), map),
          e.card_name((code / kNumCards) % kNumCards, map), e.card_name(code % kNumCards, map)}}};
  }
  if (a >= kDeclareBase) {
    const int m = active_ >= 0 && active_ < kMaxOwners ? missions_[active_][a - kDeclareBase] : -1;
    return {{"type", "declare"},
            {"mission", m >= 0 ? cfg_->edition->missions[m].id : std::to_string(a - kDeclareBase)}};
  }
  if (a == kEndTurn) return {{"type", "end"}};
  if (a >= kFortifyBase) return move_action_json("fortify", map, a);
  if (a >= kAttackBase) return battle_action_json(map, a);
  if (phase_ == Phase::kClaim) return {{"type", "claim"}, {"territory", map.territory(a).id}};
  return {{"type", "place"}, {"territory", map.territory(a).id}, {"count", 1}};
}

std::string RiskState::action_to_string(Action a) const {
  const json j = action_to_json(a);
  const std::string type = j["type"];
  if (type == "place") return "place 1 " + j["territory"].get<std::string>();
  if (type == "claim") return "claim " + j["territory"].get<std::string>();
  if (type == "attack")
    return fmt::format("attack {} {} {}", j["from"].get<std::string>(), j["to"].get<std::string>(),
                       j["dice"].get<int>());
  if (type == "defend") return fmt::format("defend {}", j["dice"].get<int>());
  if (type == "more") return "more";
  if (type == "done") return "done";
  if (type == "fortify")
    return fmt::format("fortify {} {}", j["from"].get<std::string>(), j["to"].get<std::string>());
  if (type == "end")
    return a == kEndAttack          ? "end attack"
           : a == kEndBribe         ? "end bribes"
           : a == kEndAllyReinforce ? "end ally reinforcement"
                                    : "end turn";
  if (type == "bribe")
    return "bribe " + j["card"].get<std::string>() + " " + j["neutral"].get<std::string>();
  if (type == "ally") return "ally " + j["neutral"].get<std::string>();
  if (type == "remove") return "remove " + j["seat"].get<std::string>();
  if (type == "declare") return "declare " + j["mission"].get<std::string>();
  if (type == "trade") {
    const auto& c = j["cards"];
    return fmt::format("trade {} {} {}", c[0].get<std::string>(), c[1].get<std::string>(),
                       c[2].get<std::string>());
  }
  if (type == "die") return fmt::format("die {}", j["value"].get<int>());
  if (type == "losses")
    return fmt::format("losses {} {}", j["attacker"].get<int>(), j["defender"].get<int>());
  if (type == "card") return "card " + j["card"].get<std::string>();
  if (type == "first") return fmt::format("first {}", owner_name(j["seat"].get<int>()));
  if (type == "mission") return "mission " + j["mission"].get<std::string>();
  return j.dump();
}

// ---------------------------------------------------------------- JSON

json RiskState::to_json() const {
  json j;
  j["format"] = kRiskStateFormat;
  j["game"] = "risk";
  j["mode"] = mode_name(cfg_->mode);
  j["players"] = cfg_->players;
  j["phase"] = phase_name(phase_);
  j["active"] = active_;
  j["first"] = first_;
  j["owner"] = owner_;
  j["armies"] = armies_;
  j["hands"] = hand_;
  j["deck"] = deck_;
  j["discard"] = discard_;
  j["setup_left"] = setup_left_;
  j["eliminated"] = eliminated_;
  j["sets_traded"] = sets_traded_;
  j["deal_index"] = deal_index_;
  j["turn_number"] = turn_number_;
  j["reinforcements"] = reinforcements_;
  j["must_trade"] = must_trade_;
  j["placed_any"] = placed_any_;
  j["conquests_this_turn"] = conquests_this_turn_;
  j["declared_this_turn"] = declared_this_turn_;
  j["own_left"] = own_left_;
  j["neutral_done"] = neutral_done_;
  j["battle"] = {src_, tgt_, att_dice_, def_dice_, dice_rolled_};
  j["dice"] = dice_;
  j["last_dice"] = last_dice_;
  j["last_roll"] = {last_att_, last_def_};
  j["move"] = {move_.from, move_.to, move_.moved, move_.at_least};
  j["victim"] = victim_;
  j["missions"] = missions_;
  j["completed"] = completed_;
  j["winner"] = winner_;
  j["neutral_status"] = status_;
  j["bribes"] = bribes_;
  if (active_mode()) j["bribes_given"] = given_;
  j["allies"] = {involved_, ally_done_, ally_pending_, ally_move_};
  if (cfg_->teams()) {
    j["stacks"] = stack_;
    j["pending_losses"] = {pending_losses_, decider_};
  }
  return j;
}

json RiskState::view(Seat seat) const {
  const Map& map = *cfg_->map;
  const Edition& e = *cfg_->edition;
  json v;
  v["current_player"] = current_player();
  v["terminal"] = phase_ == Phase::kGameOver;
  v["mode"] = mode_name(cfg_->mode);
  v["phase"] = phase_name(phase_);
  v["active"] = active_;
  v["turn"] = turn_number_;
  json terr = json::array();
  for (Territory t = 0; t < kNumTerritories; ++t) {
    json tj = {{"id", map.territory(t).id}, {"owner", owner_[t]}, {"armies", armies_[t]}};
    if (cfg_->teams()) {  // §12: each player's armies and who controls it
      json by = json::object();
      for (int p = 0; p < cfg_->players; ++p)
        if (stack_[t][p] > 0) by[kColours[p]] = stack_[t][p];
      tj["by_player"] = by;
      tj["controller"] = controller(t);
    }
    terr.push_back(tj);
  }
  v["territories"] = terr;
  json players = json::array();
  for (int p = 0; p < cfg_->players; ++p) {
    json pj = {{"seat", p},
               {"colour", kColours[p]},
               {"cards", popcount(hand_[hand_slot(p)])},
               {"territories", territory_count(p)},
               {"eliminated", eliminated_[p]}};
    if (cfg_->teams()) pj["team"] = RiskConfig::team_of(p) == 0 ? "A" : "B";
    const bool sees_hand = p == seat || (cfg_->teams() && seat >= 0 && seat < cfg_->players &&
                                         RiskConfig::team_of(seat) == RiskConfig::team_of(p));
    if (sees_hand) {
      json hand = json::array();
      for (int c : cards_of(hand_[hand_slot(p)]))
        hand.push_back({{"card", e.card_name(c, map)}, {"symbol", symbol_name(e.symbol[c])}});
      pj["hand"] = hand;
    }
    if (cfg_->mode == Mode::kMissions) {
      json ms = json::array();
      const bool fourth_public = missions_public(p);  // §8.2
      for (int slot = 0; slot < kNumRanks; ++slot) {
        const int m = missions_[p][slot];
        const bool done = mission_completed(p, slot);
        if (m >= 0 && (p == seat || done || fourth_public))
          ms.push_back(
              {{"mission", e.missions[m].id}, {"text", e.missions[m].text}, {"completed", done}});
        else
          ms.push_back({{"mission", nullptr}, {"completed", false}});
      }
      pj["missions"] = ms;
    }
    players.push_back(pj);
  }
  v["players"] = players;
  v["deck"] = popcount(deck_);
  auto card_names = [&](CardMask m) {
    json names = json::array();
    for (int c : cards_of(m)) names.push_back(e.card_name(c, map));
    return names;
  };
  v["discard"] = card_names(discard_);
  if (!cfg_->fixed_trade_table()) v["cavalryman"] = cavalry_value(e, sets_traded_);
  v["reinforcements"] = reinforcements_;
  if (phase_ <= Phase::kTwoPlayerPlace) {
    // Set-up (§6 step 6, §9 step 5): the starting armies each owner has yet
    // to place, and in the 2-player game what this turn of placement owes.
    json left = json::object();
    for (int o = 0; o < cfg_->owners(); ++o) left[kColours[o]] = setup_left_[o];
    v["setup_left"] = left;
    if (phase_ == Phase::kTwoPlayerPlace) {
      json owed = json::array();
      for (int n = 2; n < kMaxOwners; ++n)
        if (!((neutral_done_ >> n) & 1) && setup_left_[n] > 0) owed.push_back(kColours[n]);
      v["placement_turn"] = {{"own", own_left_}, {"neutrals", owed}};
    }
  }
  if (phase_ == Phase::kMoveIn || phase_ == Phase::kFortifyMove)
    v["move"] = {{"from", map.territory(move_.from).id},
                 {"to", map.territory(move_.to).id},
                 {"moved", move_.moved},
                 {"at_least", move_.at_least}};
  if (phase_ == Phase::kRemoveArmy) v["losses_to_remove"] = pending_losses_;
  if (phase_ == Phase::kDefend || phase_ == Phase::kRollDice || phase_ == Phase::kMoveIn ||
      phase_ == Phase::kRemoveArmy) {
    v["battle"] = {{"from", map.territory(src_).id},
                   {"to", map.territory(tgt_).id},
                   {"attack_dice", att_dice_},
                   {"defence_dice", def_dice_},
                   {"rolled", std::vector<int>(dice_.begin(), dice_.begin() + dice_rolled_)}};
  }
  if (phase_ == Phase::kAttack) {
    // §4.3/§4.4's exact odds for each attack now legal, as a player weighs
    // it: the chance to conquer by attacking until won or lost (both sides
    // rolling the most dice), and one roll's outcomes by dice counts.
    json pairs = json::object();
    for (size_t k = 0; k < map.edges().size(); ++k) {
      if (!is_legal(kAttackBase + static_cast<Action>(k) * 3)) continue;
      const Edge& edge = map.edges()[k];
      // The armies that may roll: all but one (Team Risk: own ones, R29).
      const int rolling = cfg_->teams()
                              ? std::min(stack_[edge.from][active_], armies_[edge.from] - 1)
                              : armies_[edge.from] - 1;
      pairs[map.territory(edge.from).id + ">" + map.territory(edge.to).id] =
          conquest_probability(std::max(0, rolling), armies_[edge.to]);
    }
    json roll = json::object();
    for (int a = 1; a <= 3; ++a)
      for (int d = 1; d <= 2; ++d)
        roll[fmt::format("{}v{}", a, d)] = cached_roll_odds(a, d).attacker_loses;
    v["odds"] = {{"conquest", std::move(pairs)}, {"roll", std::move(roll)}};
  }
  if (last_att_ > 0)
    v["last_roll"] = {
        {"attack", std::vector<int>(last_dice_.begin(), last_dice_.begin() + last_att_)},
        {"defence", std::vector<int>(last_dice_.begin() + last_att_,
                                     last_dice_.begin() + last_att_ + last_def_)}};
  v["winner"] = winner_;
  if (cfg_->mode == Mode::kTwoPlayerActive) {
    json ns = json::array();
    static const char* kStatus[] = {"ally of red", "uninvolved", "ally of blue"};
    for (int n = 2; n < kMaxOwners; ++n)
      ns.push_back({{"neutral", kColours[n]},
                    {"status", status_[n] < 0 ? "destroyed" : kStatus[status_[n]]},
                    {"bribe_cards", popcount(bribes_[n])}});
    // A player knows the cards he gave (§11.3: face down to the opponent),
    // wherever they went since: under a neutral or, once it was destroyed,
    // in a hand (§11.5).
    if (seat == 0 || seat == 1) {
      for (int n = 2; n < kMaxOwners; ++n)
        if (bribes_[n] & given_[seat])
          ns[n - 2]["your_cards"] = card_names(bribes_[n] & given_[seat]);
      if (hand_[1 - seat] & given_[seat])
        v["players"][1 - seat]["your_bribes_held"] = card_names(hand_[1 - seat] & given_[seat]);
    }
    v["neutrals"] = ns;
  }
  return v;
}

void RiskState::determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const {
  redraw_unseen(seat, rng, &copy_into(*this, out));
}

// `s` is a copy of this state; what `seat` cannot see is redrawn in it.
void RiskState::redraw_unseen(Seat seat, Rng& rng, RiskState* s) const {
  // 1. Cards. The seat sees its own hand (Team Risk: its team's, hand_[team]),
  //    the discard pile and, in the active 2-player game, the bribe cards it
  //    gave, wherever they are now (bribes_given). Every other card is in
  //    the deck, in another hand or face down under a neutral (§11.3), and
  //    only how many lie in each place is public: those cards are redrawn
  //    into the same places in the same numbers. The sample depends on what
  //    the seat knows and on rng, never on where the unseen cards really are.
  const bool player = seat >= 0 && seat < cfg_->players;
  const int own_slot = player ? hand_slot(seat) : -1;
  const CardMask known = player && active_mode() ? given_[seat] : 0;
  CardMask pool = deck_;
  for (int p = 0; p < cfg_->players; ++p)
    if (p != own_slot) pool |= hand_[p];
  for (int n = cfg_->players; n < kMaxOwners; ++n) pool |= bribes_[n];
  pool &= ~known;
  // Bots call this once a decision: draw only the cards the hands and the
  // neutrals get (a partial Fisher-Yates shuffle, no allocation); the rest
  // of the pool is the deck.
  std::array<int8_t, kNumCards> cards{};
  int left = 0;
  for (CardMask m = pool; m; m &= m - 1) cards[left++] = static_cast<int8_t>(__builtin_ctzll(m));
  CardMask drawn = 0;
  auto redraw = [&](CardMask place) {  // the known cards stay, the others are drawn
    CardMask out = place & known;
    for (int k = popcount(place & ~known); k > 0; --k) {
      const int i = static_cast<int>(rng.below(static_cast<uint64_t>(left)));
      out |= CardMask{1} << cards[i];
      cards[i] = cards[--left];
    }
    drawn |= out & ~known;
    return out;
  };
  for (int p = 0; p < cfg_->players; ++p)
    if (p != own_slot) s->hand_[p] = redraw(hand_[p]);
  for (int n = cfg_->players; n < kMaxOwners; ++n) s->bribes_[n] = redraw(bribes_[n]);
  s->deck_ = pool & ~drawn;
  if (active_mode()) {
    // What the other player remembers giving, as far as this seat can tell:
    // how many cards he put under each neutral is public (bribes are given
    // in sight of all), so that many of the redrawn cards there become his;
    // the cards he gave that this seat now holds are known to be his. Those
    // back in his own hand are left out of the sample: once he trades, even
    // their number is no longer public.
    for (int p = 0; p < 2; ++p) {
      if (p == seat) continue;
      CardMask g = player ? given_[p] & hand_[own_slot] : 0;
      for (int n = 2; n < kMaxOwners; ++n) {
        CardMask here = s->bribes_[n] & ~known;
        for (int k = popcount(bribes_[n] & given_[p]); k > 0 && here; --k) {
          g |= here & (~here + 1);  // the lowest redrawn card
          here &= here - 1;
        }
      }
      s->given_[p] = g;
    }
  }
  // 2. Missions the seat cannot see: per rank, from the cards not visible to it.
  if (cfg_->mode == Mode::kMissions) {
    const auto& missions = cfg_->edition->missions;
    for (int rank = 0; rank < kNumRanks; ++rank) {
      std::vector<int> unseen;
      std::vector<std::pair<int, int>> slots;  // hidden (player, slot) to refill
      for (int m = 0; m < static_cast<int>(missions.size()); ++m) {
        if (missions[m].rank != rank) continue;
        bool visible = false;
        for (int p = 0; p < cfg_->players; ++p) {
          if (missions_[p][rank] != m) continue;
          const bool shown = p == seat || mission_completed(p, rank) || missions_public(p);
          visible = shown;
        }
        if (!visible) unseen.push_back(m);
      }
      for (int p = 0; p < cfg_->players; ++p) {
        if (p == seat || missions_[p][rank] < 0) continue;
        if (mission_completed(p, rank) || missions_public(p)) continue;
        slots.push_back({p, rank});
      }
      rng.shuffle(std::span<int>(unseen));
      for (size_t i = 0; i < slots.size(); ++i)
        s->missions_[slots[i].first][slots[i].second] = unseen[i];
    }
  }
}

std::vector<double> RiskState::returns() const {
  std::vector<double> r(cfg_->players, 0.0);
  if (winner_ < 0) return r;
  for (int p = 0; p < cfg_->players; ++p) {
    const bool won = cfg_->teams() ? RiskConfig::team_of(p) == RiskConfig::team_of(winner_)
                                   : p == winner_;  // §12: the whole team wins
    r[p] = won ? 1.0 : -1.0;
  }
  return r;
}

json RiskState::scores() const {
  json s = json::array();
  for (int p = 0; p < cfg_->players; ++p)
    s.push_back({{"territories", territory_count(p)},
                 {"armies", armies_on_board(p)},
                 {"missions_completed", popcount(completed_[p])}});
  return s;
}

uint64_t RiskState::hash() const {
  uint64_t h = 0x5249534bull;  // "RISK"
  h = mix64(h, static_cast<uint64_t>(phase_));
  h = mix64(h, static_cast<uint64_t>(active_ + 16 * first_));
  for (Territory t = 0; t < kNumTerritories; ++t)
    h = mix64(h, static_cast<uint64_t>(owner_[t] + 1) | (static_cast<uint64_t>(armies_[t]) << 8));
  for (int o = 0; o < kMaxOwners; ++o) {
    h = mix64(h, hand_[o]);
    h = mix64(h, static_cast<uint64_t>(setup_left_[o]) | (uint64_t{eliminated_[o]} << 32) |
                     (uint64_t{completed_[o]} << 40));
    for (int m : missions_[o]) h = mix64(h, static_cast<uint64_t>(m + 1));
  }
  h = mix64(h, deck_);
  h = mix64(h, discard_);
  const int64_t scalars[] = {sets_traded_,
                             deal_index_,
                             turn_number_,
                             reinforcements_,
                             must_trade_,
                             placed_any_,
                             conquests_this_turn_,
                             declared_this_turn_,
                             own_left_,
                             neutral_done_,
                             src_,
                             tgt_,
                             att_dice_,
                             def_dice_,
                             dice_rolled_,
                             move_.from,
                             move_.to,
                             move_.moved,
                             move_.at_least,
                             victim_,
                             winner_};
  for (int64_t v : scalars) h = mix64(h, static_cast<uint64_t>(v));
  for (int i = 0; i < dice_rolled_; ++i) h = mix64(h, static_cast<uint64_t>(dice_[i]));
  for (int o = 0; o < kMaxOwners; ++o)
    h = mix64(h, bribes_[o] ^ (static_cast<uint64_t>(status_[o] + 2) << 50));
  h = mix64(h, static_cast<uint64_t>(involved_) | (uint64_t{ally_done_} << 8) |
                   (static_cast<uint64_t>(ally_pending_ + 1) << 16) | (uint64_t{ally_move_} << 24));
  if (cfg_->teams()) {
    h = mix64(h,
              static_cast<uint64_t>(pending_losses_) | (static_cast<uint64_t>(decider_ + 1) << 8));
    for (const auto& st : stack_)
      for (int n : st) h = mix64(h, static_cast<uint64_t>(n));
  }
  return h;
}

}  // namespace meeple::risk
