// The Risk state (European Parker edition, risk_classic.md) behind the game
// contract of core/game.h.
//
// Phases are small sub-decisions, each saying whose choice it is and what is
// legal, so action lists stay short (design.md, "Decisions that cross
// seats"): a reinforcement of 7 armies is 7 "place 1 on t" actions, a move of
// 5 armies is "move one more" five times and "done". The JSON and text
// protocol accepts the compound forms ("place 7 alaska", "move 5") and
// decodes them into those ids. Dice are rolled one at a time as chance
// outcomes "die 1..6"; a card draw is a chance outcome naming the card; the
// first claimer / first player and each mission dealt are chance outcomes
// too, so a referee can enter what happened at a real table.
//
// Modes implemented: World Domination (§7), Secret Missions (§8), the
// two-player game with passive neutrals (§9, §10) and with active neutrals
// (§11: bribes, alliances, allied reinforcement, attacks and fortification,
// status rolls; active.cpp) and Team Risk (§12, team.cpp: seats alternate
// teams, team-mates' armies may share a territory, one hand per team).
//
// Team Risk keeps per-territory per-seat army counts (stack_) only in that
// mode; armies_[t] is then the territory's total and owner_[t] its "lead"
// (the seat with the most armies there, ties to the lower seat), which names
// the team holding it. Control (strictly most armies) is controller(t).
// The team hand lives in hand_[team] (team = seat % 2), so hand_[2..5] stay
// empty and card conservation is unchanged.
//
// Action ids (dense; the layout is part of the replay format):
//   0..41            territory t: claim t / place one army on t
//   42 + e*3 + k     attack along directed map edge e with k+1 dice
//   540              end the attack step
//   541, 542         defend with 1 / 2 dice
//   543, 544         move one more army / done moving
//   545 + s*42 + d   fortify from s to d (then "move one more" ... "done")
//   2309             end the turn without fortifying
//   2310 + i         declare my mission in slot i (0..3)
//   2314 + a*1936 + b*44 + c   trade cards a < b < c
//   chance: 87498 + f-1 die face f; 87504 + card drawn/dealt;
//           87548 + seat chosen by the start roll; 87554 + mission dealt
//   87582 + c*4 + n-2  bribe card c to neutral n; 87758 end the bribes
//   87759 + n-2      reinforce ally n (a die follows); 87763 end ally reinforcement
//   87764 + p        Team Risk: the defence loses one army of seat p (R30)
//   87770 + i        chance, battles as outcomes: the attacker loses i armies
//                    and the defender the rest of the dice compared
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/risk/army_move.h"
#include "games/risk/battle.h"
#include "games/risk/cards.h"
#include "games/risk/map.h"
#include "games/risk/turn_actions.h"

