// Loading a Risk state from JSON (the inverse of RiskState::to_json): a
// document from outside is checked field by field against the mode and the
// phase it claims, so that no saved game, engine `load` or crafted log
// "start" can make legal_actions, apply, view or replay read out of bounds.
// The state format is documented in docs/state-format.md.
//
// 1. Shape: exactly the fields to_json writes (plus "format"), each of its
//    exact type and within its static range (core/json_reader.h); a bad
//    field is named by its path ("/move/0") with what was expected.
// 2. The board: owners, armies (Team Risk: per-seat stacks of one team).
// 3. The cards: each of the 44 in exactly one place; hands that the phase
//    allows; missions of the right rank, each dealt once.
// 4. The phase: it exists in this mode, its pending fields (battle, move,
//    victim, allies, losses) are set and consistent, the others are clear,
//    the player to act is alive, a winner exactly when the game is over.
// 5. Last, the state must offer a decision or chance outcome unless over.
#include <fmt/format.h>

#include "core/json_reader.h"
#include "games/risk/battle.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

namespace {

inline constexpr int64_t kMaxCount = 1'000'000;  // armies, turns, trades: far above any game
inline constexpr uint64_t kNeutralBits = 0x3c;   // owners 2..5 in the 2-player games

std::string at(const char* field, int i) {
  return fmt::format("/{}/{}", field, i);
}
std::string at(const char* field, int i, int k) {
  return fmt::format("/{}/{}/{}", field, i, k);
}

bool is_setup_phase(Phase p) {
  return p == Phase::kDealMissions || p == Phase::kDealTerritories || p == Phase::kRollFirst ||
         p == Phase::kClaim || p == Phase::kSetupPlace || p == Phase::kTwoPlayerPlace;
}

// Is this phase part of this mode's game at all?
bool phase_in_mode(Phase p, const RiskConfig& c) {
  switch (p) {
    case Phase::kDealMissions:
    case Phase::kTurnEnd:
      return c.mode == Mode::kMissions;
    case Phase::kDealTerritories:
    case Phase::kTwoPlayerPlace:
      return c.two_player();
    case Phase::kClaim:
    case Phase::kSetupPlace:
      return !c.two_player();
    case Phase::kBribe:
    case Phase::kAllyReinforce:
    case Phase::kRollAllyDie:
    case Phase::kAllyPlace:
    case Phase::kStatusRoll:
    case Phase::kAllyFortify:
      return c.mode == Mode::kTwoPlayerActive;
    case Phase::kRemoveArmy:
      return c.teams();
    case Phase::kForcedTrade:
    case Phase::kForcedPlace:
      return !c.teams();  // Team Risk conquers no hands (§12)
    default:
      return true;
  }
}

}  // namespace

