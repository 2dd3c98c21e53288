// The Reversi game contract: actions, passes, the end, JSON. See reversi.h.
#include "games/reversi/reversi.h"

#include <fmt/format.h>

#include <cctype>

#include "core/json_integer.h"

namespace meeple::reversi {

// ---------------------------------------------------------------------------
// Position and moves
// ---------------------------------------------------------------------------

ReversiState::ReversiState() {
  refresh();
}

ReversiState::ReversiState(Bitboard black, Bitboard white, int side_to_move)
    : black_(black), white_(white), side_(side_to_move) {
  assert((black & white) == 0);
  assert(side_to_move == kBlack || side_to_move == kWhite);
  refresh();
}

Result<ReversiState> ReversiState::from_position(Bitboard black, Bitboard white, int side_to_move) {
  if (black & white)
    return invalid_argument("black and white discs overlap on " + square_list(black & white));
  if (side_to_move != kBlack && side_to_move != kWhite)
    return invalid_argument(
        fmt::format("side to move is {}, expected 0 (black) or 1 (white)", side_to_move));
  return ReversiState(black, white, side_to_move);
}

void ReversiState::refresh() {
  // reversi.md "Passing and the end": the mover passes when only the
  // opponent can move; the game ends when neither can.
  moves_ = legal_moves(mover(), opponent());
  terminal_ = moves_ == 0 && legal_moves(opponent(), mover()) == 0;
}

void ReversiState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (terminal_) return;
  if (moves_ == 0) {
    out.push_back(kPassAction);
    return;
  }
  out.reserve(static_cast<size_t>(popcount(moves_)));  // no-op on a reused buffer
  // Ascending: bits come out lowest first, and the pass (64) is alone.
  for (Bitboard m = moves_; m; m &= m - 1) out.push_back(lowest_square(m));
}

bool ReversiState::is_legal(Action a) const {
  if (terminal_) return false;
  if (a == kPassAction) return moves_ == 0;
  return a >= 0 && a < 64 && (moves_ & square_bit(a));
}

void ReversiState::apply(Action a) {
  assert(is_legal(a));
  Bitboard P = mover(), O = opponent();
  Bitboard flipped = 0;
  if (a != kPassAction) {
    // reversi.md "A move": place, then flip every outflanked line.
    flipped = flips(a, P, O);
    assert(flipped != 0);
    P |= flipped | square_bit(a);
    O ^= flipped;
  }
  if (side_ == kBlack) {
    black_ = P;
    white_ = O;
  } else {
    white_ = P;
    black_ = O;
  }
  side_ ^= 1;
  last_action_ = a;
  last_flips_ = flipped;
  refresh();
}

// ---------------------------------------------------------------------------
// Actions as JSON and text
// ---------------------------------------------------------------------------

json ReversiState::action_to_json(Action a) const {
  assert(a >= 0 && a <= kPassAction);
  return {{"move", square_name(a)}};
}

std::string ReversiState::action_to_string(Action a) const {
  assert(a >= 0 && a <= kPassAction);
  return square_name(a);
}

std::string ReversiState::describe(Action a, const State& after, Seat /*viewer*/) const {
  if (a == kPassAction) return seat_name(side_) + " has no move and passes.";
  const int flipped = popcount(static_cast<const ReversiState&>(after).last_flips());
  return fmt::format("{} plays {}, flipping {}.", seat_name(side_), square_name(a), flipped);
}

namespace {

std::string legal_text(Bitboard moves) {
  return moves ? square_list_by_name(moves) : "pass";
}

// "pass" (any case) → 64, a square name → 0..63, anything else → -1.
int parse_move_text(const std::string& text) {
  std::string t;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)))
      t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "pass") return kPassAction;
  return parse_square(text);
}

}  // namespace

Result<std::vector<Action>> ReversiState::check_action(int action, const std::string& text) const {
  if (action < 0)
    return invalid_argument(fmt::format("'{}' is not a square (expected a1..h8 or pass)", text));
  if (terminal_) return failed_precondition("the game is over; no move can be made");
  const char* who = side_title(side_);
  if (action == kPassAction) {
    if (moves_ != 0)
      return illegal_action(fmt::format("{} may not pass while a move is possible; legal: {}", who,
                                        legal_text(moves_)));
    return std::vector<Action>{kPassAction};
  }
  const Bitboard bit = square_bit(action);
  if ((black_ | white_) & bit)
    return illegal_action(fmt::format("{} is occupied (a {} disc); legal: {}", square_name(action),
                                      (black_ & bit) ? "black" : "white", legal_text(moves_)));
  if (!(moves_ & bit))
    return illegal_action(
        fmt::format("{} is not a legal move for {}{}; legal: {}", square_name(action), who,
                    moves_ ? "" : " (no disc would flip anywhere: pass)", legal_text(moves_)));
  return std::vector<Action>{action};
}