namespace meeple::risk {

struct TensorWriter;  // observation.cpp

enum class Mode { kDomination, kMissions, kTwoPlayerPassive, kTwoPlayerActive, kTeams };
const char* mode_name(Mode m);

inline constexpr int kMaxOwners = 6;  // up to 6 players, or 2 players + 4 neutrals

// The battle and move ids up to 2309 are both editions' (turn_actions.h).
inline constexpr Action kFortifyBase = kMoveBase;
inline constexpr Action kEndTurn = kEndMoves;
inline constexpr Action kDeclareBase = 2310;
inline constexpr Action kTradeBase = 2314;
inline constexpr Action kDieBase = kTradeBase + kNumCards * kNumCards * kNumCards;  // 87498
inline constexpr Action kCardBase = kDieBase + 6;
inline constexpr Action kSeatBase = kCardBase + kNumCards;
inline constexpr Action kMissionBase = kSeatBase + kMaxOwners;
// The active 2-player game (§11):
inline constexpr Action kBribeBase = kMissionBase + kNumMissions;  // + card * 4 + (neutral - 2)
inline constexpr Action kEndBribe = kBribeBase + kNumCards * 4;
inline constexpr Action kAllyReinforceBase = kEndBribe + 1;  // + (neutral - 2)
inline constexpr Action kEndAllyReinforce = kAllyReinforceBase + 4;
// Team Risk (§12, R30): which committed defending army is removed.
inline constexpr Action kRemoveBase = kEndAllyReinforce + 1;  // + seat
// Battles as outcomes (option battles=outcomes): one chance node per roll
// whose outcome is how many armies the attacker loses (0..2).
inline constexpr Action kLossBase = kRemoveBase + kMaxOwners;  // + attacker's losses
inline constexpr Action kNumDistinctActions = kLossBase + 3;

// The version to_json writes as "format" (docs/state-format.md). Version 1,
// the documents without "format", had the same fields and still loads.
inline constexpr int kRiskStateFormat = 2;

inline Action trade_action(int a, int b, int c) {
  return kTradeBase + (a * kNumCards + b) * kNumCards + c;
}

// The configuration every state of one game shares.
struct RiskConfig {
  Mode mode = Mode::kDomination;
  int players = 3;
  const Map* map = nullptr;
  const Edition* edition = nullptr;
  // A roll is one chance outcome (the losses, with §4.3's exact odds)
  // instead of one die at a time: for search and fast simulation, which
  // need no faces; a referee at a real table types dice (the default).
  bool battle_outcomes = false;
  int owners() const {
    return mode == Mode::kTwoPlayerPassive || mode == Mode::kTwoPlayerActive ? 6 : players;
  }
  bool two_player() const {
    return mode == Mode::kTwoPlayerPassive || mode == Mode::kTwoPlayerActive;
  }
  bool fixed_trade_table() const { return mode == Mode::kMissions || mode == Mode::kTeams; }
  bool teams() const { return mode == Mode::kTeams; }
  // §12, R20: seats alternate teams A B A B (A B A B A with 5 players).
  static int team_of(int seat) { return seat % 2; }
};

enum class Phase : uint8_t {
  kDealMissions,     // chance: one mission per (player, rank), §8.1
  kDealTerritories,  // chance: 2-player deal of the 42 territory cards, §9 step 2
  kRollFirst,        // chance: who claims first / places first, §6 step 4, §9 step 5
  kClaim,            // claim one unclaimed territory, §6 step 5
  kSetupPlace,       // place one army on an own territory, §6 step 6
  kTwoPlayerPlace,   // 3 own + 1 per neutral, §9 step 5
  kRollStarter,      // chance: who takes the first turn, §6 step 7, §9 step 6
  kReinforce,        // trade sets, then place, §5.5
  kAttack,           // declare a battle or end the attack step, §4.1
  kDefend,           // the defender chooses 1 or 2 dice, R8
  kRollDice,         // chance: the battle's dice one at a time
  kMoveIn,           // additional move-in after a conquest, §4.4
  kForcedTrade,      // after an elimination with more than 5 cards, §5.3
  kForcedPlace,      // placing the armies of the forced trade
  kFortify,          // choose the single free move or end the turn, §5.7
  kFortifyMove,      // how many armies that move takes
  kTurnEnd,          // Mission Risk: last chance to declare (R36)
  kDrawCard,         // chance: end-of-turn card, §5.8
  kBribe,            // active 2-player: give cards to neutrals, §11.3
  kAllyReinforce,    // choose an ally to reinforce, or end, §11.4
  kRollAllyDie,      // chance: the ally's reinforcement die (R10)
  kAllyPlace,        // place the ally's armies
  kStatusRoll,       // chance: one die per involved neutral, §11.6 (R32)
  kAllyFortify,      // one move per ally, §11.7 (R31)
  kGameOver,
  kRemoveArmy,  // Team Risk: the defence's decider removes one lost army (R30)
};
const char* phase_name(Phase p);
inline constexpr int kNumPhases = static_cast<int>(Phase::kRemoveArmy) + 1;
// Phases whose next step is a chance outcome.
inline bool is_chance_phase(Phase p) {
  return p == Phase::kDealMissions || p == Phase::kDealTerritories || p == Phase::kRollFirst ||
         p == Phase::kRollStarter || p == Phase::kRollDice || p == Phase::kDrawCard ||
         p == Phase::kRollAllyDie || p == Phase::kStatusRoll;
}

class RiskState final : public State {
 public:
  explicit RiskState(std::shared_ptr<const RiskConfig> config);