Result<std::unique_ptr<State>> RiskState::from_json(std::shared_ptr<const RiskConfig> config,
                                                    const json& j) {
  const RiskConfig& c = *config;
  const Edition& e = *c.edition;
  const int players = c.players, owners = c.owners();
  auto s = std::make_unique<RiskState>(config);
  JsonReader r("risk state");

  // 1. Shape, types and static ranges.
  std::initializer_list<std::string_view> fields = {"game",
                                                    "mode",
                                                    "players",
                                                    "phase",
                                                    "active",
                                                    "first",
                                                    "owner",
                                                    "armies",
                                                    "hands",
                                                    "deck",
                                                    "discard",
                                                    "setup_left",
                                                    "eliminated",
                                                    "sets_traded",
                                                    "deal_index",
                                                    "turn_number",
                                                    "reinforcements",
                                                    "must_trade",
                                                    "placed_any",
                                                    "conquests_this_turn",
                                                    "declared_this_turn",
                                                    "own_left",
                                                    "neutral_done",
                                                    "battle",
                                                    "dice",
                                                    "last_dice",
                                                    "last_roll",
                                                    "move",
                                                    "victim",
                                                    "missions",
                                                    "completed",
                                                    "winner",
                                                    "neutral_status",
                                                    "bribes",
                                                    "allies"};
  std::vector<std::string_view> required(fields);
  if (c.teams()) {
    required.push_back("stacks");
    required.push_back("pending_losses");
  }
  if (!j.is_object())
    return invalid_argument(fmt::format("risk state: expected an object, got {}", j.type_name()));
  // fmt, not "/" + std::string: GCC 12 at -O3 reports a false -Wrestrict there.
  for (auto name : required)
    if (!j.contains(name)) r.fail(fmt::format("/{}", name), "a field (it is missing)");
  for (const auto& [k, v] : j.items()) {
    // "bribes_given": active 2-player games only, absent in states saved
    // before the briber's memory was kept (nobody then remembers a giver).
    bool known = k == "format" || (c.mode == Mode::kTwoPlayerActive && k == "bribes_given");
    for (auto name : required) known = known || k == name;
    if (!known) r.fail("/" + k, "no such field (unknown fields are rejected)");
  }
  auto f = [&](const char* name) -> const json& { return r.at(j, name); };
  if (j.contains("format"))
    r.integer(f("format"), "/format", 1, kRiskStateFormat, "a state format version");
  if (r.ok() && f("game") != "risk") r.fail("/game", "\"risk\"", &f("game"));
  if (r.ok() && f("mode") != mode_name(c.mode))
    r.fail("/mode", fmt::format("\"{}\" (this game's mode)", mode_name(c.mode)), &f("mode"));
  r.integer(f("players"), "/players", players, players, "this game's player count");
  const std::string phase = r.string(f("phase"), "/phase");
  if (r.ok()) {
    bool found = false;
    for (int p = 0; p <= static_cast<int>(Phase::kRemoveArmy); ++p)
      if (phase == phase_name(static_cast<Phase>(p))) {
        s->phase_ = static_cast<Phase>(p);
        found = true;
      }
    if (!found)
      r.fail("/phase", "a phase name such as \"attack\"", &f("phase"));
    else if (!phase_in_mode(s->phase_, c))
      r.fail("/phase", fmt::format("a phase of mode {}", mode_name(c.mode)), &f("phase"));
  }
  const int64_t seat_hi = players - 1;
  s->active_ = static_cast<Seat>(r.integer(f("active"), "/active", 0, seat_hi, "a seat"));
  s->first_ = static_cast<int>(r.integer(f("first"), "/first", 0, seat_hi, "a seat"));
  if (r.array(f("owner"), "/owner", kNumTerritories))
    for (int t = 0; t < kNumTerritories; ++t)
      s->owner_[t] = static_cast<int8_t>(
          r.integer(f("owner")[t], at("owner", t), -1, owners - 1, "an owner (-1 nobody)"));
  if (r.array(f("armies"), "/armies", kNumTerritories))
    for (int t = 0; t < kNumTerritories; ++t)
      s->armies_[t] =
          static_cast<int32_t>(r.integer(f("armies")[t], at("armies", t), 0, kMaxCount));
  if (r.array(f("hands"), "/hands", kMaxOwners))
    for (int p = 0; p < kMaxOwners; ++p)
      s->hand_[p] = r.mask(f("hands")[p], at("hands", p), kAllCards, "a set of cards");
  s->deck_ = r.mask(f("deck"), "/deck", kAllCards, "a set of cards");
  s->discard_ = r.mask(f("discard"), "/discard", kAllCards, "a set of cards");
  if (r.array(f("setup_left"), "/setup_left", kMaxOwners))
    for (int p = 0; p < kMaxOwners; ++p)
      s->setup_left_[p] = static_cast<int>(r.integer(f("setup_left")[p], at("setup_left", p), 0,
                                                     p < owners ? 100 : 0, "starting armies left"));
  if (r.array(f("eliminated"), "/eliminated", kMaxOwners))
    for (int p = 0; p < kMaxOwners; ++p) {
      s->eliminated_[p] = r.boolean(f("eliminated")[p], at("eliminated", p));
      if (p >= players && s->eliminated_[p]) r.fail(at("eliminated", p), "false (no such seat)");
    }
  s->sets_traded_ = static_cast<int>(r.integer(f("sets_traded"), "/sets_traded", 0, kMaxCount));
  s->deal_index_ = static_cast<int>(r.integer(f("deal_index"), "/deal_index", 0, kNumTerritories));
  s->turn_number_ = static_cast<int>(r.integer(f("turn_number"), "/turn_number", 0, kMaxCount));
  s->reinforcements_ =
      static_cast<int>(r.integer(f("reinforcements"), "/reinforcements", 0, kMaxCount));
  s->must_trade_ = r.boolean(f("must_trade"), "/must_trade");
  s->placed_any_ = r.boolean(f("placed_any"), "/placed_any");
  s->conquests_this_turn_ =
      static_cast<int>(r.integer(f("conquests_this_turn"), "/conquests_this_turn", 0, kMaxCount));
  s->declared_this_turn_ = r.boolean(f("declared_this_turn"), "/declared_this_turn");
  s->own_left_ = static_cast<int>(r.integer(f("own_left"), "/own_left", 0, e.placement_own));
  s->neutral_done_ = static_cast<uint8_t>(
      r.mask(f("neutral_done"), "/neutral_done", c.two_player() ? kNeutralBits : 0, "neutrals"));
  if (r.array(f("battle"), "/battle", 5)) {
    const json& b = f("battle");
    s->src_ =
        static_cast<int>(r.integer(b[0], "/battle/0", -1, kNumTerritories - 1, "a territory"));
    s->tgt_ =
        static_cast<int>(r.integer(b[1], "/battle/1", -1, kNumTerritories - 1, "a territory"));
    s->att_dice_ = static_cast<int>(r.integer(b[2], "/battle/2", 0, kMaxAttackDice, "attack dice"));
    s->def_dice_ =
        static_cast<int>(r.integer(b[3], "/battle/3", 0, kMaxDefenceDice, "defence dice"));
    s->dice_rolled_ = static_cast<int>(r.integer(b[4], "/battle/4", 0, s->att_dice_ + s->def_dice_,
                                                 "dice rolled (up to attack + defence)"));
  }
  if (r.array(f("dice"), "/dice", 5))
    for (int i = 0; i < 5; ++i)
      s->dice_[i] = static_cast<int>(
          r.integer(f("dice")[i], at("dice", i), i < s->dice_rolled_ ? 1 : 0, 6, "a die face"));
  if (r.array(f("last_roll"), "/last_roll", 2)) {
    s->last_att_ = static_cast<int>(
        r.integer(f("last_roll")[0], "/last_roll/0", 0, kMaxAttackDice, "attack dice"));
    s->last_def_ = static_cast<int>(
        r.integer(f("last_roll")[1], "/last_roll/1", 0, kMaxDefenceDice, "defence dice"));
    if (r.ok() && (s->last_att_ == 0) != (s->last_def_ == 0))
      r.fail("/last_roll", "both dice counts zero (no roll yet) or both at least 1",
             &f("last_roll"));
  }
  if (r.array(f("last_dice"), "/last_dice", 5))
    for (int i = 0; i < 5; ++i)
      s->last_dice_[i] =
          static_cast<int>(r.integer(f("last_dice")[i], at("last_dice", i),
                                     i < s->last_att_ + s->last_def_ ? 1 : 0, 6, "a die face"));
  if (r.array(f("move"), "/move", 4)) {
    const json& m = f("move");
    s->move_.from =
        static_cast<int>(r.integer(m[0], "/move/0", -1, kNumTerritories - 1, "a territory"));
    s->move_.to =
        static_cast<int>(r.integer(m[1], "/move/1", -1, kNumTerritories - 1, "a territory"));
    s->move_.moved = static_cast<int>(r.integer(m[2], "/move/2", 0, kMaxCount, "armies moved"));
    s->move_.at_least =
        static_cast<int>(r.integer(m[3], "/move/3", 0, kMaxAttackDice, "armies the move needs"));
  }
  s->victim_ =
      static_cast<int>(r.integer(f("victim"), "/victim", -1, owners - 1, "an owner (-1 none)"));
  const int missions = static_cast<int>(e.missions.size());
  if (r.array(f("missions"), "/missions", kMaxOwners))
    for (int p = 0; p < kMaxOwners; ++p)
      if (r.array(f("missions")[p], at("missions", p), kNumRanks))
        for (int rank = 0; rank < kNumRanks; ++rank) {
          const bool dealt_here = c.mode == Mode::kMissions && p < players;
          const int m =
              static_cast<int>(r.integer(f("missions")[p][rank], at("missions", p, rank), -1,
                                         dealt_here ? missions - 1 : -1, "a mission (-1 none)"));
          if (m >= 0 && e.missions[m].rank != rank)
            r.fail(at("missions", p, rank), fmt::format("a mission of rank {}", rank_name(rank)),
                   &f("missions")[p][rank]);
          s->missions_[p][rank] = m;
        }
  if (r.array(f("completed"), "/completed", kMaxOwners))
    for (int p = 0; p < kMaxOwners; ++p) {
      const bool has_missions = c.mode == Mode::kMissions && p < players;
      s->completed_[p] =
          static_cast<uint8_t>(r.mask(f("completed")[p], at("completed", p), has_missions ? 0xf : 0,
                                      "completed mission slots"));
    }
  s->winner_ =
      static_cast<int>(r.integer(f("winner"), "/winner", -1, seat_hi, "a seat (-1 none yet)"));
  const bool active_mode = c.mode == Mode::kTwoPlayerActive;
  if (r.array(f("neutral_status"), "/neutral_status", kMaxOwners))
    for (int p = 0; p < kMaxOwners; ++p) {
      const bool neutral = active_mode && p >= 2;
      s->status_[p] = static_cast<int8_t>(r.integer(
          f("neutral_status")[p], at("neutral_status", p), neutral ? -1 : 1, neutral ? 2 : 1,
          "a neutral's status (-1 destroyed, 0 ally of red, 1 uninvolved, 2 ally of blue)"));
    }
  if (r.array(f("bribes"), "/bribes", kMaxOwners))
    for (int p = 0; p < kMaxOwners; ++p) {
      s->bribes_[p] = r.mask(f("bribes")[p], at("bribes", p), active_mode && p >= 2 ? kAllCards : 0,
                             "bribe cards");
      if (r.ok() && popcount(s->bribes_[p]) > c.edition->bribe_cap)
        r.fail(at("bribes", p), fmt::format("at most {} bribe cards (R9)", c.edition->bribe_cap),
               &f("bribes")[p]);
    }
  if (active_mode && j.contains("bribes_given") && r.array(f("bribes_given"), "/bribes_given", 2))
    for (int p = 0; p < 2; ++p)
      s->given_[p] =
          r.mask(f("bribes_given")[p], at("bribes_given", p), kAllCards, "bribe cards given");
  if (r.array(f("allies"), "/allies", 4)) {
    const json& al = f("allies");
    const uint64_t bits = active_mode ? kNeutralBits : 0;
    s->involved_ = static_cast<uint8_t>(r.mask(al[0], "/allies/0", bits, "involved neutrals"));
    s->ally_done_ = static_cast<uint8_t>(r.mask(al[1], "/allies/1", bits, "allies done"));
    s->ally_pending_ = static_cast<int>(r.integer(
        al[2], "/allies/2", -1, active_mode ? kMaxOwners - 1 : -1, "a neutral (-1 none)"));
    if (s->ally_pending_ == 0 || s->ally_pending_ == 1)
      r.fail("/allies/2", "a neutral 2..5 or -1", &al[2]);
    s->ally_move_ = r.boolean(al[3], "/allies/3");
  }
  if (c.teams()) {
    if (r.array(f("stacks"), "/stacks", kNumTerritories))
      for (int t = 0; t < kNumTerritories; ++t)
        if (r.array(f("stacks")[t], at("stacks", t), kMaxOwners))
          for (int p = 0; p < kMaxOwners; ++p)
            s->stack_[t][p] =
                static_cast<int32_t>(r.integer(f("stacks")[t][p], at("stacks", t, p), 0,
                                               p < players ? kMaxCount : 0, "armies of a seat"));
    if (r.array(f("pending_losses"), "/pending_losses", 2)) {
      s->pending_losses_ = static_cast<int>(r.integer(f("pending_losses")[0], "/pending_losses/0",
                                                      0, kMaxDefenceDice, "losses to remove"));
      s->decider_ = static_cast<int>(
          r.integer(f("pending_losses")[1], "/pending_losses/1", -1, seat_hi, "a seat (-1 none)"));
    }
  }
  if (!r.ok()) return r.status();
  if (auto st = s->check_loaded(); !st) return st;
  return std::unique_ptr<State>(std::move(s));
}

