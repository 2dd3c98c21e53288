// BotPool: the threads that think — computer seats' moves and hints.
//
// Games come before hints (issue 8: twelve level-10 hints from one player
// delayed every table's computer moves from 0.02 s to 40 s, because both
// shared one FIFO pool). So the two never share a thread or a queue:
//   * moves: `move_threads` threads, FIFO, unbounded (a table has at most
//     one computer move in flight, so the queue is at most one per table);
//   * hints: `hint_threads` threads, FIFO, at most `max_waiting_hints`
//     waiting — beyond that post_hint refuses (the API answers 429).
// A hint learns when it starts whether the bots are busy (other hints or
// computer moves are waiting); the table then thinks at a lower level, so
// load makes hints weaker, never games slower. (One outstanding hint per
// seat is the table's rule, table.h.)
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace meeple::server {

class BotPool {
 public:
  BotPool(int move_threads, int hint_threads, size_t max_waiting_hints);
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  void post_move(std::function<void()> job);
  // False (and `job` dropped) when max_waiting_hints hints already wait.
  // `job(busy)`: busy is true if other hints or any move waited as it began.
  bool post_hint(std::function<void(bool busy)> job);

  // Jobs running finish; queued ones are dropped. Idempotent.
  void stop();

 private:
  void move_loop();
  void hint_loop();

  const size_t max_waiting_hints_;
  std::mutex mu_;
  std::condition_variable moves_cv_, hints_cv_;
  std::deque<std::function<void()>> moves_;
  std::deque<std::function<void(bool)>> hints_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace meeple::server
