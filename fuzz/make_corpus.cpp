// Writes the seed corpora of fuzz/corpus/ from real play: seeded games
// between the bots of every configuration (support/games.h all_configs()),
// their states, logs and engine sessions, plus hand-written requests for the
// server targets. Deterministic: the same code writes the same files.
//
//   build/fuzz/fuzz/fuzz_make_corpus fuzz/corpus
//
// Kept small (about a megabyte): libFuzzer finds the rest.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "ai/bot.h"
#include "core/decision.h"
#include "core/match.h"
#include "fuzz/support/games.h"
#include "server/crypto.h"

using namespace meeple;
namespace fs = std::filesystem;

namespace {

fs::path root;

void write(const std::string& target, const std::string& name, const std::string& bytes) {
  fs::create_directories(root / target);
  std::ofstream(root / target / name, std::ios::binary) << bytes;
}

std::string config_name(const fuzz::GameConfig& c) {
  std::string n = c.name;
  for (const auto& [k, v] : c.options.items())
    n += "_" + (v.is_string() ? v.get<std::string>() : v.dump());
  return n;
}

// Plays a seeded game with level-1 bots (random at odd seeds, for variety),
// calling `visit` before every step; stops after `max_steps`.
template <typename Visit>
Match play(const fuzz::GameConfig& c, uint64_t seed, int max_steps, Visit visit) {
  Match m = Match::start(c.game, seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < c.game->num_seats(); ++s) {
    auto bot = make_bot(*c.game, seed % 2 ? 0 : 1, mix64(seed, s));
    bots.push_back(std::move(*bot));
  }
  for (int step = 0; step < max_steps && !m.state().is_terminal(); ++step) {
    visit(m, step);
    if (m.state().is_chance())
      m.sample_chance();
    else if (!m.act(bots[m.state().current_player()]->choose(Decision(m.game(), m.state()))))
      break;
  }
  return m;
}

std::string header(size_t config, int prefix, uint32_t seed, bool text) {
  std::string h(8, '\0');
  h[0] = static_cast<char>(config), h[1] = static_cast<char>(prefix & 0xff);
  h[2] = static_cast<char>(prefix >> 8), h[3] = text ? 1 : 0;
  for (int i = 0; i < 4; ++i) h[4 + i] = static_cast<char>(seed >> (8 * i));
  return h;
}

void states_and_logs() {
  const auto& configs = fuzz::all_configs();
  for (size_t ci = 0; ci < configs.size(); ++ci) {
    const auto& c = configs[ci];
    const std::string cn = config_name(c);
    // The target's name has underscores where the game's has hyphens
    // (fuzz_state_from_json_king_is_dead).
    std::string state_target = "state_from_json_" + c.name;
    std::replace(state_target.begin(), state_target.end(), '-', '_');
    // state_from_json: the first state of each phase (or every 15th step).
    std::set<std::string> seen;
    int n = 0;
    const int steps = c.name == "reversi" ? 80 : 1500;
    Match m = play(c, 7 + ci, steps, [&](const Match& at, int step) {
      const json s = at.state().to_json();
      const std::string key = s.contains("phase") ? s["phase"].dump() : std::to_string(step / 15);
      if (seen.insert(key).second && n < 12)
        write(state_target, cn + "_" + std::to_string(n++) + ".json", s.dump());
    });
    write(state_target, cn + "_last.json", m.state().to_json().dump());
    // match_log: a short and a longer log, with the seed's SHA-256 that
    // `meeple verify` checks, as a finished table's log carries it.
    for (int len : {12, c.name == "reversi" ? 100 : 400}) {
      Match lm = play(c, 100 + ci, len, [](const Match&, int) {});
      json log = lm.log_json();
      log["seed_sha256"] = server::sha256_hex(log["seed"].get<std::string>());
      write("match_log", cn + "_" + std::to_string(len) + ".json", log.dump());
    }
    // decode_action: positions after 0, 30 and 150 steps; one legal
    // action's JSON and text each.
    for (int prefix : {0, 30, 150}) {
      Match dm = Match::start(c.game, prefix);
      Rng choose(mix64(prefix, 1));
      for (int i = 0; i < prefix && !dm.state().is_terminal(); ++i) {
        if (dm.state().is_chance()) {
          dm.sample_chance();
        } else {
          const auto legal = dm.state().legal_actions();
          (void)dm.act(legal[choose.below(legal.size())]);
        }
      }
      dm.resolve_chance();
      if (dm.state().is_terminal()) continue;
      const auto legal = dm.state().legal_actions();
      const Action a = legal[legal.size() / 2];
      const std::string h = header(ci, prefix, static_cast<uint32_t>(prefix), false);
      const std::string base = cn + "_" + std::to_string(prefix);
      write("decode_action", base + "_json", h + dm.state().action_to_json(a).dump());
      write("decode_action", base + "_text",
            header(ci, prefix, prefix, true) + dm.state().action_to_string(a));
      write("decode_action", base + "_id", h + std::to_string(a));
    }
    // engine_protocol: a session that plays, looks, undoes, saves and loads.
    json opts = c.options;
    std::string session =
        json{{"cmd", "new"}, {"game", c.name}, {"options", opts}, {"seed", "5"}}.dump() + "\n";
    session += R"({"cmd":"legal"})"
               "\n"
               R"({"cmd":"bot","level":1,"apply":true})"
               "\n";
    session += R"({"cmd":"bot","level":0,"apply":true,"seed":"3"})"
               "\n";
    session += R"({"cmd":"view","seat":0})"
               "\n"
               R"({"cmd":"view","seat":"spectator"})"
               "\n";
    session += R"({"cmd":"undo"})"
               "\n"
               R"({"cmd":"log"})"
               "\n"
               R"({"cmd":"state","id":7})"
               "\n";
    session += json{{"cmd", "load"},
                    {"game", c.name},
                    {"options", opts},
                    {"state", m.state().to_json()},
                    {"auto_chance", false}}
                   .dump() +
               "\n";
    session += R"({"cmd":"legal"})"
               "\n"
               R"({"cmd":"roll"})"
               "\n"
               R"({"cmd":"quit"})"
               "\n";
    write("engine_protocol", cn + ".jsonl", session);
    Match em = play(c, 3, 40, [](const Match&, int) {});
    write("engine_protocol", cn + "_replay.jsonl",
          json{{"cmd", "replay"}, {"log", em.log_json()}, {"auto_chance", false}}.dump() +
              "\n"
              R"({"cmd":"legal"})"
              "\n"
              R"({"cmd":"chance","outcome":0})"
              "\n");
  }
  write(
      "engine_protocol", "manual.jsonl",
      R"({"cmd":"list"})"
      "\n"
      R"({"cmd":"new","game":"risk","options":{"mode":"two-player-active","players":2},"auto_chance":false})"
      "\n"
      R"({"cmd":"legal"})"
      "\n"
      R"({"cmd":"chance","outcome":"die 3"})"
      "\n"
      R"({"cmd":"act","action":"claim alaska"})"
      "\n"
      "not json\n"
      R"([1,2])"
      "\n");
  // Hand-written Risk commands (games/risk/decode.cpp) at a turn's start.
  const char* risk_commands[] = {"place 5 alaska",
                                 "trade 3 17 40",
                                 "attack alaska kamchatka 3",
                                 "defend 2",
                                 "move 7",
                                 "fortify ukraine ural 7",
                                 "end",
                                 "declare GEN1",
                                 "bribe 4 green",
                                 "ally yellow",
                                 "remove 2",
                                 "die 5",
                                 "card alaska",
                                 "help"};
  for (size_t ci = 0; ci < configs.size(); ++ci)
    if (configs[ci].name == "risk")
      for (size_t i = 0; i < std::size(risk_commands); ++i)
        write("decode_action", config_name(configs[ci]) + "_cmd" + std::to_string(i),
              header(ci, 300, 1, true) + risk_commands[i]);
}

void server_requests() {
  const std::string host = "Host: 127.0.0.1\r\n";
  auto post = [&](const std::string& target, const std::string& body, const std::string& token) {
    return "POST " + target + " HTTP/1.1\r\n" + host +
           (token.empty() ? "" : "Authorization: Bearer " + token + "\r\n") +
           "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n\r\n" + body;
  };
  auto get = [&](const std::string& target) {
    return "GET " + target + " HTTP/1.1\r\n" + host + "\r\n";
  };
  int n = 0;
  auto add = [&](const std::string& req) { write("http_request", std::to_string(n++), req); };
  for (const char* t :
       {"/", "/index.html", "/app.js", "/api/health", "/api/games", "/api/tables",
        "/api/tables?status=open", "/api/tables/{TABLE}", "/api/tables/{TABLE}?token={TOKEN0}",
        "/api/tables/{RISK}", "/api/tables/{TABLE}/log", "/api/tables/{TABLE}/replay", "/nope",
        "/%2e%2e/etc/passwd", "/api/tables/%41"})
    add(get(t));
  for (const auto& c : fuzz::all_configs()) {
    json seats = json::array();
    for (int s = 0; s < c.game->num_seats(); ++s)
      seats.push_back(s == 0 ? json{{"kind", "human"}} : json{{"kind", "computer"}, {"level", 0}});
    add(post("/api/tables", json{{"game", c.name}, {"options", c.options}, {"seats", seats}}.dump(),
             ""));
  }
  add(post("/api/tables/{TABLE}/actions", R"({"action":{"move":"d3"},"version":0})", "{TOKEN0}"));
  add(post("/api/tables/{TABLE}/actions", R"({"action":"f5"})", "{TOKEN0}"));
  add(post("/api/tables/{TABLE}/actions", R"({"action":19})", "{TOKEN1}"));
  add(post("/api/tables/{TABLE}/hint", R"({"level":1})", "{TOKEN0}"));
  add(post("/api/tables/{TABLE}/join", "", ""));
  add(post("/api/tables/{RISK}/actions", R"({"action":"claim alaska"})", "{RISK_TOKEN0}"));
  add(get("/api/tables/{TABLE}") + get("/api/games"));  // pipelined, keep-alive
  add("POST /api/tables/{TABLE}/actions HTTP/1.1\r\n" + host +
      "Authorization: Bearer {TOKEN0}\r\nTransfer-Encoding: chunked\r\n\r\n"
      "a\r\n{\"action\":\r\n8\r\n\"d3\"}   \r\n0\r\n\r\n");
  add("GET /ws/tables/{TABLE}?token={TOKEN0} HTTP/1.1\r\n" + host +
      "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
  add("HEAD / HTTP/1.0\r\n\r\n");
  add("OPTIONS * HTTP/1.1\r\n" + host + "\r\n");

  auto frame = [](uint8_t op, const std::string& payload, bool fin = true) {
    std::string f;
    f += static_cast<char>((fin ? 0x80 : 0) | op);
    f += static_cast<char>(0x80 | payload.size());  // short payloads only
    const char mask[4] = {0x11, 0x22, 0x33, 0x44};
    f.append(mask, 4);
    for (size_t i = 0; i < payload.size(); ++i) f += static_cast<char>(payload[i] ^ mask[i % 4]);
    return f;
  };
  write("websocket_frames", "text", frame(1, R"({"type":"hello"})"));
  write("websocket_frames", "ping_close", frame(9, "hi") + frame(8, "\x03\xe8"));
  write("websocket_frames", "fragments", frame(1, "{\"a\":", false) + frame(0, "1}"));
  write("websocket_frames", "binary", frame(2, std::string("\x00\x01\x02", 3)));
  write("websocket_frames", "unmasked", std::string("\x81\x02hi", 4));
  write("websocket_frames", "long", std::string("\x81\xfe\x01\x00", 4) + std::string(4 + 256, 'a'));
  write("websocket_message", "auth", R"({"type":"auth","token":"{TOKEN0}"})");
  write("websocket_message", "action", R"({"action":{"move":"d3"},"version":0})");
  write("websocket_message", "text", "hello");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fuzz_make_corpus DIR (the corpus root, fuzz/corpus)\n";
    return 2;
  }
  root = argv[1];
  states_and_logs();
  server_requests();
  return 0;
}
