// meeple.Game and meeple.State: the game contract (core/game.h) in the shape
// of OpenSpiel's pyspiel (method names, player ids as ints, tensors as NumPy
// arrays), with every precondition checked (bindings.h).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "core/metadata.h"
#include "core/rng.h"
#include "python/src/bindings.h"

namespace meeple::python {

namespace {

std::string seat_range(const State& s) {
  return "0.." + std::to_string(s.num_seats() - 1);
}

// The seat a pyspiel-style call means when none is given: the player to move.
Seat default_seat(const State& s, const py::object& seat, bool spectator_ok) {
  if (!seat.is_none()) return checked_seat(s, seat.cast<Seat>(), spectator_ok);
  const Seat p = s.current_player();
  if (p < 0) {
    raise(invalid_argument("no player is to move (" +
                           std::string(s.is_terminal() ? "the game is over" : "a chance node") +
                           "): name the seat, " + seat_range(s) +
                           (spectator_ok ? " or meeple.SPECTATOR" : "")));
  }
  return p;
}

void check_action(const State& s, Action a) {
  if (s.is_terminal()) raise(failed_precondition("the game is over: no action is legal"));
  if (!s.is_legal(a)) {
    raise(illegal_action("action " + std::to_string(a) + " is not legal here" +
                         std::string(s.is_chance() ? " (a chance node: see chance_outcomes())"
                                                   : " (see legal_actions())")));
  }
}

Action checked_action(const State& s, int64_t a) {
  const Action id = action_id(a);
  check_action(s, id);
  return id;
}

// pyspiel: the legal actions of a player who is not to move are none.
bool not_to_move(const State& s, const py::object& player) {
  if (player.is_none() || player.cast<Seat>() == s.current_player()) return false;
  checked_seat(s, player.cast<Seat>(), false);
  return true;
}

py::array_t<float> tensor(const State& s, Seat seat, const std::vector<int>& shape,
                          const py::object& out, bool information_state) {
  const auto write = [&](std::span<float> dst) {
    check(information_state ? s.information_state_tensor(seat, dst)
                            : s.observation_tensor(seat, dst));
  };
  if (!out.is_none()) {
    // The caller's buffer, written in place: no allocation per call.
    auto arr = out.cast<py::array>();
    if (!py::isinstance<py::array_t<float>>(arr) || !(arr.flags() & py::array::c_style) ||
        !arr.writeable() || arr.size() != tensor_size(shape)) {
      raise(invalid_argument("out: expected a writeable C-contiguous float32 array of " +
                             std::to_string(tensor_size(shape)) + " values"));
    }
    auto typed = py::array_t<float>::ensure(arr);
    write(std::span<float>(typed.mutable_data(), static_cast<size_t>(typed.size())));
    return typed;
  }
  // State::observation_tensor zero-fills the buffer before the game writes.
  std::vector<py::ssize_t> dims(shape.begin(), shape.end());
  py::array_t<float> result(dims);
  write(std::span<float>(result.mutable_data(), static_cast<size_t>(result.size())));
  return result;
}

std::string serialize(const PyState& s) {
  const json doc = {
      {"game", s.game->info().name}, {"options", s.game->options()}, {"state", s.state->to_json()}};
  return doc.dump();
}

PyState deserialize(const py::object& text) {
  const json doc = document_from_python(text, "serialized state");
  if (!doc.is_object() || !doc.contains("game") || !doc["game"].is_string() ||
      !doc.contains("state")) {
    raise(invalid_argument(
        "serialized state: expected {\"game\": name, \"options\": {...}, \"state\": {...}}"));
  }
  auto game = load_game(doc["game"].get<std::string>(), doc.value("options", json::object()));
  return PyState(game, take(game->state_from_json(doc["state"])));
}

py::dict metadata_dict(const Game& g) {
  json j = metadata_json(g.metadata());
  return to_python(j).cast<py::dict>();
}

}  // namespace

Seat checked_seat(const State& s, Seat seat, bool spectator_ok) {
  if (seat >= 0 && seat < s.num_seats()) return seat;
  if (spectator_ok && seat == kSpectator) return seat;
  raise(invalid_argument("seat " + std::to_string(seat) + ": expected " + seat_range(s) +
                         (spectator_ok ? " or meeple.SPECTATOR (-3)" : "")));
}

std::shared_ptr<const Game> load_game(const std::string& name, const json& options) {
  return take(all_games().create(name, options.is_null() ? json::object() : options));
}

void bind_games(py::module_& m) {
  m.attr("CHANCE") = kChance;
  m.attr("TERMINAL") = kTerminal;
  m.attr("SPECTATOR") = kSpectator;
  m.attr("INVALID_ACTION") = kInvalidAction;

  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const GameInfo* info : all_games().list()) names.push_back(info->name);
        return names;
      },
      "The names of every game of this build, sorted.");
  m.def(
      "game_info",
      [](const std::string& name) {
        const GameInfo* info = all_games().find(name);
        if (!info) raise(not_found("no game named '" + name + "'"));
        json j = all_games().describe_with_metadata(*info);
        j["levels"] = describe_levels(name);
        return to_python(j);
      },
      py::arg("name"),
      "A game's description: title, seats, options with defaults and allowed values, each "
      "listed way to play with its metadata, and its computer levels (as GET /api/games).");
  m.def(
      "load_game",
      [](const std::string& name, const py::object& options, const py::kwargs& kwargs) {
        json o = options.is_none() ? json::object() : document_from_python(options, "options");
        if (!o.is_object()) raise(invalid_argument("options: expected a dict"));
        for (auto item : kwargs) o[item.first.cast<std::string>()] = from_python(item.second);
        return PyGame{load_game(name, o)};
      },
      py::arg("name"), py::arg("options") = py::none(),
      "A configured game: load_game('risk', {'mode': 'domination', 'players': 3}) or "
      "load_game('risk', mode='domination', players=3). Unknown options and values are errors.");
  m.def("deserialize", &deserialize, py::arg("text"),
        "The state (and its game) that State.serialize() wrote.");
  m.def(
      "deserialize_game_and_state",
      [](const py::object& text) {
        PyState s = deserialize(text);
        PyGame g{s.game};
        return py::make_tuple(g, std::move(s));
      },
      py::arg("text"), "pyspiel's name: (game, state) from State.serialize().");
  m.def(
      "serialize_game_and_state", [](const PyGame&, const PyState& s) { return serialize(s); },
      py::arg("game"), py::arg("state"), "pyspiel's name for state.serialize().");

  py::class_<PyGame>(m, "Game", "A configured game (options fixed); makes and loads states.")
      .def("new_initial_state",
           [](const PyGame& g) { return PyState(g.game, g.game->new_initial_state()); })
      .def(
          "state_from_json",
          [](const PyGame& g, const py::object& doc) {
            return PyState(g.game,
                           take(g.game->state_from_json(document_from_python(doc, "state"))));
          },
          py::arg("state"), "Inverse of State.to_json() (a dict or JSON text), validated.")
      .def("num_players", [](const PyGame& g) { return g.game->num_seats(); })
      .def("num_distinct_actions", [](const PyGame& g) { return g.game->num_distinct_actions(); })
      .def(
          "max_game_length", [](const PyGame& g) { return g.game->metadata().max_game_length; },
          "The most actions a game can take, or -1 when the rules set no bound (Risk).")
      .def("max_chance_outcomes",
           [](const PyGame& g) { return g.game->metadata().max_chance_outcomes; })
      .def("min_utility", [](const PyGame& g) { return g.game->metadata().min_utility; })
      .def("max_utility", [](const PyGame& g) { return g.game->metadata().max_utility; })
      .def("utility_sum", [](const PyGame& g) { return g.game->metadata().utility_sum; })
      .def("observation_tensor_shape",
           [](const PyGame& g) { return g.game->observation_tensor_shape(); })
      .def("information_state_tensor_shape",
           [](const PyGame& g) { return g.game->information_state_tensor_shape(); })
      .def("observation_tensor_size",
           [](const PyGame& g) { return tensor_size(g.game->observation_tensor_shape()); })
      .def("information_state_tensor_size",
           [](const PyGame& g) { return tensor_size(g.game->information_state_tensor_shape()); })
      .def_property_readonly("name", [](const PyGame& g) { return g.game->info().name; })
      .def_property_readonly("title", [](const PyGame& g) { return g.game->info().title; })
      .def_property_readonly("summary", [](const PyGame& g) { return g.game->info().summary; })
      .def_property_readonly("options",
                             [](const PyGame& g) { return to_python(g.game->options()); })
      .def_property_readonly("metadata", [](const PyGame& g) { return metadata_dict(*g.game); })
      .def_property_readonly("chance_mode",
                             [](const PyGame& g) {
                               return std::string(chance_mode_name(g.game->metadata().chance_mode));
                             })
      .def_property_readonly("information",
                             [](const PyGame& g) {
                               return std::string(information_name(g.game->metadata().information));
                             })
      .def_property_readonly(
          "utility",
          [](const PyGame& g) { return std::string(utility_name(g.game->metadata().utility)); })
      .def_property_readonly("has_chance",
                             [](const PyGame& g) { return g.game->info().has_chance; })
      .def_property_readonly("has_hidden_information",
                             [](const PyGame& g) { return g.game->info().has_hidden_information; })
      .def_property_readonly(
          "practical_game_length",
          [](const PyGame& g) { return g.game->metadata().practical_game_length; })
      .def_property_readonly("teams", [](const PyGame& g) { return g.game->metadata().teams; })
      .def_property_readonly("seat_names",
                             [](const PyGame& g) { return g.game->metadata().seat_names; })
      .def("__repr__",
           [](const PyGame& g) {
             return "<meeple.Game " + g.game->info().name + " " + g.game->options().dump() + ">";
           })
      .def("__str__",
           [](const PyGame& g) { return g.game->info().name + g.game->options().dump(); })
      .def(py::pickle(
          [](const PyGame& g) {
            return py::make_tuple(g.game->info().name, g.game->options().dump());
          },
          [](const py::tuple& t) {
            if (t.size() != 2) raise(invalid_argument("pickled game: expected (name, options)"));
            return PyGame{
                load_game(t[0].cast<std::string>(), document_from_python(t[1], "options"))};
          }));

  py::class_<PyState>(m, "State", "A position of a game, hidden parts included.")
      .def(
          "current_player", [](const PyState& s) { return s.state->current_player(); },
          "A seat, meeple.CHANCE (-1) or meeple.TERMINAL (-2).")
      .def(
          "turn_seat", [](const PyState& s) { return s.state->turn_seat(); },
          "The seat whose turn this is (differs from current_player while a Risk defender "
          "answers).")
      .def("num_players", [](const PyState& s) { return s.state->num_seats(); })
      .def("num_distinct_actions", [](const PyState& s) { return s.state->num_distinct_actions(); })
      .def("get_game", [](const PyState& s) { return PyGame{s.game}; })
      .def("is_terminal", [](const PyState& s) { return s.state->is_terminal(); })
      .def("is_chance_node", [](const PyState& s) { return s.state->is_chance(); })
      .def("is_player_node", [](const PyState& s) { return s.state->current_player() >= 0; })
      .def(
          "legal_actions",
          [](const PyState& s, const py::object& player) {
            if (not_to_move(*s.state, player)) return std::vector<Action>{};
            return s.state->legal_actions();
          },
          py::arg("player") = py::none(),
          "Legal ids, ascending; at a chance node the outcomes; empty at the end.")
      .def(
          "legal_actions_mask",
          [](const PyState& s, const py::object& player) {
            py::array_t<uint8_t> out(s.state->num_distinct_actions());
            std::fill(out.mutable_data(), out.mutable_data() + out.size(), uint8_t{0});
            if (not_to_move(*s.state, player)) return out;
            for (Action a : s.state->legal_actions()) out.mutable_data()[a] = 1;
            return out;
          },
          py::arg("player") = py::none(), "A uint8 array of num_distinct_actions(): 1 where legal.")
      .def(
          "is_legal",
          [](const PyState& s, int64_t a) {
            return a >= INT32_MIN && a <= INT32_MAX && s.state->is_legal(static_cast<Action>(a));
          },
          py::arg("action"))
      .def(
          "apply_action",
          [](PyState& s, int64_t a) { s.state->apply(checked_action(*s.state, a)); },
          py::arg("action"),
          "Applies a legal action or chance outcome; anything else raises IllegalActionError and "
          "changes nothing.")
      .def(
          "decode_action",
          [](const PyState& s, const py::object& action) {
            return take(s.state->decode_action(from_python(action)));
          },
          py::arg("action"),
          "The ids a client's action stands for: a dict ({'move': 'd3'}), a text command "
          "('attack alaska kamchatka 3') or an id.")
      .def(
          "apply_json",
          [](PyState& s, const py::object& action) {
            const auto ids = take(s.state->decode_action(from_python(action)));
            // decode_action promises each id legal after the previous ones:
            // applied on a copy, committed whole.
            auto next = s.state->clone();
            for (Action a : ids) {
              check_action(*next, a);
              next->apply(a);
            }
            s.state = std::move(next);
            return ids;
          },
          py::arg("action"), "Decodes an action as decode_action() does and applies all its ids.")
      .def(
          "chance_outcomes",
          [](const PyState& s) {
            std::vector<std::pair<Action, double>> out;
            for (const ChanceOutcome& o : s.state->chance_outcomes())
              out.emplace_back(o.action, o.probability);
            return out;
          },
          "[(outcome, probability)] at a chance node, else [].")
      .def("chance_description", [](const PyState& s) { return s.state->chance_description(); })
      .def(
          "returns", [](const PyState& s) { return s.state->returns(); },
          "Per seat at the end: 1 win, 0 draw, -1 loss (team games: the team's); zeros before.")
      .def("rewards",
           [](const PyState& s) {
             // Rewards come only at the end in every meeple game.
             return s.state->is_terminal() ? s.state->returns()
                                           : std::vector<double>(s.state->num_seats(), 0.0);
           })
      .def("scores", [](const PyState& s) { return to_python(s.state->scores()); })
      .def("clone", &PyState::copy)
      .def("__copy__", &PyState::copy)
      .def("__deepcopy__", [](const PyState& s, const py::dict&) { return s.copy(); })
      .def(
          "action_to_string",
          [](const PyState& s, int64_t a, const py::object& action) {
            // action_to_string(a) or pyspiel's action_to_string(player, a).
            const int64_t id = action.is_none() ? a : action.cast<int64_t>();
            return s.state->action_to_string(checked_action(*s.state, id));
          },
          py::arg("action"), py::arg("action_if_player_given") = py::none(),
          "Short text of a legal action of this state ('d3', 'attack alaska->kamchatka 3 dice').")
      .def(
          "action_to_json",
          [](const PyState& s, int64_t a) {
            return to_python(s.state->action_to_json(checked_action(*s.state, a)));
          },
          py::arg("action"))
      .def(
          "observation_string",
          [](const PyState& s, const py::object& seat) {
            return s.state->observation_string(default_seat(*s.state, seat, true));
          },
          py::arg("player") = py::none())
      .def(
          "information_state_string",
          [](const PyState& s, const py::object& seat) {
            return s.state->information_state_string(default_seat(*s.state, seat, true));
          },
          py::arg("player") = py::none())
      .def(
          "observation_tensor",
          [](const PyState& s, const py::object& seat, const py::object& out) {
            return tensor(*s.state, default_seat(*s.state, seat, true),
                          s.state->observation_tensor_shape(), out, false);
          },
          py::arg("player") = py::none(), py::arg("out") = py::none(),
          "A float32 array of the game's observation_tensor_shape(); with out=, written into "
          "that array instead.")
      .def(
          "information_state_tensor",
          [](const PyState& s, const py::object& seat, const py::object& out) {
            return tensor(*s.state, default_seat(*s.state, seat, true),
                          s.state->information_state_tensor_shape(), out, true);
          },
          py::arg("player") = py::none(), py::arg("out") = py::none())
      .def(
          "view",
          [](const PyState& s, Seat seat) {
            return to_python(s.state->view(checked_seat(*s.state, seat, true)));
          },
          py::arg("seat"), "What the seat (or meeple.SPECTATOR) may know, as a dict.")
      .def(
          "to_json", [](const PyState& s) { return to_python(s.state->to_json()); },
          "The full state, hidden parts included, as a dict (Game.state_from_json reads it).")
      .def(
          "determinize",
          [](const PyState& s, Seat seat, uint64_t seed) {
            Rng rng(seed);
            return PyState(s.game, s.state->determinize(checked_seat(*s.state, seat, true), rng));
          },
          py::arg("seat"), py::arg("seed"),
          "A full state consistent with view(seat), what the seat cannot see redrawn from seed.")
      .def("serialize", &serialize, "JSON text with the game, its options and the full state.")
      .def("hash", [](const PyState& s) { return s.state->hash(); })
      .def(
          "seat_name",
          [](const PyState& s, Seat seat) {
            return s.state->seat_name(checked_seat(*s.state, seat, false));
          },
          py::arg("seat"))
      .def(
          "to_text",
          [](const PyState& s, Seat seat) {
            return s.state->to_text(checked_seat(*s.state, seat, true));
          },
          py::arg("seat") = kSpectator)
      .def("__str__", [](const PyState& s) { return s.state->to_text(kSpectator); })
      .def("__repr__",
           [](const PyState& s) {
             return "<meeple.State " + s.game->info().name + " player " +
                    std::to_string(s.state->current_player()) + ">";
           })
      .def(py::pickle([](const PyState& s) { return serialize(s); },
                      [](const std::string& text) { return deserialize(py::str(text)); }));
}

}  // namespace meeple::python
