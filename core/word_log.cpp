#include "core/word_log.h"

#include <algorithm>

namespace meeple {

WordLog::WordLog(std::shared_ptr<const Game> game) : game_(std::move(game)) {
  restart();
}

void WordLog::restart() {
  state_ = game_->new_initial_state();
  hashes_.clear();
  action_texts_.clear();
  turn_ = kChance;
  words_.assign(static_cast<size_t>(game_->num_seats()) + 1, {});
}

void WordLog::catch_up(const std::vector<LogEntry>& log) {
  // The log must extend what was described: same length prefix, same hashes
  // at its end (a replaced log differs there first).
  if (log.size() < hashes_.size() ||
      (!hashes_.empty() && log[hashes_.size() - 1].hash != hashes_.back()))
    restart();
  for (size_t i = hashes_.size(); i < log.size(); ++i) {
    const LogEntry& e = log[i];
    // A decision by another seat than the turn's opens a turn, unless the
    // game says the turn goes on (turn_seat); chance stays in the turn.
    if (e.seat >= 0) turn_ = state_->turn_seat();
    auto after = state_->clone();
    after->apply(e.action);
    for (size_t v = 0; v < words_.size(); ++v) {
      const Seat viewer = v + 1 == words_.size() ? kSpectator : static_cast<Seat>(v);
      std::string text = state_->describe(e.action, *after, viewer);
      if (text.empty()) continue;
      // Each entry is a sentence; games name seats in running text ("player A").
      if (text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
      words_[v].push_back({i, e.seat, turn_, std::move(text)});
    }
    action_texts_.push_back(state_->action_to_string(e.action));
    state_ = std::move(after);
    hashes_.push_back(e.hash);
  }
}

const std::vector<WordLog::Entry>& WordLog::entries(Seat viewer) const {
  if (viewer >= 0 && static_cast<size_t>(viewer) + 1 < words_.size())
    return words_[static_cast<size_t>(viewer)];
  return words_.back();
}

json WordLog::to_json(Seat viewer, size_t limit) const {
  const auto& all = entries(viewer);
  json list = json::array();
  for (size_t k = all.size() - std::min(limit, all.size()); k < all.size(); ++k) {
    const Entry& e = all[k];
    list.push_back({{"i", e.index},
                    {"seat", e.seat == kChance ? json("chance") : json(e.seat)},
                    {"turn", e.turn == kChance ? json(nullptr) : json(e.turn)},
                    {"text", e.text}});
  }
  return {{"total", all.size()}, {"entries", std::move(list)}};
}

}  // namespace meeple
