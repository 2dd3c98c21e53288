// ConnectionLimiter: how many connections are open, over the server and per
// client IP address, so one client (or a flood) cannot take every file
// descriptor. The listener asks for a Slot for each accepted socket; the
// slot travels with the connection (HttpSession, then WebSocketSession)
// and gives the place back when the last owner drops it.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace meeple::server {

class ConnectionLimiter : public std::enable_shared_from_this<ConnectionLimiter> {
 public:
  // `max_total` and `max_per_address` > 0.
  ConnectionLimiter(size_t max_total, size_t max_per_address)
      : max_total_(max_total), max_per_address_(max_per_address) {}

  // Holds one connection's place; movable, released on destruction.
  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& o) noexcept : owner_(std::move(o.owner_)), address_(std::move(o.address_)) {}
    Slot& operator=(Slot&& o) noexcept;
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() { release(); }
    explicit operator bool() const { return owner_ != nullptr; }

   private:
    friend class ConnectionLimiter;
    void release();
    std::shared_ptr<ConnectionLimiter> owner_;
    std::string address_;
  };

  // Why a connection was refused (or kNone: it got a slot).
  enum class Refusal { kNone, kServerFull, kAddressFull };
  // A slot for a connection from `address`, or nothing and the reason.
  Slot acquire(const std::string& address, Refusal* why);

  size_t open() const;
  size_t open_from(const std::string& address) const;
  size_t max_total() const { return max_total_; }
  size_t max_per_address() const { return max_per_address_; }

 private:
  void release(const std::string& address);
  const size_t max_total_;
  const size_t max_per_address_;
  mutable std::mutex mu_;
  size_t total_ = 0;
  std::map<std::string, size_t> per_address_;
};

}  // namespace meeple::server
