# Sleef (Debian: libsleef-dev): the vectorized math functions behind Vectorized<float/double>'s
# exp, log, sin, tanh, erf, pow, ... Debian puts sleef.h in the multiarch include directory,
# which find_path searches. The vec headers include sleef.h, so whoever includes them needs the
# header and the library: aten_sleef is linked PUBLIC.
find_path(SLEEF_INCLUDE_DIR sleef.h)
find_library(SLEEF_LIBRARY sleef)
if(NOT SLEEF_INCLUDE_DIR OR NOT SLEEF_LIBRARY)
  message(FATAL_ERROR "Sleef not found: apt-get install libsleef-dev")
endif()
file(STRINGS ${SLEEF_INCLUDE_DIR}/sleef.h _sleef_major REGEX "#define SLEEF_VERSION_MAJOR")
if(NOT _sleef_major MATCHES "SLEEF_VERSION_MAJOR 3")
  message(FATAL_ERROR "Sleef 3.x needed (${SLEEF_INCLUDE_DIR}/sleef.h: ${_sleef_major})")
endif()
add_library(aten_sleef INTERFACE IMPORTED)
target_include_directories(aten_sleef SYSTEM INTERFACE ${SLEEF_INCLUDE_DIR})
target_link_libraries(aten_sleef INTERFACE ${SLEEF_LIBRARY})
