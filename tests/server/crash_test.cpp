// Crash safety with the real binary: `meeple serve` is killed with SIGKILL
// in the middle of games and restarted on the same database. Every action
// the server acknowledged must still be there, the tables resume where
// they were, and a computer-vs-computer game goes on to a verifiable end.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "all_games/all_games.h"
#include "core/match.h"
#include "server/crypto.h"
#include "tests/server/client.h"
#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

const std::string kMeeple = MEEPLE_BINARY_DIR "/cli/meeple";

// A `meeple serve --port 0` child process; reads its port from stdout.
class ServeProcess {
 public:
  explicit ServeProcess(const std::string& db) {
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], STDOUT_FILENO);
      close(fds[0]);
      close(fds[1]);
      execl(kMeeple.c_str(), kMeeple.c_str(), "serve", "--port", "0", "--db", db.c_str(), "--web",
            MEEPLE_SOURCE_DIR "/web", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    std::string out;
    char buf[256];
    while (port_ == 0) {
      const ssize_t n = read(fds[0], buf, sizeof buf);
      if (n <= 0) break;
      out.append(buf, static_cast<size_t>(n));
      const size_t at = out.find("http://127.0.0.1:");
      if (at != std::string::npos) {
        const size_t end = out.find('/', at + 17);
        if (end != std::string::npos)
          port_ = static_cast<unsigned short>(std::stoi(out.substr(at + 17, end - at - 17)));
      }
    }
    out_fd_ = fds[0];
  }
  ~ServeProcess() {
    if (pid_ > 0) kill9();
    if (out_fd_ >= 0) close(out_fd_);
  }
  unsigned short port() const { return port_; }
  void kill9() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
  int out_fd_ = -1;
  unsigned short port_ = 0;
};

TEST(Crash, KilledServerLosesNothingAcknowledgedAndResumes) {
  if (!std::filesystem::exists(kMeeple)) GTEST_SKIP() << "no binary at " << kMeeple;
  const std::string db = temp_db_path("crash");
  json human, bots;
  std::string t0, t1;
  size_t acknowledged = 0;
  json view_before;
  {
    ServeProcess p(db);
    ASSERT_NE(p.port(), 0);
    human = post(p.port(), "/api/tables",
                 {{"game", "reversi"},
                  {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}})
                .j;
    bots = post(p.port(), "/api/tables",
                {{"game", "reversi"},
                 {"seats", json::array({{{"kind", "computer"}, {"level", 1}},
                                        {{"kind", "computer"}, {"level", 1}}})}})
               .j;
    t0 = human["tokens"][0]["token"];
    t1 = human["tokens"][1]["token"];
    const std::string path = "/api/tables/" + human["id"].get<std::string>();
    // Play moves, each acknowledged by the server, then kill it at once.
    for (int i = 0; i < 12; ++i) {
      auto s = get(p.port(), path, i % 2 == 0 ? t0 : t1);
      if (s.j["legal"].empty()) break;
      auto r = post(p.port(), path + "/actions",
                    {{"action", s.j["legal"][0]["json"]}, {"version", s.j["table"]["version"]}},
                    i % 2 == 0 ? t0 : t1);
      ASSERT_EQ(r.status, 200) << r.body;
      acknowledged = r.j["version"];
    }
    view_before = get(p.port(), path, t0).j["view"];
    p.kill9();
  }
  ServeProcess p(db);
  ASSERT_NE(p.port(), 0);
  const std::string path = "/api/tables/" + human["id"].get<std::string>();
  auto after = get(p.port(), path, t0);
  ASSERT_EQ(after.status, 200) << after.body;
  EXPECT_EQ(after.j["table"]["version"], acknowledged);
  EXPECT_EQ(after.j["view"], view_before);
  EXPECT_EQ(get(p.port(), path, t1).status, 200);  // tokens survive

  // The computer game resumes by itself and ends with a seed that checks out.
  const std::string bpath = "/api/tables/" + bots["id"].get<std::string>();
  json log;
  for (int i = 0; i < 300; ++i) {
    auto l = get(p.port(), bpath + "/log");
    if (l.status == 200) {
      log = l.j;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_FALSE(log.is_null()) << "the computer game did not resume to its end";
  EXPECT_EQ(server::sha256_hex(log["seed"].get<std::string>()), bots["table"]["seed_sha256"]);
  auto m = Match::replay(log, all_games());
  ASSERT_TRUE(m.is_ok()) << m.status().to_string();
  EXPECT_TRUE(m->state().is_terminal());

  // `meeple verify` accepts the log and rejects a tampered seed or move.
  const std::string file = db + ".log.json";
  auto verify = [&](const json& j) {
    std::ofstream(file) << j.dump();
    const int rc = std::system((kMeeple + " verify " + file + " >/dev/null 2>&1").c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  };
  EXPECT_EQ(verify(log), 0);
  json bad_seed = log;
  bad_seed["seed"] = std::to_string(std::stoull(log["seed"].get<std::string>()) ^ 1);
  EXPECT_EQ(verify(bad_seed), 1);
  json bad_move = log;
  bad_move["entries"][3]["action"] = 0;  // a1 is never legal on move 4
  EXPECT_EQ(verify(bad_move), 1);
  json from_a_start = log;  // a loaded position: a referee log, never "verified"
  from_a_start["start"] = Match::start(m->game_ptr(), 0).state().to_json();
  EXPECT_EQ(verify(from_a_start), 3);
}

}  // namespace
}  // namespace meeple::test
