#include "server/quota.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cmath>

namespace meeple::server {

Status too_many_requests(const std::string& why) {
  return unavailable(std::string(kTooManyRequests) + why);
}

bool is_too_many_requests(const Status& st) {
  return st.code() == StatusCode::kUnavailable && st.message().starts_with(kTooManyRequests);
}

std::string client_key(const std::string& address) {
  boost::system::error_code ec;
  auto a = boost::asio::ip::make_address(address, ec);
  if (ec) return address;
  if (a.is_v6()) {
    auto v6 = a.to_v6();
    if (v6.is_v4_mapped())
      return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
    auto bytes = v6.to_bytes();
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    return boost::asio::ip::address_v6(bytes).to_string() + "/64";
  }
  return a.to_string();
}

double RateLimiter::refill(Bucket& b, int64_t now_ms) const {
  const double per_ms = per_minute_ / 60000.0;
  const int64_t elapsed = std::max<int64_t>(0, now_ms - b.at_ms);
  b.tokens = std::min<double>(per_minute_, b.tokens + static_cast<double>(elapsed) * per_ms);
  b.at_ms = std::max(b.at_ms, now_ms);
  return b.tokens;
}

int64_t RateLimiter::take(const std::string& key, int64_t now_ms) {
  if (per_minute_ <= 0) return 0;
  std::lock_guard lock(mu_);
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{static_cast<double>(per_minute_), now_ms});
  Bucket& b = it->second;
  if (!fresh) refill(b, now_ms);
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return 0;
  }
  const double ms = (1.0 - b.tokens) * 60000.0 / per_minute_;
  return std::max<int64_t>(1, static_cast<int64_t>(std::ceil(ms / 1000.0)));
}

void RateLimiter::prune(int64_t now_ms) {
  std::lock_guard lock(mu_);
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    if (refill(it->second, now_ms) >= per_minute_)
      it = buckets_.erase(it);
    else
      ++it;
  }
}

size_t RateLimiter::size() const {
  std::lock_guard lock(mu_);
  return buckets_.size();
}

}  // namespace meeple::server
