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

# The list comes out as every DEFAULT object, then every AVX2 one, then every AVX512 one: an
# inline function (a std:: template, say) emitted by several objects is kept by the linker
# from the first, and that copy must not use instructions the CPU may lack.
function(aten_cpu_kernel_sources out_var)
  set(default_objects "")
  set(avx2_objects "")
  set(avx512_objects "")
  foreach(src IN LISTS ARGN)
    get_filename_component(name ${src} NAME_WE)
    file(STRINGS ${src} vector_path REGEX "Vectorized|vec::|cpu/Loops\\.h|cpu/Reduce\\.h")
    if(NOT vector_path)
      set_source_files_properties(${src} PROPERTIES
        COMPILE_DEFINITIONS "CPU_CAPABILITY=DEFAULT;CPU_CAPABILITY_DEFAULT;CPU_CAPABILITY_ONE_BUILD")
      list(APPEND default_objects ${src})
      continue()
    endif()
    set_source_files_properties(${src} PROPERTIES
      COMPILE_DEFINITIONS
        "CPU_CAPABILITY=DEFAULT;CPU_CAPABILITY_DEFAULT;${_aten_skip_definitions};${_aten_copy_definitions_DEFAULT}"
      COMPILE_OPTIONS "${_aten_copy_options_DEFAULT}")
    list(APPEND default_objects ${src})
    foreach(cap IN LISTS _aten_capabilities)
      set(wrapper ${CMAKE_BINARY_DIR}/cpu_kernels/${name}.${cap}.cpp)
      # Included by its path from the source root (an include directory of every target), not
      # an absolute one: the wrappers of two checkouts are then the same file, and ccache
      # reuses the objects of one for the other.
      file(RELATIVE_PATH relative ${CMAKE_SOURCE_DIR} ${src})
      file(CONFIGURE OUTPUT ${wrapper} CONTENT "#include \"${relative}\"\n" @ONLY)
      set_source_files_properties(${wrapper} PROPERTIES
        COMPILE_DEFINITIONS "CPU_CAPABILITY=${cap};CPU_CAPABILITY_${cap};${_aten_copy_definitions_${cap}}"
        COMPILE_OPTIONS "${_aten_copy_options_${cap}}")
      string(TOLOWER ${cap} lower)
      list(APPEND ${lower}_objects ${wrapper})
    endforeach()
  endforeach()
  set(${out_var} ${default_objects} ${avx2_objects} ${avx512_objects} PARENT_SCOPE)
endfunction()
