// The owner of the unit suites' precompiled header (tests/CMakeLists.txt): a target needs a
// source of its own to build one.
