// meeple.playouts(): many whole games in C++ from one Python call, on every
// core, without the GIL. Game i's dice and bots are seeded from (seed, i)
// alone, so the results are the same for any number of threads.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "ai/bot.h"
#include "core/chance.h"
#include "core/decision.h"
#include "core/rng.h"
#include "python/src/bindings.h"

namespace meeple::python {

namespace {

uint64_t game_seed(uint64_t seed, uint64_t i, uint64_t salt) {
  Rng mix(seed ^ (i * 0x9E3779B97F4A7C15ull) ^ salt);
  mix.next();
  return mix.next();
}

struct Outcome {
  int64_t length = 0;
  bool terminal = false;
};

// One game from `start`; returns and length written for game i.
Outcome play_one(const Game& game, const State& start, const std::vector<int>& levels,
                 uint64_t seed, uint64_t i, int64_t max_length, double* returns) {
  Rng rng(game_seed(seed, i, 0));
  std::vector<std::unique_ptr<Bot>> bots(levels.size());
  for (size_t p = 0; p < levels.size(); ++p) {
    if (levels[p] > 0) bots[p] = take(make_bot(game, levels[p], game_seed(seed, i, p + 1)));
  }
  auto state = start.clone();
  std::vector<Action> legal;
  std::vector<double> weights;
  Outcome out;
  while (!state->is_terminal() && (max_length <= 0 || out.length < max_length)) {
    const Seat p = state->current_player();
    Action a;
    if (p == kChance) {
      a = sample_chance_outcome(*state, rng, weights);
    } else if (bots[static_cast<size_t>(p)]) {
      Decision d(game, *state);
      a = bots[static_cast<size_t>(p)]->choose(d);
      if (!state->is_legal(a)) {
        raise(internal_error("bot level " + std::to_string(levels[static_cast<size_t>(p)]) +
                             " chose illegal action " + std::to_string(a)));
      }
    } else {
      state->legal_actions(legal);
      a = legal[static_cast<size_t>(rng.below(legal.size()))];
    }
    state->apply(a);
    ++out.length;
  }
  out.terminal = state->is_terminal();
  const auto r = state->returns();
  std::copy(r.begin(), r.end(), returns);
  return out;
}

py::dict playouts(const PyGame& g, int64_t n, uint64_t seed, const py::object& levels_arg,
                  int threads, int64_t max_length, const py::object& start) {
  const Game& game = *g.game;
  const int seats = game.num_seats();
  if (n < 0 || n > (int64_t{1} << 32)) raise(invalid_argument("n: expected 0..2^32 games"));
  std::vector<int> levels(static_cast<size_t>(seats), 0);
  if (!levels_arg.is_none()) {
    if (py::isinstance<py::int_>(levels_arg)) {
      std::fill(levels.begin(), levels.end(), levels_arg.cast<int>());
    } else {
      levels = levels_arg.cast<std::vector<int>>();
      if (static_cast<int>(levels.size()) != seats) {
        raise(invalid_argument("levels: expected one level per seat (" + std::to_string(seats) +
                               "), got " + std::to_string(levels.size())));
      }
    }
    for (int l : levels) {
      if (l < kMinLevel || l > kMaxLevel) {
        raise(invalid_argument("levels: " + std::to_string(l) + " is not a level 0..10"));
      }
    }
  }
  std::unique_ptr<State> first;
  if (start.is_none()) {
    first = game.new_initial_state();
  } else {
    const PyState& s = start.cast<const PyState&>();
    if (s.game.get() != &game &&
        (s.game->info().name != game.info().name || s.game->options() != game.options())) {
      raise(invalid_argument("start: a state of another game"));
    }
    first = s.state->clone();
  }
  // A game whose rules set no bound (Risk: random players may never finish)
  // stops at its practical length unless the caller says otherwise.
  if (max_length == 0 && game.metadata().max_game_length == kUnboundedLength) {
    max_length = game.metadata().practical_game_length;
  }
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = static_cast<int>(std::min<int64_t>(threads, std::max<int64_t>(n, 1)));

  py::array_t<double> returns({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(seats)});
  py::array_t<int64_t> lengths(static_cast<py::ssize_t>(n));
  py::array_t<bool> terminal(static_cast<py::ssize_t>(n));
  double* ret = returns.mutable_data();
  int64_t* len = lengths.mutable_data();
  bool* term = terminal.mutable_data();
  std::atomic<int64_t> next{0};
  std::mutex error_mutex;
  std::string error;
  {
    py::gil_scoped_release release;
    const auto work = [&] {
      for (int64_t i; (i = next.fetch_add(1)) < n;) {
        try {
          const Outcome o = play_one(game, *first, levels, seed, static_cast<uint64_t>(i),
                                     max_length, ret + i * seats);
          len[i] = o.length;
          term[i] = o.terminal;
        } catch (const std::exception& e) {
          std::lock_guard lock(error_mutex);
          if (error.empty()) error = "game " + std::to_string(i) + ": " + e.what();
          next = n;  // stop the others
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
  }
  if (!error.empty()) raise(internal_error(error));
  py::dict out;
  out["returns"] = returns;
  out["lengths"] = lengths;
  out["terminal"] = terminal;
  return out;
}

}  // namespace

void bind_batch(py::module_& m) {
  m.def("playouts", &playouts, py::arg("game"), py::arg("n"), py::arg("seed") = 0,
        py::arg("levels") = py::none(), py::arg("threads") = 0, py::arg("max_length") = 0,
        py::arg("start") = py::none(),
        "Plays n games in C++ on `threads` threads (0: every core) without the GIL and returns "
        "{'returns': float64 (n, seats), 'lengths': int64 (n,), 'terminal': bool (n,)}. "
        "levels: one bot level for every seat, or a list per seat (0, the default: uniformly "
        "random). max_length > 0 stops a game after that many actions (terminal False, returns "
        "0); 0, the default, is no limit for a bounded game and the practical_game_length of "
        "a game without a bound (Risk: random players may never finish). start: a State to play "
        "from instead of the initial position. Game i depends only "
        "on (seed, i).");
}

}  // namespace meeple::python
