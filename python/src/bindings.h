// What the binding files of the Python module share: the wrapped types, the
// error bridge and the JSON <-> Python conversion.
//
// Every call from Python reaches the engine through a check first: a
// precondition that the C++ contract only asserts (a legal action, a valid
// seat, a tensor of the declared size) is tested here and refused with a
// meeple.Error subclass carrying the engine's message, so no Python input can
// crash the interpreter.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "core/game.h"
#include "core/status.h"

namespace meeple::python {

namespace py = pybind11;

// A failed Status, thrown across the binding and turned into the Python
// exception of its code (module.cpp registers the translator).
struct StatusError : std::runtime_error {
  explicit StatusError(Status s) : std::runtime_error(s.message()), status(std::move(s)) {}
  Status status;
};
[[noreturn]] inline void raise(Status s) {
  throw StatusError(std::move(s));
}
inline void check(const Status& s) {
  if (!s.is_ok()) raise(s);
}
template <typename T>
T take(Result<T> r) {
  if (!r.is_ok()) raise(r.status());
  return std::move(r).value();
}

// A Python int as an action id: outside 32 bits it is no id at all, and
// illegal like any other id that is not legal (legality is the caller's).
inline Action action_id(int64_t a) {
  if (a < INT32_MIN || a > INT32_MAX) {
    raise(illegal_action("action " + std::to_string(a) + " is outside the action ids"));
  }
  return static_cast<Action>(a);
}

// A configured game. Shared: every state keeps its game alive.
struct PyGame {
  std::shared_ptr<const Game> game;
};

// A state and the game that made it.
struct PyState {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;

  PyState(std::shared_ptr<const Game> g, std::unique_ptr<State> s)
      : game(std::move(g)), state(std::move(s)) {}
  PyState copy() const { return PyState(game, state->clone()); }
};

// JSON to Python (dict, list, str, int, float, bool, None).
py::object to_python(const json& j);
// Python to JSON: the same types (tuples as lists), nested at most
// kMaxDepth deep; anything else is an invalid_argument naming the path.
inline constexpr int kMaxDepth = 256;
json from_python(py::handle h);
// A document given as a dict or as JSON text (parsed with the same depth
// limit); `what` names it in errors ("state", "match log").
json document_from_python(py::handle h, const std::string& what);

// The game of a serialized game-and-state or a game description.
std::shared_ptr<const Game> load_game(const std::string& name, const json& options);

// Seat arguments: a seat of the game, or kSpectator where `spectator_ok`.
Seat checked_seat(const State& s, Seat seat, bool spectator_ok);

void bind_games(py::module_& m);
void bind_bots_and_matches(py::module_& m);
void bind_batch(py::module_& m);

}  // namespace meeple::python
