// Quotas per client address: how many tables a client may create and how
// many actions it may send per minute (issue 8: one client created 74,101
// tables in 60 s). The count of unfinished tables per address is the
// lobby's (lobby.h); this file is the rate part.
//
// A token bucket per client key: `per_minute` tokens at most, refilled
// evenly (per_minute / 60 s), so a client may burst up to the whole
// minute's allowance and then goes at the steady rate. A request that finds
// the bucket empty is refused with the seconds until a token is back.
//
// The key is the address for IPv4; for IPv6 its /64 prefix (one household
// or host gets a whole /64, so single addresses would be free to change),
// and an IPv4-mapped IPv6 address counts as its IPv4 address. Behind a
// reverse proxy every client has the proxy's address: give the limits
// accordingly (docs/api.md "Limits").
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "core/status.h"

namespace meeple::server {

// Too many requests (HTTP 429, code "too_many_requests"): a quota, a second
// hint for one seat, a full hint queue. Like 405 it is HTTP's notion rather
// than one of core's few codes, so it travels as kUnavailable with this
// prefix, which error_response (api.h) recognises.
inline constexpr std::string_view kTooManyRequests = "too many requests: ";
Status too_many_requests(const std::string& why);
bool is_too_many_requests(const Status& st);

struct QuotaLimits {
  int tables_per_minute = 10;    // POST /api/tables per address; 0: no limit
  int live_tables = 20;          // unfinished tables per address; 0: no limit
  int actions_per_minute = 600;  // actions, hints and joins per address; 0: no limit
};

// The quota key of a peer address ("127.0.0.1", "2001:db8::1", ...).
std::string client_key(const std::string& address);

class RateLimiter {
 public:
  explicit RateLimiter(int per_minute) : per_minute_(per_minute) {}
  int per_minute() const { return per_minute_; }
  // Takes one request for `key` at `now_ms`: 0 if allowed, else the whole
  // seconds to wait before one will be.
  int64_t take(const std::string& key, int64_t now_ms);
  // Forgets buckets that are full again (memory stays bounded by the
  // clients of the last minute).
  void prune(int64_t now_ms);
  size_t size() const;

 private:
  struct Bucket {
    double tokens = 0;
    int64_t at_ms = 0;
  };
  double refill(Bucket& b, int64_t now_ms) const;

  const int per_minute_;
  mutable std::mutex mu_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace meeple::server
