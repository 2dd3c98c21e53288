#include "core/decision.h"

#include <cassert>

namespace meeple {

Decision::Decision(const Game& game, const State& truth)
    : game_(&game), truth_(&truth), seat_(truth.current_player()) {
  assert(seat_ >= 0 && seat_ < truth.num_seats() && "a Decision needs a seat to move");
}

const json& Decision::view() const {
  if (!view_) view_ = truth_->view(seat_);
  return *view_;
}

const std::vector<Action>& Decision::legal_actions() const {
  if (!legal_) legal_ = truth_->legal_actions();
  return *legal_;
}

}  // namespace meeple