Result<std::vector<Action>> ReversiState::decode_action_object(const json& j) const {
  if (j.is_string()) {
    const std::string text = j.get<std::string>();
    return check_action(parse_move_text(text), text);
  }
  if (!j.is_object())
    return invalid_argument(fmt::format(
        "a Reversi action is {{\"move\":\"d3\"}}, \"d3\" or \"pass\", got {}", j.type_name()));
  for (const auto& [key, value] : j.items())
    if (key != "move")
      return invalid_argument(fmt::format(
          "unknown field '{}' in the action (expected only 'move', e.g. {{\"move\":\"d3\"}})",
          key));
  if (!j.contains("move"))
    return invalid_argument(
        "the action has no 'move' field (expected a square a1..h8 or \"pass\", e.g. "
        "{\"move\":\"d3\"})");
  const json& m = j["move"];
  if (!m.is_string())
    return invalid_argument(
        fmt::format("'move' must be a string (a square a1..h8 or \"pass\"), got {} {}",
                    m.type_name(), m.dump()));
  const std::string text = m.get<std::string>();
  return check_action(parse_move_text(text), text);
}

// ---------------------------------------------------------------------------
// Outcome, hash, state JSON
// ---------------------------------------------------------------------------

std::vector<double> ReversiState::returns() const {
  // reversi.md "Passing and the end": more discs wins; equal is a draw.
  if (!terminal_) return {0.0, 0.0};
  const int m = margin();
  if (m > 0) return {1.0, -1.0};
  if (m < 0) return {-1.0, 1.0};
  return {0.0, 0.0};
}

json ReversiState::scores() const {
  const int b = popcount(black_), w = popcount(white_);
  return {{"black", b}, {"white", w}, {"margin", b - w}};
}

uint64_t ReversiState::hash() const {
  // The position only: discs and side to move (see the header comment).
  uint64_t h = mix64(0x5265766572736921ull /* "Reversi!" */, black_);
  h = mix64(h, white_);
  return mix64(h, static_cast<uint64_t>(side_));
}

json ReversiState::to_json() const {
  json j = {{"format", kReversiStateFormat},
            {"board", board_string(black_, white_)},
            {"to_move", side_key(side_)}};
  j["last_move"] = last_action_ < 0 ? json(nullptr) : json(square_name(last_action_));
  json flips_json = json::array();
  for (Bitboard f = last_flips_; f; f &= f - 1) flips_json.push_back(square_name(lowest_square(f)));
  j["last_flips"] = std::move(flips_json);
  return j;
}

