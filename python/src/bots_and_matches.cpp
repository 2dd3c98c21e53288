// meeple.bot(level): the engine's computer players; meeple.Match, replay()
// and verify(): match logs made, loaded, replayed and checked from Python.
#include <pybind11/stl.h>

#include <map>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "core/decision.h"
#include "core/match.h"
#include "core/sha256.h"
#include "core/verify.h"
#include "python/src/bindings.h"

namespace meeple::python {

namespace {

// One level and seed for any game: the engine's bot for a game is made on
// first use and kept, so a Python agent calls one object for every state.
class PyBot {
 public:
  PyBot(const PyBot&) = delete;  // owns its bots; moved, never copied
  PyBot(PyBot&&) = default;
  PyBot& operator=(const PyBot&) = delete;
  PyBot& operator=(PyBot&&) = default;
  PyBot(int level, uint64_t seed) : level_(level), seed_(seed) {
    if (level < kMinLevel || level > kMaxLevel) {
      raise(invalid_argument("level " + std::to_string(level) + ": expected " +
                             std::to_string(kMinLevel) + ".." + std::to_string(kMaxLevel)));
    }
  }

  Action choose(const PyState& s, const py::object& seat) {
    const Seat to_move = s.state->current_player();
    if (to_move < 0) {
      raise(failed_precondition(s.state->is_terminal() ? "the game is over: nothing to choose"
                                                       : "a chance node: no seat decides here"));
    }
    if (!seat.is_none() && seat.cast<Seat>() != to_move) {
      raise(failed_precondition("seat " + std::to_string(seat.cast<Seat>()) +
                                " is not to move; seat " + std::to_string(to_move) + " is"));
    }
    Bot& bot = bot_for(s.game);
    // The search runs without the GIL on a private copy, so another Python
    // thread may use the state meanwhile.
    auto truth = s.state->clone();
    std::shared_ptr<const Game> game = s.game;
    Action a;
    {
      py::gil_scoped_release release;
      Decision d(*game, *truth);
      a = bot.choose(d);
    }
    return a;
  }

  std::string name(const PyState& s) { return bot_for(s.game).name(); }
  int level() const { return level_; }

 private:
  Bot& bot_for(const std::shared_ptr<const Game>& game) {
    auto it = bots_.find(game.get());
    if (it == bots_.end()) {
      auto bot = take(make_bot(*game, level_, seed_));
      it = bots_.try_emplace(game.get()).first;
      it->second.game = game;
      it->second.bot = std::move(bot);
    }
    return *it->second.bot;
  }
  struct Entry {
    std::shared_ptr<const Game> game;  // keeps the key alive
    std::unique_ptr<Bot> bot;
  };
  int level_;
  uint64_t seed_;
  std::map<const Game*, Entry> bots_;
};

// The match's log; with `commit`, the seed's SHA-256 a table publishes
// before the first move, which verify() requires.
json match_log(const Match& mt, bool commit) {
  json log = mt.log_json();
  if (commit) log["seed_sha256"] = sha256_hex(Rng::to_string(mt.seed()));
  return log;
}

py::dict verification_dict(const Verification& v) {
  py::dict out;
  out["verdict"] = verdict_name(v.verdict);
  out["message"] = v.message;
  out["entry"] = v.entry;
  return out;
}

}  // namespace

void bind_bots_and_matches(py::module_& m) {
  py::class_<PyBot>(m, "Bot", "An engine computer player of one level (0 random, 1..10).")
      .def(py::init<int, uint64_t>(), py::arg("level"), py::arg("seed") = 0)
      .def("choose", &PyBot::choose, py::arg("state"), py::arg("seat") = py::none(),
           "A legal action for the seat to move, chosen from what that seat may know (the bot "
           "never sees hidden parts of state). The GIL is released while it thinks.")
      .def("name", &PyBot::name, py::arg("state"))
      .def_property_readonly("level", &PyBot::level);
  m.def(
      "bot", [](int level, uint64_t seed) { return PyBot(level, seed); }, py::arg("level"),
      py::arg("seed") = 0, "meeple.bot(level, seed).choose(state): the engine's player.");

  py::class_<Match>(m, "Match",
                    "A match: game, seed and the ordered log of actions and chance outcomes; "
                    "every action is validated before it is applied.")
      .def(py::init([](const PyGame& g, uint64_t seed) { return Match::start(g.game, seed); }),
           py::arg("game"), py::arg("seed") = 0)
      .def_property_readonly("game", [](const Match& mt) { return PyGame{mt.game_ptr()}; })
      .def_property_readonly("seed", &Match::seed)
      .def_property_readonly(
          "seed_sha256", [](const Match& mt) { return sha256_hex(Rng::to_string(mt.seed())); },
          "SHA-256 of the seed's decimal text: published before the first move, it lets "
          "verify() call the finished log provably fair (log(commit=True) includes it).")
      .def_property_readonly(
          "state", [](const Match& mt) { return PyState(mt.game_ptr(), mt.state().clone()); },
          "A copy of the current state.")
      .def("current_player", [](const Match& mt) { return mt.state().current_player(); })
      .def("is_terminal", [](const Match& mt) { return mt.state().is_terminal(); })
      .def(
          "act", [](Match& mt, int64_t a) { check(mt.act(action_id(a))); }, py::arg("action"))
      .def(
          "act_json",
          [](Match& mt, const py::object& action) {
            return take(mt.act_json(from_python(action)));
          },
          py::arg("action"))
      .def(
          "supply_chance", [](Match& mt, Action a) { check(mt.supply_chance(a)); },
          py::arg("outcome"))
      .def("sample_chance",
           [](Match& mt) {
             if (!mt.state().is_chance()) raise(failed_precondition("not a chance node"));
             return mt.sample_chance();
           })
      .def("resolve_chance", &Match::resolve_chance,
           "Samples chance outcomes with the match's seed until a seat decides or the game ends.")
      .def("undo", [](Match& mt) { check(mt.undo()); })
      .def("__len__", [](const Match& mt) { return mt.log().size(); })
      .def(
          "log", [](const Match& mt, bool commit) { return to_python(match_log(mt, commit)); },
          py::arg("commit") = false,
          "The match log (docs/protocol.md) as a dict; commit=True adds seed_sha256, the "
          "commitment verify() requires.")
      .def(
          "log_json", [](const Match& mt, bool commit) { return match_log(mt, commit).dump(); },
          py::arg("commit") = false, "The log as JSON text.")
      .def("to_json", [](const Match& mt) { return to_python(mt.to_json()); });

  m.def(
      "replay",
      [](const py::object& log) {
        const json doc = document_from_python(log, "match log");
        py::gil_scoped_release release;
        return take(Match::replay(doc, all_games()));
      },
      py::arg("log"),
      "Rebuilds a match from its log (a dict or JSON text), checking every hash and sampled "
      "chance outcome; errors name the first bad entry.");
  m.def(
      "verify",
      [](const py::object& log) {
        const json doc = document_from_python(log, "match log");
        Verification v;
        {
          py::gil_scoped_release release;
          v = verify_log(doc, all_games());
        }
        return verification_dict(v);
      },
      py::arg("log"),
      "{'verdict': 'verified'|'referee'|'failed', 'message', 'entry'} as `meeple verify` says.");
}

}  // namespace meeple::python