  // --- the contract ---
  std::unique_ptr<State> clone() const override { return std::make_unique<RiskState>(*this); }
  int num_seats() const override { return cfg_->players; }
  Seat current_player() const override;
  // The attacker's turn goes on while the defender chooses dice (R8).
  Seat turn_seat() const override { return phase_ == Phase::kGameOver ? kTerminal : active_; }
  using State::legal_actions;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action a) const override;  // legality.cpp: without building the list
  int num_distinct_actions() const override { return kNumDistinctActions; }
  void apply(Action a) override;
  Action auto_action() const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  json action_to_json(Action a) const override;
  std::string action_to_string(Action a) const override;
  std::string describe(Action a, const State& after, Seat viewer) const override;  // log_words.cpp
  Result<std::vector<Action>> decode_action_object(const json& j) const override;
  json view(Seat seat) const override;
  json to_json() const override;
  void determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const override;
  std::vector<double> returns() const override;
  json scores() const override;
  uint64_t hash() const override;
  std::string to_text(Seat seat) const override;
  std::string chance_description() const override;
  std::string seat_name(Seat seat) const override { return owner_name(seat); }
  // Contract v2 (observation.cpp).
  std::string observation_string(Seat seat) const override;
  std::string information_state_string(Seat seat) const override;
  std::vector<int> observation_tensor_shape() const override;
  std::vector<int> information_state_tensor_shape() const override;

  static Result<std::unique_ptr<State>> from_json(std::shared_ptr<const RiskConfig> config,
                                                  const json& j);

  // --- rules queries (public for bots, tests and the 2008 edition) ---
  const RiskConfig& config() const { return *cfg_; }
  Phase phase() const { return phase_; }
  Seat active() const { return active_; }
  int owner(Territory t) const { return owner_[t]; }
  // Team Risk: armies of seat p in t (other modes: all armies of the owner).
  int armies_of(Territory t, int p) const {
    if (cfg_->teams()) return stack_[t][p];
    return owner_[t] == p ? armies_[t] : 0;
  }
  // The player controlling t: the owner, or in Team Risk the seat with
  // strictly the most armies there (-1 on a tie, §12).
  int controller(Territory t) const;
  // The hand a seat plays from (its team's shared hand in Team Risk).
  int hand_slot(int p) const { return cfg_->teams() ? RiskConfig::team_of(p) : p; }
  // Team Risk: which team's armies are in t (-1 if empty).
  int team_in(Territory t) const { return owner_[t] < 0 ? -1 : RiskConfig::team_of(owner_[t]); }
  // Team Risk: losses the defence still has to take (R30).
  int pending_losses() const { return pending_losses_; }
  int armies(Territory t) const { return armies_[t]; }
  CardMask hand(int p) const { return hand_[p]; }
  CardMask deck() const { return deck_; }
  CardMask discard() const { return discard_; }
  int sets_traded() const { return sets_traded_; }
  int reinforcements_left() const { return reinforcements_; }
  bool eliminated(int p) const { return eliminated_[p]; }
  int winner() const { return winner_; }
  int territory_count(int p) const;
  int armies_on_board(int p) const;
  bool holds_continent(int p, int c) const;
  // §5.5 without cards: max(3, floor(T/3)) + continent bonuses.
  int base_reinforcement(int p) const;
  // Value of trading {a, b, c} now (cavalryman or fixed table).
  int set_value(int a, int b, int c) const;
  int mission(int p, int slot) const { return missions_[p][slot]; }
  // Active 2-player game: is neutral n the ally of player p? (§11.1)
  bool is_ally(int n, int p) const { return n >= 2 && status_[n] == (p == 0 ? 0 : 2); }
  int neutral_status(int n) const { return status_[n]; }
  CardMask bribes(int n) const { return bribes_[n]; }
  // Active 2-player game: the cards player p gave as bribes and has not seen
  // traded since; p knows where each is (under a neutral, or in the hand of
  // whoever destroyed it, §11.5), though they lie face down.
  CardMask bribes_given(int p) const { return given_[p]; }
  void set_neutral_status(int n, int status) { status_[n] = static_cast<int8_t>(status); }
  void set_bribes(int n, CardMask m) { bribes_[n] = m; }
  // Can the armies in `from` attack now (own, or an ally's in §11.5)?
  bool may_attack_from(Territory from) const;
  bool mission_completed(int p, int slot) const { return (completed_[p] >> slot) & 1; }
  // §8.2: once p has completed 3 missions (the data's reveal_last_after),
  // all of p's missions are public.
  bool missions_public(int p) const {
    return popcount(completed_[p]) >= cfg_->edition->missions_public_after;
  }
  bool mission_holds(int p, int mission_index) const;
  int conquests_this_turn() const { return conquests_this_turn_; }
  int battle_source() const { return src_; }
  int battle_target() const { return tgt_; }
  int attack_dice() const { return att_dice_; }
  int defence_dice() const { return def_dice_; }
  // Who answers the battle's defence: the target's owner, or for a neutral
  // the non-active player (§9, R15).
  Seat defender() const;
  int turn_number() const { return turn_number_; }
  // Territories of p reachable from t through p's own territories (§5.7).
  uint64_t connected(int p, Territory t) const;
  uint64_t owned_by(int p) const;  // the territories of owner p
  std::string owner_name(int o) const;
  // The commands a player may type, for the terminal's 'help'.
  static std::string help_text();
  // The commands that fit the current phase (one line).
  std::string phase_commands() const;

