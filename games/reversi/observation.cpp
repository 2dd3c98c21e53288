// Reversi for AI code (contract v2, docs/contract.md): observations and the
// game's metadata.
//
// Reversi has perfect information and is Markov (the rules look only at the
// discs and the side to move), so every seat sees the whole position and
// its information state is its observation: knowing how the position was
// reached changes no legal move and no result (docs/contract.md, "Reversi").
//
// Tensor: 5 planes of 8x8, square (rank, file) at [plane][rank][file], a1 =
// [.][0][0], seen from the observer (a spectator sees from Black's side), so
// one network serves both colours:
//   0  the observer's discs          1  the other side's discs
//   2  empty squares                 3  the legal squares of the side to move
//   4  all ones when the observer is to move (zeros at the end)
#include "games/reversi/reversi.h"
#include "games/reversi/text.h"

namespace meeple::reversi {

namespace {

constexpr int kPlanes = 5;
constexpr int kPlaneSize = 64;

void fill_plane(std::span<float> out, int plane, Bitboard b) {
  for (; b; b &= b - 1) out[static_cast<size_t>(plane * kPlaneSize + lowest_square(b))] = 1.0f;
}

}  // namespace

std::string ReversiState::observation_string(Seat /*seat*/) const {
  return board_text(*this, false);
}

std::string ReversiState::information_state_string(Seat seat) const {
  return observation_string(seat);
}

std::vector<int> ReversiState::observation_tensor_shape() const {
  return {kPlanes, 8, 8};
}

std::vector<int> ReversiState::information_state_tensor_shape() const {
  return observation_tensor_shape();
}

void ReversiState::write_observation_tensor(Seat seat, std::span<float> out) const {
  const int me = seat == kWhite ? kWhite : kBlack;  // a spectator sees from Black's side
  const Bitboard mine = me == kBlack ? black_ : white_;
  const Bitboard theirs = me == kBlack ? white_ : black_;
  fill_plane(out, 0, mine);
  fill_plane(out, 1, theirs);
  fill_plane(out, 2, ~(black_ | white_));
  fill_plane(out, 3, moves_);
  if (!terminal_ && side_ == me) fill_plane(out, 4, ~Bitboard{0});
}

void ReversiState::write_information_state_tensor(Seat seat, std::span<float> out) const {
  write_observation_tensor(seat, out);
}

GameMetadata ReversiGame::metadata() const {
  GameMetadata m = standard_metadata();
  m.chance_mode = ChanceMode::kDeterministic;
  m.information = Information::kPerfect;
  // reversi.md "Passing and the end": more discs wins, equal discs draw.
  m.utility = Utility::kZeroSum;
  m.min_utility = -1;
  m.max_utility = 1;
  m.utility_sum = 0;
  // 60 empty squares take at most 60 placements; a pass is legal only when
  // the opponent can then place, so passes never outnumber placements.
  m.max_game_length = 120;
  m.practical_game_length = m.max_game_length;
  m.max_chance_outcomes = 0;
  return m;
}

}  // namespace meeple::reversi
