#pragma once
// The table of intentional divergences from libtorch (divergences.yaml): each entry names the
// overloads it covers (glob patterns), the category of disagreement, optionally the dtypes,
// argument arrangements, a fragment of the call's line (its arguments) and of the disagreement's
// text it applies to, and the reason.
// A disagreement that an entry covers is explained; any other fails the suite. The reason may
// continue on lines indented by four spaces.
//
// The text of an entry with `status: open` describes a known MiniATen bug instead: tolerated by
// the suite so that it guards everything else, and reported as open in every run.
#include "Calls.h"
#include "Compare.h"

#include <optional>
#include <string>
#include <vector>

namespace aten::conformance {

struct Divergence {
  int line = 0;
  std::vector<std::string> ops;  // globs over "name.overload" ("div*", "eq_.Scalar")
  std::string category;  // a glob over the start of a disagreement's category ("written", "*")
  std::vector<std::string> dtypes;        // any tensor argument of one of these dtypes; empty: any
  std::vector<std::string> arrangements;  // likewise for the arguments' arrangements
  std::optional<bool> meta;  // only calls on Meta tensors (true) or on CPU ones (false)
  std::string detail;        // a glob over part of the disagreement's detail; empty: any
  std::string call;  // plain text the call's line (Call::str()) contains ("dim=[]"); empty: any
  // A condition on the call's arguments that its line does not show, by name (Divergences.cpp's
  // kConditions: "tiny_groups"); empty: any.
  std::string where;
  std::string reason;
  // `status: open`: not intended but a MiniATen bug not fixed yet. It is explained (the suite
  // passes) but counted apart, so that the list of what remains to fix is this file.
  bool open = false;
};

// Reads the table; an error naming the file and line for anything malformed.
std::vector<Divergence> read_divergences(const std::string& path);

// The entry that explains d for call, or null.
const Divergence* explain(const std::vector<Divergence>& table, const Call& call,
                          const Disagreement& d);

}  // namespace aten::conformance
