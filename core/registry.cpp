#include "core/registry.h"

#include <fmt/format.h>

#include "core/json_integer.h"

namespace meeple {

void Registry::add(GameInfo info, GameFactory factory) {
  const std::string name = info.name;
  games_[name] = Entry{std::move(info), std::move(factory)};
}

std::vector<const GameInfo*> Registry::list() const {
  std::vector<const GameInfo*> out;
  for (const auto& [name, entry] : games_) out.push_back(&entry.info);
  return out;
}

const GameInfo* Registry::find(const std::string& name) const {
  auto it = games_.find(name);
  return it == games_.end() ? nullptr : &it->second.info;
}

namespace {

std::string option_names(const GameInfo& info) {
  std::string names;
  for (const auto& o : info.options) names += (names.empty() ? "" : ", ") + o.name;
  return names.empty() ? "(none)" : names;
}

std::string allowed_text(const OptionSpec& spec) {
  if (!spec.allowed.empty()) {
    std::string s;
    for (const auto& v : spec.allowed) s += (s.empty() ? "" : ", ") + v.dump();
    return "one of " + s;
  }
  switch (spec.type) {
    case OptionType::kInt:
      return fmt::format("an integer from {} to {}", spec.min, spec.max);
    case OptionType::kBool:
      return "true or false";
    case OptionType::kString:
      return "a string";
  }
  return "a value";
}

}  // namespace

Result<json> Registry::normalize_options(const GameInfo& info, const json& options) {
  if (!options.is_null() && !options.is_object())
    return invalid_argument("options for " + info.name + " must be a JSON object, got " +
                            std::string(options.type_name()));
  json out = json::object();
  if (options.is_object()) {
    for (const auto& [key, value] : options.items()) {
      const OptionSpec* spec = nullptr;
      for (const auto& o : info.options)
        if (o.name == key) spec = &o;
      if (!spec)
        return invalid_argument(fmt::format("unknown option '{}' for {} (valid options: {})", key,
                                            info.name, option_names(info)));
      bool type_ok = (spec->type == OptionType::kInt && value.is_number_integer()) ||
                     (spec->type == OptionType::kBool && value.is_boolean()) ||
                     (spec->type == OptionType::kString && value.is_string());
      bool value_ok = type_ok;
      if (type_ok && !spec->allowed.empty()) {
        value_ok = false;
        for (const auto& a : spec->allowed) value_ok = value_ok || a == value;
      } else if (type_ok && spec->type == OptionType::kInt && spec->min < spec->max) {
        value_ok = json_integer(value, spec->min, spec->max).has_value();
      }
      if (!value_ok)
        return invalid_argument(fmt::format("option '{}' of {} is {}, expected {}", key, info.name,
                                            value.dump(), allowed_text(*spec)));
      out[key] = value;
    }
  }
  for (const auto& o : info.options)
    if (!out.contains(o.name)) out[o.name] = o.default_value;
  return out;
}

Result<std::shared_ptr<const Game>> Registry::create(const std::string& name,
                                                     const json& options) const {
  auto it = games_.find(name);
  if (it == games_.end()) {
    std::string names;
    for (const auto& [n, e] : games_) names += (names.empty() ? "" : ", ") + n;
    return not_found(fmt::format("unknown game '{}' (games: {})", name, names));
  }
  auto normalized = normalize_options(it->second.info, options);
  if (!normalized) return normalized.status();
  return it->second.factory(*normalized);
}

json Registry::describe(const GameInfo& info) {
  json opts = json::array();
  for (const auto& o : info.options) {
    json jo = {{"name", o.name},
               {"type", o.type == OptionType::kInt    ? "int"
                        : o.type == OptionType::kBool ? "bool"
                                                      : "string"},
               {"default", o.default_value},
               {"description", o.description}};
    if (!o.allowed.empty()) jo["allowed"] = o.allowed;
    if (o.type == OptionType::kInt && o.allowed.empty() && o.min < o.max) {
      jo["min"] = o.min;
      jo["max"] = o.max;
    }
    opts.push_back(jo);
  }
  return {{"name", info.name},
          {"title", info.title},
          {"summary", info.summary},
          {"min_seats", info.min_seats},
          {"max_seats", info.max_seats},
          {"chance", info.has_chance},
          {"hidden_information", info.has_hidden_information},
          {"options", opts}};
}

json Registry::describe_with_metadata(const GameInfo& info) const {
  json out = describe(info);
  json variants = json::array();
  const std::vector<json> wanted =
      info.variants.empty() ? std::vector<json>{json::object()} : info.variants;
  for (const json& options : wanted) {
    auto game = create(info.name, options);
    if (!game) {
      variants.push_back({{"options", options}, {"error", game.status().message()}});
      continue;
    }
    variants.push_back(
        {{"options", (*game)->options()}, {"metadata", metadata_json((*game)->metadata())}});
  }
  out["variants"] = std::move(variants);
  return out;
}

}  // namespace meeple
