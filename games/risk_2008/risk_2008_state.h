// The Risk 2008 state (risk_2008.md) behind the game contract of
// core/game.h: Basic Training and Command Room for 3-5 players, on the
// classic edition's board (map.h) and battle comparison (battle.h).
//
// Conventions follow games/risk/risk_state.h: decisions are small
// sub-decisions (a draft of 7 troops is 7 "place one" actions; a trade is
// "select card" / "unselect card" toggles and one "confirm"; a move is
// "one more" ... "done"), dice are chance outcomes one die at a time, and
// every random step of set-up (city cards, objective layout, reward tokens,
// who is seat 1, the starting cards) and every card draw is a chance outcome
// naming what came up, so a referee can enter what happened at a table.
//
// Seats: game seat p plays colour edition.seat_colour[p]. "Seat 1" of the
// spec (§6) is first_: in Command Room the die roll chooses it (one chance
// outcome), in Basic Training it is seat 0 (Yellow). Turn order runs
// p, p+1, ... from there.
//
// Action ids (dense):
//   0..41            territory t: capital / claim / place one troop / airfield on t
//   42 + e*3 + k     attack along directed map edge e with k+1 dice
//   540              end the attack step
//   541, 542         defend with 1 / 2 dice
//   543, 544         move one more troop / done moving
//   545 + s*42 + d   manoeuvre from s to d (moves one troop; then more / done)
//   2309             end the manoeuvre step (no more manoeuvres)
//   2310 + c         select / unselect card c for the draft's trade
//   2352             confirm the trade of the selected cards
//   2353 + i         claim objective i (edition order)
//   2365             claim no objective
//   chance: 2366 + f-1 die face f; 2372 + c card c drawn; 2414 + p seat p is
//           seat 1; 2419 + i objective i laid out; 2431 + k reward token k
//           (0..3 minor, 4..7 major, edition order) on the next objective;
//           2439 + t a city on territory t; 2481 + i battles as outcomes
//           (option battles=outcomes): the attacker loses i troops and the
//           defender the rest of the dice compared
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/risk/army_move.h"
#include "games/risk/map.h"
#include "games/risk/odds.h"
#include "games/risk/turn_actions.h"
#include "games/risk_2008/edition.h"

