#include "server/connection_limiter.h"

namespace meeple::server {

ConnectionLimiter::Slot& ConnectionLimiter::Slot::operator=(Slot&& o) noexcept {
  if (this != &o) {
    release();
    owner_ = std::move(o.owner_);
    address_ = std::move(o.address_);
  }
  return *this;
}

void ConnectionLimiter::Slot::release() {
  if (!owner_) return;
  owner_->release(address_);
  owner_.reset();
}

ConnectionLimiter::Slot ConnectionLimiter::acquire(const std::string& address, Refusal* why) {
  Slot slot;
  std::lock_guard lock(mu_);
  if (total_ >= max_total_) {
    *why = Refusal::kServerFull;
    return slot;
  }
  size_t& mine = per_address_[address];
  if (mine >= max_per_address_) {
    if (mine == 0) per_address_.erase(address);
    *why = Refusal::kAddressFull;
    return slot;
  }
  ++mine;
  ++total_;
  *why = Refusal::kNone;
  slot.owner_ = shared_from_this();
  slot.address_ = address;
  return slot;
}

void ConnectionLimiter::release(const std::string& address) {
  std::lock_guard lock(mu_);
  --total_;
  auto it = per_address_.find(address);
  if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
}

size_t ConnectionLimiter::open() const {
  std::lock_guard lock(mu_);
  return total_;
}

size_t ConnectionLimiter::open_from(const std::string& address) const {
  std::lock_guard lock(mu_);
  auto it = per_address_.find(address);
  return it == per_address_.end() ? 0 : it->second;
}

}  // namespace meeple::server
