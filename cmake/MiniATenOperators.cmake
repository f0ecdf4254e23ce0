# aten_add_operators(<target> NAMESPACE <ns> YAML <file> [KERNELS <source>...])
#
# Adds the operators of a project's own YAML (the language of MiniATen's native_functions.yaml)
# to <target>: runs the installed generator, aten-codegen, at configure time (again whenever
# the YAML changes), adds the generated sources to <target> and their directory to its include
# path, and links it to MiniATen::aten. The operators become <ns>::<op>(...) in C++ and
# "<ns>::<op>" in aten's Dispatcher, into which they register when the program (or shared
# library) holding <target> is loaded. <target> is an executable, a shared or module library,
# or a static library; for a static one the registration goes to every program that links it,
# since a linker drops an object nothing refers to.
#
# KERNELS lists the sources that include <aten/cpu/Loops.h>: they are compiled once, for the
# baseline CPU (MiniATen's own kernels are built once per instruction set and picked at run
# time through a DispatchStub; an extension's are not).
#
# Installed with MiniATen and included by MiniATenConfig.cmake, which sets MiniATen_CODEGEN (the
# generator) and MiniATen_DATADIR (its Python package and templates).
function(aten_add_operators target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "NAMESPACE;YAML" "KERNELS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "aten_add_operators: unexpected arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  foreach(required NAMESPACE YAML)
    if(NOT arg_${required})
      message(FATAL_ERROR "aten_add_operators(${target} ...): ${required} is required")
    endif()
  endforeach()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "aten_add_operators: ${target} is not a target (add_executable/add_library first)")
  endif()
  if(NOT MiniATen_CODEGEN)
    message(FATAL_ERROR "aten_add_operators: call find_package(MiniATen) first")
  endif()

  get_filename_component(yaml ${arg_YAML} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target}_operators)
  set(codegen ${MiniATen_CODEGEN} --namespace ${arg_NAMESPACE} --yaml ${yaml} --out ${out})
  # Regenerated when the YAML changes, or an installed generator or template does.
  file(GLOB_RECURSE generator LIST_DIRECTORIES false ${MiniATen_DATADIR}/tools/*.py
       ${MiniATen_DATADIR}/templates/*.j2)
  set_property(DIRECTORY APPEND PROPERTY
    CMAKE_CONFIGURE_DEPENDS ${yaml} ${MiniATen_CODEGEN} ${generator})
  execute_process(COMMAND ${codegen} RESULT_VARIABLE result ERROR_VARIABLE error)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "aten-codegen failed on ${arg_YAML}:\n${error}")
  endif()
  execute_process(COMMAND ${codegen} --list
    OUTPUT_VARIABLE files OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  string(REPLACE "\n" ";" files "${files}")

  set(sources "")
  set(registration "")
  foreach(f IN LISTS files)
    if(f MATCHES "/register/Registration\\.cpp$")
      set(registration ${out}/${f})
    elseif(f MATCHES "\\.cpp$")
      list(APPEND sources ${out}/${f})
    endif()
  endforeach()

  target_sources(${target} PRIVATE ${sources})
  target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${out}>)
  target_link_libraries(${target} PUBLIC MiniATen::aten)
  if(arg_KERNELS)
    set_source_files_properties(${arg_KERNELS} TARGET_DIRECTORY ${target} PROPERTIES
      COMPILE_DEFINITIONS "CPU_CAPABILITY=DEFAULT;CPU_CAPABILITY_DEFAULT")
  endif()

  # The static registrar: compiled into the target itself, unless the target is a static
  # library, whose consumers then link its object directly (the linker keeps every object file
  # it is given, but only the archive members something refers to).
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "STATIC_LIBRARY")
    add_library(${target}_registration OBJECT ${registration})
    target_link_libraries(${target}_registration PRIVATE MiniATen::aten)
    target_link_libraries(${target} INTERFACE $<TARGET_OBJECTS:${target}_registration>)
    add_dependencies(${target} ${target}_registration)
  else()
    target_sources(${target} PRIVATE ${registration})
  endif()
endfunction()
