# Unity builds: most of compiling a short file is parsing the headers it shares with the files
# beside it, so a target's files compile in a few batches, each one translation unit.
#
# aten_unity_batches(<target> <kind> <count> <sources>...) puts each source into one of
# <count> batches named <kind>_<n>, by the first hex digit of its file name's MD5 (so <count>
# divides 16, for batches of even size): adding or removing a file recompiles its own batch
# alone, never a reshuffle of the others. Without <sources>, every source of the target; a file
# that must compile alone is then simply not passed.
function(aten_unity_batches target kind count)
  set(sources ${ARGN})
  if(NOT sources)
    get_target_property(sources ${target} SOURCES)
  endif()
  math(EXPR remainder "16 % ${count}")
  if(NOT remainder EQUAL 0)
    message(FATAL_ERROR "aten_unity_batches(${target} ${kind}): ${count} does not divide 16")
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  foreach(src IN LISTS sources)
    get_filename_component(name ${src} NAME)
    string(MD5 hash ${name})
    string(SUBSTRING ${hash} 0 1 digit)
    math(EXPR batch "0x${digit} % ${count}")
    set_source_files_properties(${src} PROPERTIES UNITY_GROUP ${kind}_${batch})
  endforeach()
endfunction()
