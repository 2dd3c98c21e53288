// JSON <-> Python objects, for views, states, logs and options.
#include <cmath>
#include <string_view>

#include "core/json_depth.h"
#include "python/src/bindings.h"

namespace meeple::python {

py::object to_python(const json& j) {
  switch (j.type()) {
    case json::value_t::null:
    case json::value_t::discarded:
      return py::none();
    case json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case json::value_t::number_integer:
      return py::int_(j.get<int64_t>());
    case json::value_t::number_unsigned:
      return py::int_(j.get<uint64_t>());
    case json::value_t::number_float:
      return py::float_(j.get<double>());
    case json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case json::value_t::array: {
      py::list out(j.size());
      for (size_t i = 0; i < j.size(); ++i) out[i] = to_python(j[i]);
      return out;
    }
    case json::value_t::object: {
      py::dict out;
      for (auto it = j.begin(); it != j.end(); ++it) out[py::str(it.key())] = to_python(it.value());
      return out;
    }
    case json::value_t::binary:
      break;
  }
  raise(internal_error("a JSON value of a type Python has no form for"));
}

namespace {

// A str as UTF-8; a lone surrogate ("\udcff") has no UTF-8 form.
std::string utf8(py::handle h, const std::string& path) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(h.ptr(), &size);
  if (!data) {
    PyErr_Clear();
    raise(
        invalid_argument("at " + path + ": a string that is not valid Unicode (a lone surrogate)"));
  }
  return std::string(data, static_cast<size_t>(size));
}

json convert(py::handle h, const std::string& path, int depth) {
  if (depth > kMaxDepth) {
    raise(invalid_argument("at " + path + ": nested deeper than " + std::to_string(kMaxDepth) +
                           " levels"));
  }
  if (h.is_none()) return nullptr;
  // bool before int: Python's True is an int too.
  if (py::isinstance<py::bool_>(h)) return h.cast<bool>();
  if (py::isinstance<py::int_>(h)) {
    // Outside int64 (and not a uint64 either): an error, not a silent wrap.
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (overflow == 0) {
      if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
      return static_cast<int64_t>(v);
    }
    if (overflow > 0) {
      const unsigned long long u = PyLong_AsUnsignedLongLong(h.ptr());
      if (!PyErr_Occurred()) return static_cast<uint64_t>(u);
      PyErr_Clear();
    }
    raise(invalid_argument("at " + path + ": an integer outside the 64-bit range"));
  }
  if (py::isinstance<py::float_>(h)) {
    const double d = h.cast<double>();
    if (!std::isfinite(d)) raise(invalid_argument("at " + path + ": a number that is not finite"));
    return d;
  }
  if (py::isinstance<py::str>(h)) return utf8(h, path);
  if (py::isinstance<py::dict>(h)) {
    json out = json::object();
    for (auto item : h.cast<py::dict>()) {
      if (!py::isinstance<py::str>(item.first)) {
        raise(invalid_argument("at " + path + ": a key that is not a string (" +
                               std::string(py::str(py::type::of(item.first)).cast<std::string>()) +
                               ")"));
      }
      const std::string key = utf8(item.first, path);
      out[key] = convert(item.second, path + "/" + key, depth + 1);
    }
    return out;
  }
  if (py::isinstance<py::list>(h) || py::isinstance<py::tuple>(h)) {
    json out = json::array();
    size_t i = 0;
    for (auto item : h) out.push_back(convert(item, path + "/" + std::to_string(i++), depth + 1));
    return out;
  }
  raise(invalid_argument("at " + path +
                         ": expected None, bool, int, float, str, list or dict, got " +
                         py::str(py::type::of(h)).cast<std::string>()));
}

}  // namespace

json from_python(py::handle h) {
  return convert(h, "/", 0);
}

json document_from_python(py::handle h, const std::string& what) {
  if (py::isinstance<py::str>(h) || py::isinstance<py::bytes>(h)) {
    const std::string text = py::isinstance<py::str>(h) ? utf8(h, what) : h.cast<std::string>();
    if (json_text_deeper_than(text, kMaxDepth)) {
      raise(invalid_argument(what + ": JSON nested deeper than " + std::to_string(kMaxDepth) +
                             " levels"));
    }
    json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) raise(invalid_argument(what + ": not valid JSON text"));
    return j;
  }
  try {
    return from_python(h);
  } catch (const StatusError& e) {
    raise(Status(e.status.code(), what + " " + e.status.message()));
  }
}

}  // namespace meeple::python
