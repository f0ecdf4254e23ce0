# `cmake --install` lays out a CMake package:
#   <prefix>/include/aten/...                    hand-written and generated headers, one root
#   <prefix>/lib/libaten.a (or libaten.so.*)
#   <prefix>/lib/cmake/MiniATen/                 MiniATenConfig.cmake, its version file, targets
# so that another project writes
#   find_package(MiniATen CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE MiniATen::aten)
# and gets the include path, C++20, OpenMP and Sleef from the imported target.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ATEN_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/MiniATen)

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
  INSTALL_DESTINATION ${ATEN_INSTALL_CMAKEDIR})
# Before 1.0 a minor release may change the API, so 0.1.x satisfies a request for 0.1 only.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/MiniATenConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
# Sleef.cmake goes along: the config finds Sleef for users with the same code the build used.
install(FILES
  ${PROJECT_BINARY_DIR}/MiniATenConfig.cmake
  ${PROJECT_BINARY_DIR}/MiniATenConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/Sleef.cmake
  DESTINATION ${ATEN_INSTALL_CMAKEDIR})