namespace meeple::risk {

namespace r2008 {
// The battle and move ids up to 2309 are both editions' (turn_actions.h).
using risk::kAttackBase;
using risk::kDefendBase;
using risk::kEndAttack;
using risk::kMoveDone;
using risk::kMoveMore;
inline constexpr Action kManoeuvreBase = kMoveBase;
inline constexpr Action kEndManoeuvre = kEndMoves;
inline constexpr Action kSelectBase = 2310;
inline constexpr Action kConfirmTrade = kSelectBase + kNumTerritories;  // 2352
inline constexpr Action kClaimBase = kConfirmTrade + 1;                 // 2353
inline constexpr Action kNoClaim = kClaimBase + 12;                     // 2365
inline constexpr Action kDieBase = kNoClaim + 1;                        // 2366
inline constexpr Action kCardBase = kDieBase + 6;                       // 2372
inline constexpr Action kFirstBase = kCardBase + kNumTerritories;       // 2414
inline constexpr Action kObjectiveBase = kFirstBase + kMaxPlayers2008;  // 2419
inline constexpr Action kTokenBase = kObjectiveBase + 12;               // 2431
inline constexpr Action kCityBase = kTokenBase + 8;                     // 2439
inline constexpr Action kLossBase = kCityBase + kNumTerritories;        // 2481
inline constexpr Action kNumDistinctActions = kLossBase + 3;            // 2484

inline constexpr int kNumObjectives = kNumObjectives2008;
inline constexpr int kNumTokens = 2 * kLaidPerType2008;
// Where an objective card is (obj_where_): a seat, or one of these.
inline constexpr int kBoxed = -1;
inline constexpr int kOnBoard = -2;
// Territory t's bit in a mask of territories.
constexpr uint64_t bit(int t) {
  return uint64_t{1} << t;
}
}  // namespace r2008

// The ways to play (the options' "mode"): one of them, so no configuration
// can be two at once.
// Its value is mixed into the state hash (state_json.cpp): keep them.
enum class Mode2008 : uint8_t {
  kCommandRoom = 0,
  kBasicTraining = 1,
  // §13 World Conquest [UNVERIFIED]: Command Room's set-up without objectives
  // and rewards (steps 2-3 skipped); the last player left wins (R20 only).
  kWorldConquest = 2,
};

struct Risk2008Config {
  Mode2008 mode = Mode2008::kCommandRoom;
  bool basic_training() const { return mode == Mode2008::kBasicTraining; }
  bool world_conquest() const { return mode == Mode2008::kWorldConquest; }
  int players = 3;
  const Map* map = nullptr;
  const Edition2008* edition = nullptr;
  // A battle's roll is one chance outcome (the troops each side loses, with
  // the exact odds of its dice, bonus dice and airfields) instead of one die
  // at a time: for search and fast simulation; a referee at a real table
  // types the dice (the default) or the losses.
  bool battle_outcomes = false;
};

enum class Phase2008 : uint8_t {
  kCities,          // chance: Command Room's 15 city cards (§6.1 step 1)
  kObjectives,      // chance: 4 minor then 4 major objectives laid out (step 2)
  kTokens,          // chance: a reward token on each laid objective (step 3)
  kFirst,           // chance: the die roll's winner becomes seat 1 (step 5)
  kCapital,         // place capital + 1 troop on an empty territory (step 5)
  kClaim,           // claim an empty territory (step 6)
  kSetupPlace,      // place one starting troop (step 7)
  kDeal,            // chance: starting cards (§6)
  kDraft,           // trade (select / confirm) then place troops (§7.1)
  kAttack,          // attack, end, or the starting manoeuvre (§7.2, §7.3)
  kDefend,          // the defender's dice
  kRoll,            // chance: the battle's dice, one at a time (§8.1), or its losses
  kMove,            // one more / done: conquest move-in or a manoeuvre
  kClaimObjective,  // take one objective or none (§7.4)
  kAirfield,        // place the airfield just taken (§10.1)
  kManoeuvre,       // choose a manoeuvre or end (§7.5)
  kDraw,            // chance: the turn's card (§7.6)
  kGameOver,
};
const char* phase_2008_name(Phase2008 p);

class Risk2008State final : public State {
 public:
  explicit Risk2008State(std::shared_ptr<const Risk2008Config> config);

  // --- the contract ---
  std::unique_ptr<State> clone() const override { return std::make_unique<Risk2008State>(*this); }
  int num_seats() const override { return cfg_->players; }
  Seat current_player() const override;
  Seat turn_seat() const override { return phase_ == Phase2008::kGameOver ? kTerminal : active_; }
  using State::legal_actions;
  void legal_actions(std::vector<Action>& out) const override;
  // The battle's steps (roll, defence, move-in) answered without the list,
  // which apply() checks every action against; other phases search it.
  bool is_legal(Action a) const override;
  int num_distinct_actions() const override { return r2008::kNumDistinctActions; }
  // An illegal action leaves the state unchanged.
  void apply(Action a) override;
  Action auto_action() const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  std::string chance_description() const override;
  json action_to_json(Action a) const override;
  std::string action_to_string(Action a) const override;                           // log_words.cpp
  std::string describe(Action a, const State& after, Seat viewer) const override;  // log_words.cpp
  Result<std::vector<Action>> decode_action_object(const json& j) const override;
  json view(Seat seat) const override;
  json to_json() const override;
  void determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const override;
  std::vector<double> returns() const override;
  json scores() const override;
  uint64_t hash() const override;
  std::string to_text(Seat seat) const override;
  std::string seat_name(Seat seat) const override;
  std::string observation_string(Seat seat) const override;
  std::string information_state_string(Seat seat) const override;
  std::vector<int> observation_tensor_shape() const override;
  std::vector<int> information_state_tensor_shape() const override;

