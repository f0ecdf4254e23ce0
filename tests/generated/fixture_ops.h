#pragma once
// The test-only operators of fixture_ops.yaml (generated into the build tree).
#include <aten/ops/_test_iota.h>

namespace aten::test {
// Registers them with the Dispatcher (once); call before using them.
void register_fixture_ops();
}  // namespace aten::test
