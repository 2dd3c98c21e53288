// The compiled part of the Python module, meeple._meeple (python/meeple/
// __init__.py re-exports it): the exception types and the bindings of
// games.cpp, bots_and_matches.cpp and batch.cpp.
#include "python/src/bindings.h"

namespace meeple::python {
namespace {

// meeple.Error and one subclass per StatusCode, so Python code can catch
// IllegalActionError alone; each also derives from the builtin a Python
// programmer would expect (ValueError for bad input, LookupError for an
// unknown name).
struct ErrorTypes {
  py::object base, invalid, illegal, not_found, precondition, permission, data_loss, other;
};
ErrorTypes* error_types = nullptr;

py::object new_error(py::module_& m, const char* name, py::handle base1, py::handle base2,
                     const char* doc) {
  py::tuple bases = base2 ? py::make_tuple(base1, base2) : py::make_tuple(base1);
  py::object type = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      (std::string("meeple.") + name).c_str(), doc, bases.ptr(), nullptr));
  if (!type) throw py::error_already_set();
  m.attr(name) = type;
  return type;
}

}  // namespace
}  // namespace meeple::python

PYBIND11_MODULE(_meeple, m) {
  using namespace meeple;
  using namespace meeple::python;
  m.doc() = "meeple: the game engine's contract, bots, match logs and batch playouts";

  // Never destroyed: the types must outlive the interpreter's finalization
  // (a static's destructor would release them after Python is gone).
  ErrorTypes& types = *new ErrorTypes();
  types.base = new_error(m, "Error", PyExc_Exception, nullptr, "Any error the engine reports.");
  types.invalid = new_error(m, "InvalidArgumentError", types.base, PyExc_ValueError,
                            "Malformed input: wrong shape, unknown field or value.");
  types.illegal = new_error(m, "IllegalActionError", types.base, PyExc_ValueError,
                            "Well-formed, but not legal in this state.");
  types.not_found =
      new_error(m, "NotFoundError", types.base, PyExc_LookupError, "An unknown game or file.");
  types.precondition = new_error(m, "FailedPreconditionError", types.base, PyExc_RuntimeError,
                                 "The right input at the wrong moment (a chance node, game over).");
  types.permission = new_error(m, "PermissionDeniedError", types.base, nullptr, "Wrong seat.");
  types.data_loss = new_error(m, "DataLossError", types.base, PyExc_ValueError,
                              "A corrupt log or state: a hash or chance outcome does not match.");
  types.other = new_error(m, "InternalError", types.base, PyExc_RuntimeError, "An engine fault.");
  error_types = &types;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const StatusError& e) {
      py::handle type = error_types->other;
      switch (e.status.code()) {
        case StatusCode::kInvalidArgument:
          type = error_types->invalid;
          break;
        case StatusCode::kIllegalAction:
          type = error_types->illegal;
          break;
        case StatusCode::kNotFound:
          type = error_types->not_found;
          break;
        case StatusCode::kFailedPrecondition:
          type = error_types->precondition;
          break;
        case StatusCode::kPermissionDenied:
          type = error_types->permission;
          break;
        case StatusCode::kDataLoss:
          type = error_types->data_loss;
          break;
        default:
          break;
      }
      PyErr_SetString(type.ptr(), e.what());
    }
  });

  bind_games(m);
  bind_bots_and_matches(m);
  bind_batch(m);
}