  static Result<std::unique_ptr<Risk2008State>> from_json(
      std::shared_ptr<const Risk2008Config> config, const json& j);

  // --- rules queries (public for tests and bots) ---
  const Risk2008Config& config() const { return *cfg_; }
  // "command_room", "basic_training" or "world_conquest": the state JSON's "mode".
  const char* mode_name() const;
  Phase2008 phase() const { return phase_; }
  Seat active() const { return active_; }
  int first_seat() const { return first_; }
  int owner(Territory t) const { return owner_[t]; }
  int troops(Territory t) const { return troops_[t]; }
  uint64_t hand(int p) const { return hand_[p]; }
  uint64_t deck() const { return deck_; }
  uint64_t discard() const { return discard_; }
  uint64_t cities() const { return cities_; }
  int capital(int p) const { return capital_[p]; }
  // kBoxed, kOnBoard or the holding seat.
  int objective_place(int i) const { return obj_where_[i]; }
  int objective_token(int i) const { return obj_token_[i]; }  // -1: none
  bool holds_reward(int p, Reward r) const;
  int airfield_at(int token) const { return airfield_at_[token]; }
  int token_holder(int token) const { return token_holder_[token]; }
  bool eliminated(int p) const { return eliminated_[p]; }
  int winner() const { return winner_; }
  int draft_left() const { return draft_left_; }
  int setup_left(int p) const { return setup_left_[p]; }
  uint64_t selected() const { return selected_; }
  uint64_t own_mask(int p) const;
  uint64_t own_at_turn_start() const { return own0_; }
  int objectives_held(int p) const;
  int manoeuvres_left() const { return manoeuvres_left_; }
  int turn_number() const { return turn_number_; }
  // The draft p would receive now without a trade (§7.1).
  int base_draft(int p) const;
  int attack_dice() const { return att_dice_; }
  int defence_dice() const { return def_dice_; }
  // The troops the last roll cost the attacker and the defender.
  std::array<int, 2> last_losses() const { return last_losses_; }
  // The exact odds of the roll under way (phase kRoll), as battles=outcomes
  // presents it: bonus dice and airfields of this battle included.
  const RollOdds& roll_odds() const;
  Seat defender() const { return tgt_ >= 0 ? owner_[tgt_] : -1; }
  Reward token_reward(int token) const;
  int claim_count(int p) const;  // territories claimed in set-up
  // The move in progress (kMove; -1 otherwise): its source and destination,
  // and its kind: 0 the move-in after a conquest, 1 the Starting Manoeuvre,
  // 2 a manoeuvre of the manoeuvre step. Bots decide "one more" by them.
  Territory move_from() const { return move_.from; }
  Territory move_to() const { return move_.to; }
  int move_kind() const { return move_kind_; }

  // --- test set-up: positions in the middle of a game (asserts only) ---
  void set_territory(Territory t, int p, int n) {
    owner_[t] = static_cast<int8_t>(p);
    troops_[t] = n;
  }
  void set_hand(int p, uint64_t h) { hand_[p] = h; }
  void set_deck(uint64_t deck, uint64_t discard) {
    deck_ = deck;
    discard_ = discard;
  }
  void set_cities(uint64_t c) { cities_ = c; }
  void set_capital(int p, Territory t) { capital_[p] = static_cast<int8_t>(t); }
  void set_objective(int i, int where, int token) {
    obj_where_[i] = static_cast<int8_t>(where);
    obj_token_[i] = static_cast<int8_t>(token);
  }
  // Gives seat p reward token k (taken off any objective); for an airfield,
  // `at` is where it stands.
  void give_token(int p, int token, Territory at = -1);
  void set_eliminated(int p, bool e) { eliminated_[p] = e; }
  // Starts p's turn at the draft (set-up skipped).
  void begin_turn_for_test(int p) { start_turn(p); }
  // Starts p's turn at the attack step, the draft placed.
  void begin_attack_for_test(int p) {
    start_turn(p);
    draft_left_ = 0;
    phase_ = Phase2008::kAttack;
  }