// Steps 2-5 of the header, on a state whose every field is in its static range.
Status RiskState::check_loaded() const {
  const RiskConfig& c = *cfg_;
  const Map& map = *c.map;
  const Edition& e = *c.edition;
  const int players = c.players, owners = c.owners();
  auto bad = [](const std::string& path, const std::string& what) {
    return invalid_argument(fmt::format("risk state {}: {}", path, what));
  };
  auto tid = [&](Territory t) { return map.territory(t).id; };
  const Phase ph = phase_;

  // 2. The board. Before the claims end territories may be empty; after, every
  // one is held. Owned territories have armies; Team Risk stacks agree.
  int claimed = 0;
  for (Territory t = 0; t < kNumTerritories; ++t) {
    const int o = owner_[t];
    claimed += o >= 0;
    if (o >= 0 && armies_[t] < 1)
      return bad(at("armies", t), fmt::format("at least 1 on {} (held by owner {})", tid(t), o));
    if (o < 0 && armies_[t] != 0)
      return bad(at("armies", t), fmt::format("0 on {}, which nobody holds", tid(t)));
  }
  const bool board_full = !(ph == Phase::kDealMissions || ph == Phase::kDealTerritories ||
                            ph == Phase::kClaim || (ph == Phase::kRollFirst && !c.two_player()));
  if (board_full && claimed != kNumTerritories)
    return bad("/owner",
               fmt::format("every territory held in phase {} ({} are)", phase_name(ph), claimed));
  if ((ph == Phase::kDealMissions || (ph == Phase::kRollFirst && !c.two_player())) && claimed != 0)
    return bad("/owner", "no territory held before the claims begin");
  // The claims and the 2-player deal count in deal_index, and so does the
  // roll before the claims (0) or after the deal (42): the claims go on from
  // it (found by fuzzing: a roll_first state with deal_index 5 loaded, and
  // the claim phase it led to did not).
  if ((ph == Phase::kClaim || ph == Phase::kDealTerritories || ph == Phase::kRollFirst) &&
      deal_index_ != claimed)
    return bad("/deal_index", fmt::format("{} (the territories {} so far)", claimed,
                                          ph == Phase::kDealTerritories ? "dealt" : "claimed"));
  if (c.teams()) {
    for (Territory t = 0; t < kNumTerritories; ++t) {
      int teams_present = 0, total = 0, lead = -1;
      for (int p = 0; p < players; ++p) {
        total += stack_[t][p];
        if (stack_[t][p] > 0) teams_present |= 1 << RiskConfig::team_of(p);
        if (stack_[t][p] > 0 && (lead < 0 || stack_[t][p] > stack_[t][lead])) lead = p;
      }
      if (teams_present == 3)
        return bad(at("stacks", t), fmt::format("armies of one team only on {} (§12)", tid(t)));
      if (total != armies_[t] || lead != owner_[t])
        return bad(at("stacks", t),
                   fmt::format("stacks that sum to armies ({}) with owner {} leading on {}",
                               armies_[t], owner_[t], tid(t)));
    }
  }

  // 3. The cards: each in exactly one place (while the 2-player deal runs,
  // the jokers are out of the game and nothing is dealt yet).
  CardMask seen = deck_ & discard_, all = deck_ | discard_;
  for (int p = 0; p < kMaxOwners; ++p) {
    for (CardMask h : {hand_[p], bribes_[p]}) {
      seen |= all & h;
      all |= h;
    }
  }
  if (seen != 0)
    return bad("/hands", fmt::format("each card in one place; card {} is in two",
                                     e.card_name(__builtin_ctzll(seen), map)));
  if (ph == Phase::kDealTerritories) {
    if (deck_ != (kAllCards & ~kJokers) || all != deck_)
      return bad("/deck",
                 "every card but the jokers in the deck while the territories are dealt (§9)");
  } else if (all != kAllCards) {
    return bad(
        "/deck",
        fmt::format("all 44 cards in the deck, discard pile, hands and bribes; card {} is nowhere",
                    e.card_name(__builtin_ctzll(kAllCards & ~all), map)));
  }
  // Who gave which bribe card: different cards for the two players, each
  // under a neutral or in a hand (a discarded one is public, so forgotten).
  CardMask out_of_sight = 0;
  for (int o = 0; o < kMaxOwners; ++o) out_of_sight |= hand_[o] | bribes_[o];
  if ((given_[0] & given_[1]) || ((given_[0] | given_[1]) & ~out_of_sight))
    return bad("/bribes_given",
               "different cards for the two players, each under a neutral or in a hand");
  if (is_setup_phase(ph) || ph == Phase::kRollStarter) {
    for (int p = 0; p < kMaxOwners; ++p)
      if (hand_[p] != 0) return bad(at("hands", p), "empty during set-up");
    if (discard_ != 0) return bad("/discard", "empty during set-up");
  }
  for (int p = c.teams() ? 2 : players; p < kMaxOwners; ++p)
    if (hand_[p] != 0)
      return bad(at("hands", p), c.teams()
                                     ? "empty: Team Risk keeps the team hands in hands 0 and 1"
                                     : "empty: no such seat");
  // Missions (§8.1): each dealt once, all dealt once the deal is over, and in
  // the deal exactly the first deal_index in seat and rank order.
  if (c.mode == Mode::kMissions) {
    uint32_t used = 0;
    for (int p = 0; p < players; ++p)
      for (int rank = 0; rank < kNumRanks; ++rank) {
        const int m = missions_[p][rank];
        const int i = p * kNumRanks + rank;
        const bool should = ph != Phase::kDealMissions || i < deal_index_;
        if ((m >= 0) != should)
          return bad(at("missions", p, rank), should ? "a dealt mission" : "-1 (not dealt yet)");
        if (m >= 0 && (used >> m) & 1)
          return bad(at("missions", p, rank), "a mission not dealt twice");
        if (m >= 0) used |= 1u << m;
        if (((completed_[p] >> rank) & 1) && m < 0)
          return bad(at("completed", p), "completed slots only where a mission was dealt");
      }
    if (ph == Phase::kDealMissions && deal_index_ >= kNumRanks * players)
      return bad("/deal_index",
                 fmt::format("below {} while missions are dealt", kNumRanks * players));
  }

  // 4. The phase and what it leaves pending.
  const bool over = ph == Phase::kGameOver;
  if (over != (winner_ >= 0))
    return bad("/winner",
               over ? "the winning seat when the game is over" : "-1 until the game is over");
  if (!over && !is_setup_phase(ph) && ph != Phase::kRollStarter && eliminated_[active_])
    return bad("/active",
               fmt::format("a player still in the game (seat {} is eliminated)", active_));
  if (c.two_player() && active_ > 1) return bad("/active", "seat 0 or 1");
  for (int p = 0; p < players; ++p) {
    const bool holds = c.teams() ? armies_on_board(p) > 0 : territory_count(p) > 0;
    if (board_full && !is_setup_phase(ph) && eliminated_[p] && holds)
      return bad(at("eliminated", p), "false: the seat still has armies on the board");
    if (board_full && !is_setup_phase(ph) && !over && !eliminated_[p] && !holds)
      return bad(at("eliminated", p), "true: the seat has nothing left on the board");
    if (eliminated_[p] && !c.teams() && p != victim_ && hand_[p] != 0)
      return bad(at("hands", p),
                 "empty: an eliminated player's cards went to the conqueror (R28 d)");
  }
  if (ph >= Phase::kRollStarter && !over)
    for (int o = 0; o < owners; ++o)
      if (setup_left_[o] != 0) return bad(at("setup_left", o), "0 once the set-up is over");
  if (ph == Phase::kSetupPlace && setup_left_[active_] == 0)
    return bad("/setup_left",
               fmt::format("armies left to place for the seat to move ({})", active_));
  // During the set-up every army is on the board or still to place (found
  // by fuzzing: a seat with none left before the claims went to -1).
  if (is_setup_phase(ph)) {
    for (int o = 0; o < owners; ++o) {
      const int start = !c.two_player() ? e.start_armies[players]
                        : o < 2         ? e.two_player_armies
                                        : e.neutral_armies;
      const int on_board = armies_on_board(o);
      if (setup_left_[o] + on_board != start)
        return bad(at("setup_left", o),
                   fmt::format("{}: the {} starting armies less the {} on the board",
                               start - on_board, start, on_board));
    }
  }
  if (ph == Phase::kTwoPlayerPlace && own_left_ > setup_left_[active_])
    return bad("/own_left", "no more than the seat's starting armies left");
  // Reinforcements: pending only while they are being placed.
  const bool placing =
      ph == Phase::kReinforce || ph == Phase::kForcedPlace || ph == Phase::kAllyPlace;
  if (placing && reinforcements_ < 1) return bad("/reinforcements", "at least 1 while placing");
  if (ph == Phase::kAllyPlace && reinforcements_ > 6)
    return bad("/reinforcements", "1..6 (an ally's die, R10)");
  // A game may end mid-placement (a mission completed): the rest is moot.
  if (!placing && ph != Phase::kForcedTrade && ph != Phase::kGameOver && reinforcements_ != 0)
    return bad("/reinforcements", fmt::format("0 in phase {}", phase_name(ph)));
  const int hand_size = popcount(hand_[hand_slot(active_)]);
  if (must_trade_ && !over &&
      (ph != Phase::kReinforce || hand_size < e.mandatory_trade_at || placed_any_))
    return bad("/must_trade", fmt::format("true only in the reinforcement step, before placing, "
                                          "with {} or more cards (§5.3)",
                                          e.mandatory_trade_at));
  if (ph == Phase::kForcedTrade && hand_size <= e.elimination_trade_until)
    return bad("/hands", fmt::format("more than {} cards in the hand that must trade (§5.3)",
                                     e.elimination_trade_until));
  if (ph == Phase::kDrawCard && deck_ == 0) return bad("/deck", "a card to draw");
  if (ph == Phase::kDrawCard && conquests_this_turn_ == 0)
    return bad("/conquests_this_turn", "at least 1 for a card to be drawn (§5.8)");
  if (declared_this_turn_ && c.mode != Mode::kMissions)
    return bad("/declared_this_turn", "false outside Mission Risk");
  if (popcount(completed_[active_]) == kNumRanks && !over)
    return bad("/completed", "fewer than 4 completed missions before the game is over (§8.2)");

  // The battle: from an attacker's territory to an adjacent enemy one.
  const bool battling = ph == Phase::kDefend || ph == Phase::kRollDice || ph == Phase::kRemoveArmy;
  if (battling) {
    if (src_ < 0 || tgt_ < 0 || map.edge_index(src_, tgt_) < 0)
      return bad("/battle", "two adjacent territories during a battle");
    const bool attacker =
        c.teams() ? stack_[src_][active_] >= att_dice_
                  : owner_[src_] == active_ ||
                        (c.mode == Mode::kTwoPlayerActive && is_ally(owner_[src_], active_));
    if (!attacker)
      return bad("/battle/0",
                 fmt::format("a territory the attacker (seat {}) attacks from", active_));
    const bool enemy = c.teams() ? team_in(tgt_) != RiskConfig::team_of(active_)
                                 : owner_[tgt_] != owner_[src_] && owner_[tgt_] != active_;
    if (!enemy) return bad("/battle/1", "an enemy territory");
    // (In Team Risk's removal the attacker's own losses are already taken.)
    if (ph != Phase::kRemoveArmy && (att_dice_ < 1 || att_dice_ > armies_[src_] - 1))
      return bad("/battle/2", fmt::format("1..{} attack dice (one army stays behind)",
                                          std::min(3, armies_[src_] - 1)));
    const int max_def = max_defence_dice(armies_[tgt_]);
    if (ph == Phase::kDefend) {  // the defence dice are chosen next (a stale count is kept)
      if (dice_rolled_ != 0) return bad("/battle/4", "0 dice rolled before the defender answers");
    } else if (def_dice_ < 1 || def_dice_ > max_def) {
      return bad("/battle/3", fmt::format("1..{} defence dice", max_def));
    }
    if (ph == Phase::kRollDice && dice_rolled_ >= att_dice_ + def_dice_)
      return bad("/battle/4", "fewer dice rolled than the battle rolls");
    if (ph == Phase::kRollDice && c.battle_outcomes && dice_rolled_ != 0)
      return bad("/battle/4", "0 dice rolled (the game takes each roll as one outcome)");
  }
  if (c.teams()) {
    if (ph == Phase::kRemoveArmy) {
      if (pending_losses_ < 1 || pending_losses_ >= armies_[tgt_])
        return bad("/pending_losses/0",
                   "losses to choose: at least 1 and fewer than the armies there (R30)");
      if (decider_ < 0 || RiskConfig::team_of(decider_) == RiskConfig::team_of(active_))
        return bad("/pending_losses/1", "a seat of the defending team");
    } else if (pending_losses_ != 0 || decider_ != -1) {
      return bad("/pending_losses", "[0, -1] outside the removal of losses");
    }
  }
  // The move: after a conquest (adjacent, the conquered territory, by the
  // conqueror: the player or, §11.5, an ally) or a fortification (own or,
  // §11.7, an ally's, along a connected path).
  if (ally_move_ && ph != Phase::kFortifyMove)
    return bad("/allies/3", "false outside an ally's fortification move");
  if (ph == Phase::kMoveIn || ph == Phase::kFortifyMove) {
    if (move_.from < 0 || move_.to < 0 || move_.from == move_.to)
      return bad("/move", "two different territories while armies move");
    const int mover = owner_[move_.from];
    const int team = RiskConfig::team_of(active_);
    const bool allowed =
        c.teams() ? team_in(move_.from) == team && team_in(move_.to) == team
                  : owner_[move_.to] == mover &&
                        (ally_move_ ? mover >= 2 && is_ally(mover, active_)
                                    : mover == active_ || (ph == Phase::kMoveIn &&
                                                           c.mode == Mode::kTwoPlayerActive &&
                                                           is_ally(mover, active_)));
    if (!allowed) return bad("/move", "from and to both held by the side moving");
    if (ph == Phase::kMoveIn) {
      if (map.edge_index(move_.from, move_.to) < 0 || src_ != move_.from || tgt_ != move_.to)
        return bad("/move", "the battle's two territories for a move-in (§4.4)");
      if (move_.at_least < 1 || move_.moved < move_.at_least)
        return bad("/move/2", "at least the armies that attacked (§4.4)");
    } else {
      const uint64_t reach =
          c.teams() ? map.reachable(move_.from, team_mask(team)) : connected(mover, move_.from);
      if (!((reach >> move_.to) & 1))
        return bad("/move", "territories connected through the mover's own (§5.7)");
      if (move_.at_least != 1) return bad("/move/3", "1 for a fortification");
    }
  }
  if (victim_ >= 0) {
    if (ph != Phase::kMoveIn && ph != Phase::kGameOver)
      return bad("/victim", "-1 except during the move-in after an elimination");
    if (victim_ < players ? !eliminated_[victim_] : status_[victim_] != -1)
      return bad("/victim", "a player eliminated or a neutral destroyed by this conquest");
  }
  // The active 2-player game (§11): allies, involved neutrals, destroyed ones.
  if (c.mode == Mode::kTwoPlayerActive) {
    for (int n = 2; n < kMaxOwners; ++n) {
      const bool empty = territory_count(n) == 0;
      if (board_full && (status_[n] == -1) != empty)
        return bad(at("neutral_status", n), empty ? "-1: this neutral holds no territory"
                                                  : "not -1: this neutral still holds territories");
      if (status_[n] == -1 && ((involved_ >> n) & 1))
        return bad("/allies/0", "no destroyed neutral among the involved");
    }
    if (ph == Phase::kStatusRoll && involved_ == 0)
      return bad("/allies/0", "a neutral to roll for");
    if (ph == Phase::kRollAllyDie || ph == Phase::kAllyPlace) {
      if (ally_pending_ < 2 || !is_ally(ally_pending_, active_))
        return bad("/allies/2", "an ally of the player to move being reinforced");
    }
  }

  // 5. Something to do: a decision or a chance outcome, unless over.
  if (!over && legal_actions().empty())
    return invalid_argument(
        fmt::format("risk state /phase: {} has no legal action in this position "
                    "(its pending fields do not fit it)",
                    phase_name(ph)));
  return Status::ok();
}

}  // namespace meeple::risk