Result<ReversiState> state_from_json(const json& j) {
  // 1. Shape: an object with known fields only.
  if (!j.is_object())
    return invalid_argument(fmt::format(
        "a Reversi state is an object {{\"board\":\"<64 chars>\",\"to_move\":\"black\"}}, got {}",
        j.type_name()));
  for (const auto& [key, value] : j.items())
    if (key != "format" && key != "board" && key != "to_move" && key != "last_move" &&
        key != "last_flips")
      return invalid_argument(
          fmt::format("unknown field '{}' in a Reversi state (expected format, board, to_move, "
                      "last_move, last_flips)",
                      key));
  // Version 1 (no "format") has the same fields (docs/state-format.md).
  if (j.contains("format") && !json_integer(j["format"], 1, kReversiStateFormat))
    return invalid_argument(fmt::format("'format' is {}, expected a state format version 1..{}",
                                        j["format"].dump(), kReversiStateFormat));
  // 2. Board and side to move.
  if (!j.contains("board") || !j["board"].is_string())
    return invalid_argument(
        "a Reversi state needs 'board': a string of 64 characters a1..h8 row by row (X black, "
        "O white, - or . empty)");
  if (!j.contains("to_move") || !j["to_move"].is_string())
    return invalid_argument("a Reversi state needs 'to_move': \"black\" or \"white\"");
  auto board = parse_board(j["board"].get<std::string>());
  if (!board) return invalid_argument("'board': " + board.status().message());
  const std::string side_text = j["to_move"].get<std::string>();
  if (side_text != "black" && side_text != "white")
    return invalid_argument(
        fmt::format("'to_move' is '{}', expected \"black\" or \"white\"", side_text));
  const int side = side_text == "black" ? kBlack : kWhite;
  ReversiState state(board->first, board->second, side);

  // 3. The optional memory of the last action, checked against the board:
  // the side that made it is the one not to move now.
  int last = -1;
  if (j.contains("last_move") && !j["last_move"].is_null()) {
    if (!j["last_move"].is_string())
      return invalid_argument("'last_move' must be a square, \"pass\" or null");
    const std::string text = j["last_move"].get<std::string>();
    last = text == "pass" ? kPassAction : parse_square(text);
    if (last < 0 || (last != kPassAction && square_name(last) != text))
      return invalid_argument(fmt::format(
          "'last_move' is '{}', expected a square a1..h8 (lower case), \"pass\" or null", text));
  }
  const Bitboard previous = side == kBlack ? board->second : board->first;
  Bitboard flipped = 0;
  if (j.contains("last_flips")) {
    const json& f = j["last_flips"];
    if (!f.is_array()) return invalid_argument("'last_flips' must be an array of squares");
    for (const auto& item : f) {
      const int sq = item.is_string() ? parse_square(item.get<std::string>()) : -1;
      if (sq < 0 || square_name(sq) != item.get<std::string>())
        return invalid_argument(
            fmt::format("'last_flips' entry {} is not a square a1..h8", item.dump()));
      if (flipped & square_bit(sq))
        return invalid_argument(fmt::format("'last_flips' lists {} twice", square_name(sq)));
      flipped |= square_bit(sq);
    }
  }
  if (last == kPassAction || last < 0) {
    if (flipped)
      return invalid_argument(fmt::format("'last_flips' must be empty when the last move is {}",
                                          last < 0 ? "null" : "a pass"));
  }
  if (last == kPassAction) {
    // A pass is legal only with no move (the board is unchanged since).
    const Bitboard mover = side == kBlack ? board->first : board->second;
    if (legal_moves(previous, mover) != 0)
      return invalid_argument(
          fmt::format("'last_move' is a pass, but {} has a move on this board ({})",
                      side_key(side ^ 1), square_list(legal_moves(previous, mover))));
  }
  if (last >= 0 && last != kPassAction) {
    if (!(previous & square_bit(last)))
      return invalid_argument(
          fmt::format("'last_move' {} must hold a {} disc (the side that moved last)",
                      square_name(last), side_key(side ^ 1)));
    if (flipped & ~previous)
      return invalid_argument(fmt::format("'last_flips' squares {} do not hold a {} disc",
                                          square_list(flipped & ~previous), side_key(side ^ 1)));
    if (flipped & square_bit(last))
      return invalid_argument("'last_flips' may not contain the placed disc itself");
    if (!flipped) return invalid_argument("'last_flips' is empty, but every move flips a disc");
  }
  state.set_last(last, flipped);
  return state;
}

// ---------------------------------------------------------------------------
// The game
// ---------------------------------------------------------------------------

const GameInfo& ReversiGame::game_info() {
  static const GameInfo info = [] {
    GameInfo i;
    i.name = "reversi";
    i.title = "Reversi";
    i.summary =
        "Two players outflank and flip each other's discs on an 8x8 board; most discs at the "
        "end wins (Othello rules).";
    i.min_seats = i.max_seats = 2;
    i.has_chance = false;
    i.has_hidden_information = false;
    return i;
  }();
  return info;
}

ReversiGame::ReversiGame() = default;

Result<std::unique_ptr<State>> ReversiGame::state_from_json(const json& j) const {
  auto s = reversi::state_from_json(j);
  if (!s) return s.status();
  return std::unique_ptr<State>(std::make_unique<ReversiState>(std::move(*s)));
}

void register_game(Registry& registry) {
  registry.add(ReversiGame::game_info(), [](const json&) -> Result<std::shared_ptr<const Game>> {
    return std::shared_ptr<const Game>(std::make_shared<ReversiGame>());
  });
}

}  // namespace meeple::reversi
