# The `install` tests: install this build into a fresh prefix, build a separate project against
# it (examples/consumer/: find_package(MiniATen) + MiniATen::aten; examples/extension/: also
# aten_add_operators, which runs the installed aten-codegen), run its PROGRAM and check the
# output against CONSUMER_DIR/PROGRAM.expected. tests/CMakeLists.txt passes the variables below.
foreach(var PROJECT_DIR BUILD_DIR CONSUMER_DIR PROGRAM WORK_DIR GENERATOR CXX_COMPILER VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "InstallAndConsume.cmake: -D${var}=... is required")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result}):\n  ${ARGN}\n${out}")
  endif()
endfunction()

set(prefix ${WORK_DIR}/prefix)
set(config_args "")
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()
file(REMOVE_RECURSE ${WORK_DIR})
run("Installing" ${CMAKE_COMMAND} --install ${BUILD_DIR} ${config_args} --prefix ${prefix})

# One include root for hand-written and generated headers, and nothing but headers in it; the
# generator with its templates.
foreach(f include/aten/ATen.h include/aten/core/Tensor.h include/aten/Functions.h
          include/aten/ops/add.h lib/cmake/MiniATen/MiniATenConfig.cmake
          lib/cmake/MiniATen/MiniATenConfigVersion.cmake lib/cmake/MiniATen/MiniATenTargets.cmake
          lib/cmake/MiniATen/MiniATenOperators.cmake bin/aten-codegen
          share/MiniATen/tools/codegen/cli.py share/MiniATen/templates/ops.h.j2)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "The install lacks ${f}")
  endif()
endforeach()
file(GLOB_RECURSE not_headers LIST_DIRECTORIES false ${prefix}/include/*)
list(FILTER not_headers EXCLUDE REGEX "\\.h$")
if(not_headers)
  message(FATAL_ERROR "Installed next to the headers: ${not_headers}")
endif()
# The package must not point back into the source or build tree (it would break once either
# moves or is deleted). The prefix itself lives in the build tree, so it is removed first.
file(GLOB package_files ${prefix}/lib/cmake/MiniATen/*.cmake ${prefix}/bin/aten-codegen)
foreach(f IN LISTS package_files)
  file(READ ${f} text)
  string(REPLACE "${prefix}" "" text "${text}")
  foreach(tree ${PROJECT_DIR} ${BUILD_DIR})
    string(FIND "${text}" "${tree}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${f} refers to ${tree}")
    endif()
  endforeach()
endforeach()

# The same compiler and flags as this build (a sanitizer build's library needs a sanitizer
# consumer to link), and warnings as errors: the installed and generated headers must compile
# cleanly in a user's -Wall -Wextra build.
run("Configuring the consumer" ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build
  -G ${GENERATOR} -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM} -DCMAKE_BUILD_TYPE=${CONFIG}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS} -Wall -Wextra -Werror"
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON)
run("Building the consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/build ${config_args})

set(COMMAND ${WORK_DIR}/build/${PROGRAM})
set(EXPECTED ${CONSUMER_DIR}/${PROGRAM}.expected)
include(${PROJECT_DIR}/cmake/RunAndCheckOutput.cmake)
if(PROGRAM STREQUAL "consumer")
  string(FIND "${output}" "MiniATen ${VERSION}," at)
  if(at EQUAL -1)
    message(FATAL_ERROR "The consumer did not report MiniATen ${VERSION}:\n${output}")
  endif()
endif()
message(STATUS "Installed into ${prefix}, built and ran ${COMMAND}:\n${output}")
