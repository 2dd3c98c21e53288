// One line to stderr per event worth an operator's attention (a handler
// that threw, accept failing for lack of file descriptors), prefixed
// "meeple serve:". Lines from different threads never interleave.
#pragma once

#include <string_view>

namespace meeple::server {

void log_line(std::string_view message);

}  // namespace meeple::server
