// Status and Result<T>: errors as values at every boundary.
//
// Anything that comes from outside (a JSON action, a file, an HTTP request,
// a command line) is validated into a Result; inside the rules, broken
// preconditions are asserts. The codes are few on purpose: each maps onto an
// HTTP status (server/) and a protocol error code (cli/engine), so a client
// learns what kind of mistake it made as well as the message.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace meeple {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,     // malformed input: wrong JSON shape, unknown field or value (HTTP 400)
  kIllegalAction,       // well-formed but not legal in this state (HTTP 422)
  kNotFound,            // unknown game, table, file (HTTP 404)
  kFailedPrecondition,  // right input, wrong moment: chance node, game over (HTTP 409)
  kPermissionDenied,    // wrong seat or token (HTTP 403)
  kDataLoss,            // corrupt log, replay hash mismatch (HTTP 500)
  kUnavailable,         // storage failed; writes refused (HTTP 503)
  kInternal,            // a bug (HTTP 500)
};

// Stable lower-case name of a code, used in JSON errors ("illegal_action").
const char* status_code_name(StatusCode code);
// HTTP status that the server answers for a code.
int status_code_http(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status ok() { return {}; }
  bool is_ok() const { return code_ == StatusCode::kOk; }
  explicit operator bool() const { return is_ok(); }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "illegal_action: d9 is not a square (expected a1..h8)"
  std::string to_string() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

inline Status invalid_argument(std::string m) {
  return {StatusCode::kInvalidArgument, std::move(m)};
}
inline Status illegal_action(std::string m) {
  return {StatusCode::kIllegalAction, std::move(m)};
}
inline Status not_found(std::string m) {
  return {StatusCode::kNotFound, std::move(m)};
}
inline Status failed_precondition(std::string m) {
  return {StatusCode::kFailedPrecondition, std::move(m)};
}
inline Status permission_denied(std::string m) {
  return {StatusCode::kPermissionDenied, std::move(m)};
}
inline Status data_loss(std::string m) {
  return {StatusCode::kDataLoss, std::move(m)};
}
inline Status unavailable(std::string m) {
  return {StatusCode::kUnavailable, std::move(m)};
}
inline Status internal_error(std::string m) {
  return {StatusCode::kInternal, std::move(m)};
}

// A value or the Status that explains why there is none (std::expected is C++23).
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status) : v_(std::move(status)) { assert(!std::get<Status>(v_).is_ok()); }

  bool is_ok() const { return v_.index() == 0; }
  explicit operator bool() const { return is_ok(); }
  const Status& status() const {
    static const Status kOk;
    return is_ok() ? kOk : std::get<Status>(v_);
  }
  T& value() & { return std::get<T>(v_); }
  const T& value() const& { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace meeple
