# Each kernel file in aten/native/cpu/ with a vector path (Vectorized<T>, or the loops of
# Loops.h and Reduce.h, which the compiler vectorizes for the instruction set) is compiled once
# per CPU capability, with its own instruction-set flags and CPU_CAPABILITY naming the inline
# namespace its code lives in; the DispatchStub picks one at run time. The variants are one-line
# wrappers that #include the original, so editing the kernel rebuilds every variant. A kernel file
# with none (plain scalar loops, memcpy) is compiled once, as CPU_CAPABILITY_ONE_BUILD, and
# serves every capability.
set(ATEN_CPU_CAPABILITY_FLAGS_AVX2 -mavx2 -mfma -mf16c)
set(ATEN_CPU_CAPABILITY_FLAGS_AVX512 -mavx512f -mavx512bw -mavx512vl -mavx512dq -mavx2 -mfma -mf16c)

# Which capabilities get a kernel build beside DEFAULT. "host" (the default) compiles those the
# build machine's CPU has, the ones a build can run and test: a third of the kernel builds is
# AVX-512 code, dead on a CPU without it. "all" compiles every one, for a library that will run
# on other machines (the DispatchStub still picks the best one the running CPU has).
set(ATEN_CPU_CAPABILITIES host CACHE STRING
  "CPU capabilities with a kernel build beside DEFAULT: host, all, or a list of AVX2 and AVX512")
set(_aten_all_capabilities AVX2 AVX512)
# The build machine's capabilities, by the same test as the library's run-time choice
# (aten/cpu/Capability.cpp); the tests use them too (tests/CMakeLists.txt).
try_run(_aten_cpu_run _aten_cpu_compiled ${CMAKE_BINARY_DIR}/cpu_capabilities
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/host_cpu_capabilities.cpp
  RUN_OUTPUT_VARIABLE ATEN_HOST_CPU_CAPABILITIES)
string(STRIP "${ATEN_HOST_CPU_CAPABILITIES}" ATEN_HOST_CPU_CAPABILITIES)
if(NOT _aten_cpu_compiled OR NOT _aten_cpu_run EQUAL 0)
  set(ATEN_HOST_CPU_CAPABILITIES ${_aten_all_capabilities})
endif()
if(ATEN_CPU_CAPABILITIES STREQUAL "all")
  set(_aten_capabilities ${_aten_all_capabilities})
elseif(ATEN_CPU_CAPABILITIES STREQUAL "host")
  set(_aten_capabilities ${ATEN_HOST_CPU_CAPABILITIES})
else()
  set(_aten_capabilities ${ATEN_CPU_CAPABILITIES})
endif()
message(STATUS "CPU capabilities with a kernel build: DEFAULT;${_aten_capabilities}")
foreach(cap IN LISTS _aten_capabilities)
  if(NOT cap IN_LIST _aten_all_capabilities)
    message(FATAL_ERROR "ATEN_CPU_CAPABILITIES: unknown capability '${cap}' (AVX2, AVX512)")
  endif()
endforeach()
# A DEFAULT build empties the DispatchStub slots of the capabilities left out, so that the
# stubs link and fall back to the best capability that was built.
set(_aten_skipped_capabilities ${_aten_all_capabilities})
if(_aten_capabilities)
  list(REMOVE_ITEM _aten_skipped_capabilities ${_aten_capabilities})
endif()
list(TRANSFORM _aten_skipped_capabilities PREPEND "CPU_CAPABILITY_SKIP_"
  OUTPUT_VARIABLE _aten_skip_definitions)
