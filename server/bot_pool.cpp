#include "server/bot_pool.h"

#include <algorithm>

namespace meeple::server {

BotPool::BotPool(int move_threads, int hint_threads, size_t max_waiting_hints)
    : max_waiting_hints_(max_waiting_hints) {
  for (int i = 0; i < std::max(1, move_threads); ++i)
    threads_.emplace_back([this] { move_loop(); });
  for (int i = 0; i < std::max(1, hint_threads); ++i)
    threads_.emplace_back([this] { hint_loop(); });
}

BotPool::~BotPool() {
  stop();
}

void BotPool::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    moves_.clear();
    hints_.clear();
  }
  moves_cv_.notify_all();
  hints_cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

void BotPool::post_move(std::function<void()> job) {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    moves_.push_back(std::move(job));
  }
  moves_cv_.notify_one();
}

bool BotPool::post_hint(std::function<void(bool busy)> job) {
  {
    std::lock_guard lock(mu_);
    if (stopping_ || hints_.size() >= max_waiting_hints_) return false;
    hints_.push_back(std::move(job));
  }
  hints_cv_.notify_one();
  return true;
}

void BotPool::move_loop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mu_);
      moves_cv_.wait(lock, [&] { return stopping_ || !moves_.empty(); });
      if (stopping_) return;
      job = std::move(moves_.front());
      moves_.pop_front();
    }
    job();
  }
}

void BotPool::hint_loop() {
  for (;;) {
    std::function<void(bool)> job;
    bool busy = false;
    {
      std::unique_lock lock(mu_);
      hints_cv_.wait(lock, [&] { return stopping_ || !hints_.empty(); });
      if (stopping_) return;
      job = std::move(hints_.front());
      hints_.pop_front();
      busy = !hints_.empty() || !moves_.empty();
    }
    job(busy);
  }
}

}  // namespace meeple::server
