#include "cli/external_bot.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

#include "cli/arena_results.h"
#include "core/json_depth.h"
#include "core/json_integer.h"

extern char** environ;

namespace meeple::cli {

namespace {

using Clock = std::chrono::steady_clock;

// A program that exits while we write to it would otherwise kill the whole
// arena with SIGPIPE; with it ignored, write() fails with EPIPE instead.
void ignore_sigpipe_once() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

std::string describe(const json& v) {
  std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
  return s.size() > 80 ? s.substr(0, 77) + "..." : s;
}

}  // namespace

Result<Action> action_from_answer(const Decision& d, const std::string& line) {
  if (json_text_deeper_than(line, 16)) {
    return invalid_argument(
        "the answer is nested deeper than 16 levels (expected {\"action\": ...})");
  }
  const json answer = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (answer.is_discarded() || !answer.is_object()) {
    return invalid_argument("the answer is not one JSON object (expected {\"action\": ...})");
  }
  const auto it = answer.find("action");
  if (it == answer.end()) return invalid_argument("the answer has no \"action\" field");
  const auto& legal = d.legal_actions();
  const json& a = *it;
  if (a.is_number()) {
    const auto id = json_integer(a, 0, INT32_MAX);
    if (!id || !d.is_legal(static_cast<Action>(*id))) {
      return illegal_action("action " + describe(a) + " is not the id of a legal action");
    }
    return static_cast<Action>(*id);
  }
  if (a.is_string()) {
    for (Action x : legal) {
      if (d.action_to_string(x) == a.get_ref<const std::string&>()) return x;
    }
    return illegal_action("action " + describe(a) + " is not the text of a legal action");
  }
  if (a.is_object()) {
    for (Action x : legal) {
      if (d.action_to_json(x) == a) return x;
    }
    return illegal_action("action " + describe(a) + " is not the JSON of a legal action");
  }
  return invalid_argument("\"action\" must be an id, a legal action's JSON or its text, got " +
                          describe(a));
}

ExternalBot::ExternalBot(std::string command, json start, std::chrono::milliseconds move_timeout)
    : command_(std::move(command)), start_(std::move(start)), move_timeout_(move_timeout) {}

ExternalBot::~ExternalBot() {
  if (started_ && !dead_) finish(json{{"cmd", "end"}});
  stop(/*graceful=*/error_.empty());
}

bool ExternalBot::spawn() {
  ignore_sigpipe_once();
  started_ = true;
  int in[2], out[2];
  // O_CLOEXEC: a program started by another arena thread must not inherit
  // these ends (it would keep our pipes open after this program exits).
  if (::pipe2(in, O_CLOEXEC) != 0) {
    error_ = std::string("cannot create a pipe: ") + std::strerror(errno);
    dead_ = true;
    return false;
  }
  if (::pipe2(out, O_CLOEXEC) != 0) {
    error_ = std::string("cannot create a pipe: ") + std::strerror(errno);
    ::close(in[0]);
    ::close(in[1]);
    dead_ = true;
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  // Its own process group, so that killing it also kills what the shell
  // started (`sh -c "python3 bot.py"` may leave python as a child of sh).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  const char* argv[] = {"/bin/sh", "-c", command_.c_str(), nullptr};
  const int rc =
      ::posix_spawn(&pid_, "/bin/sh", &actions, &attr, const_cast<char**>(argv), environ);
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  ::close(out[1]);
  to_child_ = in[1];
  from_child_ = out[0];
  if (rc != 0) {
    error_ = std::string("cannot start /bin/sh: ") + std::strerror(rc);
    pid_ = -1;
    dead_ = true;
    return false;
  }
  return send(start_);
}

bool ExternalBot::send(const json& message) {
  std::string line = message.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(to_child_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = "the program stopped reading its standard input (did it exit?)";
      dead_ = true;
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

std::optional<std::string> ExternalBot::read_line(Clock::time_point deadline) {
  for (;;) {
    const size_t eol = buffer_.find('\n');
    if (eol != std::string::npos) {
      std::string line = buffer_.substr(0, eol);
      buffer_.erase(0, eol + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > kMaxLineBytes) {
      error_ = "the program sent a line longer than " + std::to_string(kMaxLineBytes) + " bytes";
      dead_ = true;
      return std::nullopt;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      error_ =
          "no answer within the move time-out of " + std::to_string(move_timeout_.count()) + " ms";
      dead_ = true;
      return std::nullopt;
    }
    pollfd p{from_child_, POLLIN, 0};
    const int r = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left, INT32_MAX)));
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) continue;  // the deadline check above reports it
    char chunk[65536];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = "the program exited (or closed its standard output) without answering";
      dead_ = true;
      return std::nullopt;
    }
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

Action ExternalBot::choose(const Decision& d) {
  error_.clear();
  if (!started_ && !spawn()) return kInvalidAction;
  if (dead_) {
    error_ = "the program already failed";
    return kInvalidAction;
  }
  json legal = json::array();
  for (Action a : d.legal_actions()) {
    legal.push_back({{"id", a}, {"json", d.action_to_json(a)}, {"text", d.action_to_string(a)}});
  }
  const json ask = {
      {"cmd", "choose"}, {"seat", d.seat()}, {"view", d.view()}, {"legal", std::move(legal)}};
  const auto deadline = Clock::now() + move_timeout_;
  if (!send(ask)) return kInvalidAction;
  const auto line = read_line(deadline);
  if (!line) return kInvalidAction;
  auto action = action_from_answer(d, *line);
  if (!action) {
    error_ = action.status().message();
    return kInvalidAction;
  }
  return *action;
}

void ExternalBot::finish(const json& end) {
  if (!started_ || dead_) return;
  const bool told = send(end) && send(json{{"cmd", "quit"}});
  dead_ = true;  // nothing more is asked of it
  stop(told);
}

void ExternalBot::stop(bool graceful) {
  if (to_child_ >= 0) ::close(to_child_);
  to_child_ = -1;
  if (pid_ > 0) {
    // A well-behaved program exits once its input closes; give it a second.
    // One that failed (hung, garbled) is killed at once.
    const auto deadline = Clock::now() + std::chrono::seconds(graceful ? 1 : 0);
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (Clock::now() >= deadline) {
        ::kill(-pid_, SIGKILL);  // the whole group
        ::waitpid(pid_, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    pid_ = -1;
  }
  if (from_child_ >= 0) ::close(from_child_);
  from_child_ = -1;
}

}  // namespace meeple::cli