 protected:
  void write_observation_tensor(Seat seat, std::span<float> out) const override;
  void write_information_state_tensor(Seat seat, std::span<float> out) const override;

 private:
  // `d` is a copy of this state: what `seat` cannot see is redrawn in it
  // (determinize, determinize_into).
  void redraw_unseen(Seat seat, Rng& rng, Risk2008State& d) const;
  // setup.cpp
  void begin_setup();
  void legal_setup(std::vector<Action>& out) const;
  void apply_setup(Action a);
  void chance_setup(std::vector<ChanceOutcome>& out) const;
  void after_tokens();
  void begin_capitals();
  void after_claim();
  void begin_deal();
  void continue_deal();
  // turn.cpp
  void start_turn(int p);
  void legal_turn(std::vector<Action>& out) const;
  void apply_turn(Action a);
  void add_manoeuvres(std::vector<Action>& out) const;
  void begin_manoeuvre_move(Territory from, Territory to);
  void finish_move();
  void end_attack_step();
  void enter_manoeuvre_step();
  void after_manoeuvre();
  void begin_draw();
  void end_turn();
  int next_alive(int p) const;
  uint64_t claimable() const;
  void claim_objective(int i);
  // battle.cpp
  void begin_attack(Action a);
  void begin_roll();
  void roll_die(int face);
  int dice_due() const;
  bool airfield_helps(int p) const;
  void resolve();
  void apply_losses(int attacker_losses, int defender_losses);
  void conquer();
  void after_conquest();

  std::shared_ptr<const Risk2008Config> cfg_;
  Phase2008 phase_ = Phase2008::kCities;
  Seat active_ = 0;
  int first_ = 0;
  std::array<int8_t, kNumTerritories> owner_{};
  std::array<int32_t, kNumTerritories> troops_{};
  uint64_t cities_ = 0;
  std::array<int8_t, kMaxPlayers2008> capital_{};
  std::array<uint64_t, kMaxPlayers2008> hand_{};
  uint64_t deck_ = 0, discard_ = 0;
  std::array<int, kMaxPlayers2008> setup_left_{};
  std::array<bool, kMaxPlayers2008> eliminated_{};
  // Objectives: where each card is and the token lying on it; the layout
  // order (Command Room's chance steps); the tokens: holder (-1 none, -2 out
  // of the game) and where an airfield token stands.
  std::array<int8_t, r2008::kNumObjectives> obj_where_{};
  std::array<int8_t, r2008::kNumObjectives> obj_token_{};
  std::vector<int8_t> laid_;  // objectives in the order laid out
  int tokens_placed_ = 0;
  std::array<int8_t, r2008::kNumTokens> token_holder_{};
  std::array<int8_t, r2008::kNumTokens> airfield_at_{};
  // Set-up progress.
  int claims_ = 0;      // territories claimed (capitals included)
  int deal_seat_ = 0;   // spec seat (0-based from first_) being dealt to
  int deal_given_ = 0;  // cards it has received
  int cities_drawn_ = 0;
  // The turn.
  int turn_number_ = 0;
  uint64_t own0_ = 0;
  int draft_left_ = 0;
  uint64_t selected_ = 0;
  bool traded_ = false, placed_any_ = false;
  bool battled_ = false;  // a battle rolled this turn: the starting manoeuvre lapses
  bool start_manoeuvre_used_ = false;
  bool conquered_ = false, claimed_ = false;
  int manoeuvres_left_ = 0;
  int pending_airfield_ = -1;  // token to place
  // The battle.
  int src_ = -1, tgt_ = -1, att_dice_ = 0, def_dice_ = 0;
  std::array<int, 7> dice_{};  // attack dice, attack bonus, defence dice, defence bonus
  int rolled_ = 0;
  std::array<int, 2> last_losses_{};
  // A move: conquest move-in (kind 0), starting manoeuvre (1), manoeuvre (2).
  ArmyMove move_;
  int move_kind_ = 0;
  int victim_ = -1;  // the target's previous owner during a conquest move-in
  int winner_ = -1;
};

}  // namespace meeple::risk