  // Test set-up: a position in the middle of a turn (no validation beyond asserts).
  void set_territory(Territory t, int owner, int armies) {
    owner_[t] = static_cast<int8_t>(owner);
    armies_[t] = armies;
    if (cfg_->teams()) {
      stack_[t].fill(0);
      stack_[t][owner] = armies;
    }
  }
  // Team Risk: set the armies of each seat in t (at least one non-zero).
  void set_stack(Territory t, std::array<int32_t, kMaxOwners> by_seat) {
    stack_[t] = by_seat;
    refresh_lead(t);
  }
  void set_hand(int p, CardMask h) { hand_[p] = h; }
  void set_deck(CardMask deck, CardMask discard) {
    deck_ = deck;
    discard_ = discard;
  }
  void set_sets_traded(int n) { sets_traded_ = n; }
  void set_missions(int p, std::array<int, 4> m, uint8_t completed) {
    missions_[p] = m;
    completed_[p] = completed;
  }
  void set_eliminated(int p, bool e) { eliminated_[p] = e; }
  // Starts `p`'s turn at the reinforcement step (skipping set-up).
  void begin_turn_for_test(int p) { start_turn(p); }
  // Starts `p`'s turn directly at the attack step (reinforcements placed).
  void begin_attack_for_test(int p) {
    start_turn(p);
    reinforcements_ = 0;
    phase_ = Phase::kAttack;
  }

 protected:
  void write_observation_tensor(Seat seat, std::span<float> out) const override;
  void write_information_state_tensor(Seat seat, std::span<float> out) const override;

