# Runs the generator at configure time, and re-runs configure (hence the generator) whenever
# native_functions.yaml, derivatives.yaml, a template or the generator changes. The generator
# rewrites only the files whose content changed, so the build then recompiles only what an edit
# touched.
find_package(Python3 REQUIRED COMPONENTS Interpreter)

set(ATEN_CODEGEN_INPUTS ${PROJECT_SOURCE_DIR}/native_functions.yaml)
# The backward formulas and the helpers they may call (tools/codegen/derivatives.py).
foreach(_f derivatives.yaml aten/autograd/FunctionsManual.h aten/autograd/SumTo.h)
  if(EXISTS ${PROJECT_SOURCE_DIR}/${_f})
    list(APPEND ATEN_CODEGEN_INPUTS ${PROJECT_SOURCE_DIR}/${_f})
  endif()
endforeach()
file(GLOB_RECURSE _codegen_py ${PROJECT_SOURCE_DIR}/tools/*.py)
file(GLOB_RECURSE _codegen_templates ${PROJECT_SOURCE_DIR}/templates/*)
list(APPEND ATEN_CODEGEN_INPUTS ${_codegen_py} ${_codegen_templates})
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${ATEN_CODEGEN_INPUTS})

execute_process(
  COMMAND ${Python3_EXECUTABLE} -m tools.codegen
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  RESULT_VARIABLE _codegen_result
  ERROR_VARIABLE _codegen_error)
if(NOT _codegen_result EQUAL 0)
  message(FATAL_ERROR "The generator failed (python3 -m tools.codegen):\n${_codegen_error}")
endif()

execute_process(
  COMMAND ${Python3_EXECUTABLE} -m tools.codegen --list
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  OUTPUT_VARIABLE _codegen_outputs
  OUTPUT_STRIP_TRAILING_WHITESPACE
  COMMAND_ERROR_IS_FATAL ANY)
string(REPLACE "\n" ";" _codegen_outputs "${_codegen_outputs}")
set(ATEN_GENERATED_SOURCES "")
set(ATEN_GENERATED_HEADERS "")
set(ATEN_PYTHON_GENERATED_SOURCES "")
foreach(_f IN LISTS _codegen_outputs)
  if(_f MATCHES "^python/")
    # The Python module's signature tables (python/CMakeLists.txt), not the library's.
    list(APPEND ATEN_PYTHON_GENERATED_SOURCES ${PROJECT_SOURCE_DIR}/generated/${_f})
  elseif(_f MATCHES "\\.cpp$")
    list(APPEND ATEN_GENERATED_SOURCES ${PROJECT_SOURCE_DIR}/generated/${_f})
  elseif(_f MATCHES "\\.h$")
    list(APPEND ATEN_GENERATED_HEADERS ${PROJECT_SOURCE_DIR}/generated/${_f})
  endif()
endforeach()
