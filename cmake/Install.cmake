# `cmake --install` lays out a CMake package:
#   <prefix>/include/aten/...                    hand-written and generated headers, one root
#   <prefix>/lib/libaten.a (or libaten.so.*)
#   <prefix>/include/nn/..., <prefix>/lib/libaten_nn.a   the module layer (nn/CMakeLists.txt)
#   <prefix>/lib/cmake/MiniATen/                 MiniATenConfig.cmake, its version file, targets,
#                                                MiniATenOperators.cmake (aten_add_operators)
#   <prefix>/bin/aten-codegen                    the generator, for another project's operators;
#   <prefix>/share/MiniATen/{tools,templates}/   it runs these installed copies
# so that another project writes
#   find_package(MiniATen CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE MiniATen::aten)      # or MiniATen::aten_nn for nn/
# and gets the include path, C++20, OpenMP and Sleef from the imported target, and can add
# operators of its own with aten_add_operators(app NAMESPACE my_ops YAML my_ops.yaml).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ATEN_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/MiniATen)
set(ATEN_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/MiniATen)
set(ATEN_INSTALL_CODEGEN ${CMAKE_INSTALL_BINDIR}/aten-codegen)

install(TARGETS aten EXPORT MiniATenTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  FILE_SET HEADERS DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILE_SET generated_headers DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(EXPORT MiniATenTargets
  NAMESPACE MiniATen::
  DESTINATION ${ATEN_INSTALL_CMAKEDIR})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/MiniATenConfig.cmake.in
  ${PROJECT_BINARY_DIR}/MiniATenConfig.cmake
  INSTALL_DESTINATION ${ATEN_INSTALL_CMAKEDIR}
  PATH_VARS ATEN_INSTALL_CODEGEN ATEN_INSTALL_DATADIR)
# Before 1.0 a minor release may change the API, so 0.1.x satisfies a request for 0.1 only.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/MiniATenConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
# Sleef.cmake goes along: the config finds Sleef for users with the same code the build used.
install(FILES
  ${PROJECT_BINARY_DIR}/MiniATenConfig.cmake
  ${PROJECT_BINARY_DIR}/MiniATenConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/Sleef.cmake
  ${PROJECT_SOURCE_DIR}/cmake/MiniATenOperators.cmake
  DESTINATION ${ATEN_INSTALL_CMAKEDIR})

# The generator: the Python package and templates as they are in the source tree, and a
# launcher that finds them relative to itself (so the prefix can move) and runs them with the
# Python this build used, which has Jinja2 and PyYAML.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/tools/ DESTINATION ${ATEN_INSTALL_DATADIR}/tools
  FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/templates/ DESTINATION ${ATEN_INSTALL_DATADIR}/templates)
file(RELATIVE_PATH ATEN_CODEGEN_SHARE /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${ATEN_INSTALL_DATADIR})
configure_file(${PROJECT_SOURCE_DIR}/tools/aten-codegen.in ${PROJECT_BINARY_DIR}/aten-codegen @ONLY)
install(PROGRAMS ${PROJECT_BINARY_DIR}/aten-codegen DESTINATION ${CMAKE_INSTALL_BINDIR})