 private:
  void redraw_unseen(Seat seat, Rng& rng, RiskState* s) const;
  friend class RiskDecoder;
  // turn.cpp: the outcomes of the chance node, without probabilities.
  void chance_ids(std::vector<Action>& ids) const;
  bool two_player_place_legal(Territory t) const;
  // legality.cpp: is_legal for the turn's phases (own, team, active).
  bool is_legal_turn(Action a) const;
  bool is_legal_team(Action a) const;
  bool is_legal_active(Action a) const;
  bool is_legal_trade(Action a) const;
  bool is_legal_declaration(Action a) const;
  // observation.cpp: the view as numbers, then the seat's beliefs.
  void write_view(Seat seat, TensorWriter& w) const;
  void write_beliefs(Seat seat, TensorWriter& w) const;
  // The places an unseen card may be in, for `seat` (observation.cpp).
  CardMask unseen_cards(Seat seat) const;
  // state_json.cpp: everything a loaded state must satisfy beyond its
  // fields' ranges (the board, the cards, the phase's pending fields).
  Status check_loaded() const;
  // setup.cpp
  void apply_setup(Action a);
  void begin_claiming(int first);
  void after_setup_place();
  void begin_two_player_turn_of_placement(int p);
  // turn.cpp
  void start_turn(int p);
  void legal_turn_actions(std::vector<Action>& out) const;
  void apply_turn(Action a);
  void add_trades(std::vector<Action>& out) const;
  void trade(Action a);
  void add_declarations(std::vector<Action>& out) const;
  bool may_declare() const;
  bool may_declare_after_fortify() const;
  void declare(int slot);
  void roll_die(int face);
  void resolve_battle_roll();
  void apply_battle_losses(BattleLosses losses);
  void finish_move_in();
  void end_attack_step();
  void finish_turn();
  void after_draw();
  void check_victory_after_conquest(int attacker, int victim_owner);
  int next_alive(int p) const;
  // team.cpp (§12)
  void add_armies(Territory t, int p, int n);
  void refresh_lead(Territory t);
  uint64_t team_mask(int team) const;
  void legal_team_actions(std::vector<Action>& out) const;
  void team_losses(int losses);
  void after_defence_losses();
  bool check_team_victory();
  Seat team_defender() const;
  // active.cpp (§11)
  bool active_mode() const { return cfg_->mode == Mode::kTwoPlayerActive; }
  void begin_reinforce();
  void after_own_reinforcement();
  void enter_ally_fortify();
  void after_own_fortify();
  void legal_active_actions(std::vector<Action>& out) const;
  void apply_active(Action a);
  void after_attack_step();
  bool has_ally_fortify() const;

  std::shared_ptr<const RiskConfig> cfg_;
  Phase phase_ = Phase::kRollFirst;
  Seat active_ = 0;
  int first_ = 0;  // first claimer / first placer
  std::array<int8_t, kNumTerritories> owner_{};
  std::array<int32_t, kNumTerritories> armies_{};
  std::array<CardMask, kMaxOwners> hand_{};
  CardMask deck_ = kAllCards, discard_ = 0;
  std::array<int, kMaxOwners> setup_left_{};
  std::array<bool, kMaxOwners> eliminated_{};
  int sets_traded_ = 0;
  int deal_index_ = 0;  // missions or territories dealt so far
  // The turn.
  int turn_number_ = 0;
  int reinforcements_ = 0;
  bool must_trade_ = false, placed_any_ = false;
  int conquests_this_turn_ = 0;
  bool declared_this_turn_ = false;
  // 2-player placement turn.
  int own_left_ = 0;
  uint8_t neutral_done_ = 0;
  // The battle.
  int src_ = -1, tgt_ = -1, att_dice_ = 0, def_dice_ = 0, dice_rolled_ = 0;
  std::array<int, 5> dice_{};
  std::array<int, 5> last_dice_{};  // the previous roll, for display
  int last_att_ = 0, last_def_ = 0;
  // A move (after a conquest or the fortification).
  ArmyMove move_;
  int victim_ = -1;  // a player eliminated by the current conquest, awaiting R28 (d)
  // Missions.
  std::array<std::array<int, 4>, kMaxOwners> missions_{};
  std::array<uint8_t, kMaxOwners> completed_{};
  int winner_ = -1;
  // The active 2-player game: per neutral (index 2..5) its status (0 ally of
  // player 0, 1 uninvolved, 2 ally of player 1, -1 destroyed) and its bribe
  // cards; neutrals involved in a battle this turn; allies already
  // reinforced / fortified this step; the ally being handled.
  std::array<int8_t, kMaxOwners> status_{};
  std::array<CardMask, kMaxOwners> bribes_{};
  // Who gave which bribe card (see bribes_given). Not part of hash(): it is
  // what the players remember, a function of the action log, and leaving it
  // out keeps the hashes of saved tables and published logs unchanged.
  std::array<CardMask, 2> given_{};
  uint8_t involved_ = 0, ally_done_ = 0;
  int ally_pending_ = -1;
  bool ally_move_ = false;
  // Team Risk: armies per territory per seat (empty in the other modes) and
  // the defence's losses still to assign in the current roll.
  std::vector<std::array<int32_t, kMaxOwners>> stack_;
  int pending_losses_ = 0;
  int decider_ = -1;  // who removes them: fixed when the battle began (R30)
};

}  // namespace meeple::risk
