// The write path both storage back ends share (server/storage_sqlite.*,
// server/storage_postgres.*): callers submit jobs from any thread; one writer
// thread takes everything queued so far as a batch and hands it to the back
// end, which runs the batch in one transaction (group commit: one fsync for
// many actions) with each job in its own savepoint. Only after the COMMIT
// are the callers told, in submission order; a failed COMMIT fails the
// storage for good, so nothing later is acknowledged on top of a lost write.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/status.h"
#include "server/log.h"
#include "server/storage.h"

namespace meeple::server {

template <class Job>
class GroupCommitWriter {
 public:
  // Runs `jobs` in one transaction: sets results[i] to each job's own
  // outcome (a failed job is rolled back to its savepoint, the others stay)
  // and returns the COMMIT's status.
  using RunBatch = std::function<Status(std::vector<Job>& jobs, std::vector<Status>& results)>;

  explicit GroupCommitWriter(RunBatch run) : run_(std::move(run)) {}
  ~GroupCommitWriter() { stop(); }
  GroupCommitWriter(const GroupCommitWriter&) = delete;
  GroupCommitWriter& operator=(const GroupCommitWriter&) = delete;

  void start() {
    std::lock_guard lock(mu_);
    if (writer_.joinable()) return;
    stopping_ = false;
    writer_ = std::thread([this] { loop(); });
  }

  // Writes what is queued, then ends the writer thread.
  void stop() {
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    if (writer_.joinable()) writer_.join();
  }

  bool failed() const {
    std::lock_guard lock(mu_);
    return failed_;
  }

  std::string failure() const {
    std::lock_guard lock(mu_);
    return failure_;
  }

  // Queues `job`; `done` hears its outcome once the batch has committed, or
  // at once if the storage has failed or is stopping.
  void submit(Job job, Storage::Done done) {
    {
      std::lock_guard lock(mu_);
      if (!failed_ && !stopping_) {
        jobs_.push_back(std::move(job));
        dones_.push_back(std::move(done));
        cv_.notify_one();
        return;
      }
    }
    done(unavailable("storage has failed or is shutting down; writes are refused"));
  }

 private:
  void loop() {
    for (;;) {
      std::vector<Job> jobs;
      std::vector<Storage::Done> dones;
      {
        std::unique_lock lock(mu_);
        cv_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping, nothing left
        jobs.swap(jobs_);
        dones.swap(dones_);
      }
      std::vector<Status> results(jobs.size());
      Status commit = run_(jobs, results);
      if (!commit) {
        std::lock_guard lock(mu_);
        failed_ = true;
        failure_ = commit.message();
      }
      // A callback that throws must not end the writer (and with it the
      // process): the others still hear their outcome.
      for (size_t i = 0; i < dones.size(); ++i) {
        try {
          dones[i](commit ? results[i] : commit);
        } catch (const std::exception& e) {
          log_line(std::string("a storage callback failed: ") + e.what());
        }
      }
    }
  }

  RunBatch run_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Job> jobs_;
  std::vector<Storage::Done> dones_;
  bool stopping_ = false;
  bool failed_ = false;
  std::string failure_;
  std::thread writer_;
};

}  // namespace meeple::server
