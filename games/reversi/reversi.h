// Reversi (reversi.md) behind the game contract of core/game.h.
//
// The rules themselves live in bitboard.h (legal moves and flips as 64-bit
// masks); this file is the adapter: seats, action ids, passes, the end of
// the game, JSON and text. Searchers that need speed use the accessors
// mover()/opponent() and the bitboard functions directly.
//
// Seats: 0 = Black (moves first), 1 = White.
// Action ids: 0..63 = the square where the disc is placed (bit = rank*8+file,
// a1 = 0, see bitboard.h), 64 = pass. A pass is legal exactly when the mover
// has no move and the opponent has one ("A player with no legal move must
// pass"); it is an explicit action so that logs and perft count it. When
// neither side can move the state is terminal ("The game ends when neither
// player has a legal move"), full board or not.
//
// Besides the discs and the side to move, a state remembers the last action
// and the discs it flipped, for the UI's highlight. They are part of
// to_json() (and round-trip) but not of hash(), which identifies the
// position only: two states with equal to_json() have equal hashes, and the
// same position reached by different moves hashes the same (what
// transposition tables want).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/registry.h"
#include "games/reversi/bitboard.h"
#include "games/reversi/notation.h"

namespace meeple::reversi {

// The version to_json writes as "format" (docs/state-format.md); version 1,
// without the field, has the same fields and still loads.
inline constexpr int kReversiStateFormat = 2;

void register_game(Registry& registry);

class ReversiState final : public State {
 public:
  // The starting position (reversi.md "Setup"), Black to move.
  ReversiState();
  // Any position; discs must not overlap (asserted) and side is 0 or 1.
  // Input from outside goes through from_position / state_from_json.
  ReversiState(Bitboard black, Bitboard white, int side_to_move);
  explicit ReversiState(const Position& p) : ReversiState(p.black, p.white, p.side_to_move) {}
  // Validated factory for outside input: overlapping discs or a bad side
  // give an error.
  static Result<ReversiState> from_position(Bitboard black, Bitboard white, int side_to_move);

  // --- Position accessors (what searchers use) ---
  Bitboard black() const { return black_; }
  Bitboard white() const { return white_; }
  int side_to_move() const { return side_; }
  Bitboard mover() const { return side_ == kBlack ? black_ : white_; }
  Bitboard opponent() const { return side_ == kBlack ? white_ : black_; }
  int empties() const { return 64 - popcount(black_ | white_); }
  // The mover's legal squares (0 when the mover must pass or the game is over).
  Bitboard moves() const { return moves_; }
  // The last action applied (-1 if none since this position was set up,
  // 0..63 a square, 64 a pass) and the discs it flipped.
  int last_action() const { return last_action_; }
  Bitboard last_flips() const { return last_flips_; }
  // Black's discs minus White's.
  int margin() const { return popcount(black_) - popcount(white_); }

  // --- core/game.h contract ---
  std::unique_ptr<State> clone() const override { return std::make_unique<ReversiState>(*this); }
  int num_seats() const override { return 2; }
  Seat current_player() const override { return terminal_ ? kTerminal : side_; }
  using State::legal_actions;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action a) const override;
  int num_distinct_actions() const override { return kPassAction + 1; }
  void apply(Action a) override;
  json action_to_json(Action a) const override;
  std::string action_to_string(Action a) const override;
  // "Black plays d3, flipping 2." / "White has no move and passes."
  std::string describe(Action a, const State& after, Seat viewer) const override;
  Result<std::vector<Action>> decode_action_object(const json& j) const override;
  json view(Seat seat) const override;
  json to_json() const override;
  std::vector<double> returns() const override;
  json scores() const override;
  uint64_t hash() const override;
  std::string to_text(Seat seat) const override;
  std::string seat_name(Seat seat) const override { return seat == kBlack ? "Black" : "White"; }
  // Contract v2 (observation.cpp): the board seen from the observer's side.
  std::string observation_string(Seat seat) const override;
  std::string information_state_string(Seat seat) const override;
  std::vector<int> observation_tensor_shape() const override;
  std::vector<int> information_state_tensor_shape() const override;

  // Sets the UI-only memory of the last action (used by state_from_json).
  void set_last(int action, Bitboard flipped) {
    last_action_ = action;
    last_flips_ = flipped;
  }

 protected:
  void write_observation_tensor(Seat seat, std::span<float> out) const override;
  void write_information_state_tensor(Seat seat, std::span<float> out) const override;

 private:
  void refresh();  // recomputes moves_ and terminal_ after the discs change
  // Checks one decoded action against the position; names the problem.
  Result<std::vector<Action>> check_action(int action, const std::string& text) const;

  Bitboard black_ = kStartBlack;
  Bitboard white_ = kStartWhite;
  int side_ = kBlack;
  Bitboard moves_ = 0;
  bool terminal_ = false;
  int last_action_ = -1;
  Bitboard last_flips_ = 0;
};

class ReversiGame final : public Game {
 public:
  ReversiGame();
  static const GameInfo& game_info();
  const GameInfo& info() const override { return game_info(); }
  const json& options() const override { return options_; }
  int num_seats() const override { return 2; }
  int num_distinct_actions() const override { return kPassAction + 1; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<ReversiState>();
  }
  // Accepts the full form of to_json() and the simple form
  // {"board":"<64 chars>","to_move":"black"|"white"}.
  Result<std::unique_ptr<State>> state_from_json(const json& j) const override;
  GameMetadata metadata() const override;  // observation.cpp

 private:
  json options_ = json::object();
};

// Parses a state document (see ReversiGame::state_from_json).
Result<ReversiState> state_from_json(const json& j);

}  // namespace meeple::reversi