# A build for this machine runs the best capability it has. The copies below it (DEFAULT, and
# AVX2 on a CPU with AVX-512) never run but under the tests' ATEN_CPU_CAPABILITY: they are
# test copies, compiled at -O1, which takes them half the time of the full optimisation, and
# with CPU_CAPABILITY_TEST_COPY, which leaves out the dtypes without vector code of their own
# (in_every_kernel_copy, aten/core/DtypeDispatch.h), a third of their compile time: the
# DispatchStub runs those dtypes in the best copy. Capability.cpp learns which copies are test
# copies. A build for other machines ("all", or a list) compiles every copy fully, as the
# code some CPU runs.
# (GCC's flow analysis at -O1 takes a lambda passed by reference for a maybe-uninitialized
# value, which -O3 does not: that warning is off for these copies.)
set(_aten_test_only_copy_options -O1 $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
set(_aten_copy_options_DEFAULT "")
foreach(cap IN LISTS _aten_capabilities)
  set(_aten_copy_options_${cap} ${ATEN_CPU_CAPABILITY_FLAGS_${cap}})
endforeach()
if(ATEN_CPU_CAPABILITIES STREQUAL "host" AND _aten_capabilities)
  set(_aten_below_best DEFAULT ${_aten_capabilities})
  list(POP_BACK _aten_below_best)
  foreach(cap IN LISTS _aten_below_best)
    list(APPEND _aten_copy_options_${cap} ${_aten_test_only_copy_options})
    set(_aten_copy_definitions_${cap} CPU_CAPABILITY_TEST_COPY)
    set_property(SOURCE ${PROJECT_SOURCE_DIR}/aten/cpu/Capability.cpp APPEND PROPERTY
      COMPILE_DEFINITIONS ATEN_CPU_TEST_COPY_${cap}=1)
  endforeach()
endif()

# aten_cpu_kernels(<target> SOURCES <file>... [LIBRARIES <lib>...] [OPTIONS <option>...]
#                  [PRECOMPILE_HEADERS <header>...])
# compiles the kernel files into <target>, each copy of them (the files without a vector path
# once, then DEFAULT, then each capability) an object library of its own: a copy's flags are
# the same for all its files, so the copy parses PRECOMPILE_HEADERS once, precompiled (GCC
# refuses a precompiled header built with other instruction-set flags, so one per copy).
# LIBRARIES give the copies their include directories and options (as target_link_libraries),
# OPTIONS come after the copy's own. The objects go into <target> in that order: an inline
# function (a std:: template, say) emitted by several objects is kept by the linker from the
# first, and that copy must not use instructions the CPU may lack. The copies' targets are
# returned in <target>_CPU_KERNEL_COPIES.
function(aten_cpu_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;LIBRARIES;OPTIONS;PRECOMPILE_HEADERS")
  set(once "")
  set(copied "")
  foreach(src IN LISTS arg_SOURCES)
    file(STRINGS ${src} vector_path REGEX "Vectorized|vec::|cpu/Loops\\.h|cpu/Reduce\\.h")
    if(vector_path)
      list(APPEND copied ${src})
    else()
      list(APPEND once ${src})
    endif()
  endforeach()

  set(copies "")
  _aten_kernel_copy(${target} ${target}_cpu_once "${once}"
    "CPU_CAPABILITY=DEFAULT;CPU_CAPABILITY_DEFAULT;CPU_CAPABILITY_ONE_BUILD" "")
  _aten_kernel_copy(${target} ${target}_cpu_DEFAULT "${copied}"
    "CPU_CAPABILITY=DEFAULT;CPU_CAPABILITY_DEFAULT;${_aten_skip_definitions};${_aten_copy_definitions_DEFAULT}"
    "${_aten_copy_options_DEFAULT}")
  foreach(cap IN LISTS _aten_capabilities)
    set(wrappers "")
    foreach(src IN LISTS copied)
      get_filename_component(name ${src} NAME_WE)
      set(wrapper ${CMAKE_CURRENT_BINARY_DIR}/cpu_kernels/${name}.${cap}.cpp)
      # Included by its path from the source root (an include directory of every target), not
      # an absolute one: the wrappers of two checkouts are then the same file, and ccache
      # reuses the objects of one for the other.
      file(RELATIVE_PATH relative ${CMAKE_SOURCE_DIR} ${src})
      file(CONFIGURE OUTPUT ${wrapper} CONTENT "#include \"${relative}\"\n" @ONLY)
      list(APPEND wrappers ${wrapper})
    endforeach()
    _aten_kernel_copy(${target} ${target}_cpu_${cap} "${wrappers}"
      "CPU_CAPABILITY=${cap};CPU_CAPABILITY_${cap};${_aten_copy_definitions_${cap}}"
      "${_aten_copy_options_${cap}}")
  endforeach()
  set(${target}_CPU_KERNEL_COPIES ${copies} PARENT_SCOPE)
endfunction()

# One copy of aten_cpu_kernels' files (which it calls with its own arguments, arg_*, in scope).
function(_aten_kernel_copy target name sources definitions options)
  if(NOT sources)
    return()
  endif()
  add_library(${name} OBJECT ${sources})
  target_link_libraries(${name} PRIVATE ${arg_LIBRARIES})
  target_compile_definitions(${name} PRIVATE ${definitions})
  target_compile_options(${name} PRIVATE ${options} ${arg_OPTIONS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(arg_PRECOMPILE_HEADERS)
    target_precompile_headers(${name} PRIVATE ${arg_PRECOMPILE_HEADERS})
    # GCC 12 drops a header's `#pragma GCC diagnostic` from a precompiled header, among them
    # the one by which the intrinsics' headers leave `__m512 __Y = __Y;` (an undefined vector,
    # on purpose) unreported: that one warning is off instead.
    target_compile_options(${name} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-init-self>)
  endif()
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:${name}>)
  set(copies ${copies} ${name} PARENT_SCOPE)
endfunction()
