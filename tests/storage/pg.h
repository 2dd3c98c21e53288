// The PostgreSQL the storage tests use: ctest starts one per run
// (scripts/pg-test-server.sh, a fixture in tests/CMakeLists.txt) and
// passes its URL in MEEPLE_TEST_POSTGRES. Each test gets a database of its
// own, created here and dropped after, so tests may run in parallel.
// Run by hand without the variable, the PostgreSQL tests skip and say how
// to run them; under ctest the variable is always set, so a server that
// is not there fails them.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <pqxx/pqxx>
#include <string>

namespace meeple::test {

inline const char* kHowToRunPostgres =
    "MEEPLE_TEST_POSTGRES is not set: run under ctest (which starts a PostgreSQL), or "
    "`bash scripts/pg-test-server.sh start /tmp/meeple-pg` and pass the URL it prints "
    "as MEEPLE_TEST_POSTGRES";

// The server's own database, or "" when the variable is not set.
inline std::string postgres_admin_url() {
  const char* url = std::getenv("MEEPLE_TEST_POSTGRES");
  return url ? url : "";
}

// `url` with its database name replaced by `name`.
inline std::string with_database(const std::string& url, const std::string& name) {
  const size_t scheme = url.find("://");
  const size_t slash = url.find('/', scheme + 3);
  if (slash == std::string::npos) return url + "/" + name;
  const size_t end = url.find('?', slash);
  return url.substr(0, slash + 1) + name + (end == std::string::npos ? "" : url.substr(end));
}

// A fresh, empty database for the running test; its URL.
inline std::string fresh_postgres_database(const std::string& admin_url) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string name =
      "t" + std::to_string(::getpid()) + "_" +
      std::to_string(
          std::hash<std::string>{}(std::string(info->test_suite_name()) + "." + info->name()) %
          1000000007);
  pqxx::connection c(admin_url);
  pqxx::nontransaction tx(c);
  tx.exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  tx.exec("CREATE DATABASE " + name);
  return with_database(admin_url, name);
}

inline void drop_postgres_database(const std::string& admin_url, const std::string& url) {
  const size_t slash = url.find('/', url.find("://") + 3);
  const std::string name = url.substr(slash + 1, url.find('?', slash) - slash - 1);
  try {
    pqxx::connection c(admin_url);
    pqxx::nontransaction(c).exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  } catch (const std::exception&) {
    // Left for the fixture's cleanup, which removes the whole server.
  }
}

}  // namespace meeple::test
