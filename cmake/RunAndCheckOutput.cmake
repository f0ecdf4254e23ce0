# cmake -DCOMMAND=<program> -DEXPECTED=<file> -P RunAndCheckOutput.cmake
# Runs the program; passes when it exits with 0 and every non-empty line of EXPECTED occurs in
# its output, in that order (as plain text, not a regular expression). Lines that vary from run
# to run (thread counts, CPU capability) are simply left out of EXPECTED.
foreach(var COMMAND EXPECTED)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RunAndCheckOutput.cmake: -D${var}=... is required")
  endif()
endforeach()

execute_process(COMMAND ${COMMAND}
  OUTPUT_VARIABLE output ERROR_VARIABLE output RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${COMMAND} exited with '${result}'. Its output:\n${output}")
endif()

# Walked with string(FIND) rather than as a CMake list: expected lines hold brackets and
# semicolons, which list splitting would mangle.
file(READ ${EXPECTED} expected)
set(rest "${output}")
while(NOT expected STREQUAL "")
  string(FIND "${expected}" "\n" eol)
  if(eol EQUAL -1)
    set(line "${expected}")
    set(expected "")
  else()
    string(SUBSTRING "${expected}" 0 ${eol} line)
    math(EXPR eol "${eol} + 1")
    string(SUBSTRING "${expected}" ${eol} -1 expected)
  endif()
  if(line STREQUAL "")
    continue()
  endif()
  string(FIND "${rest}" "${line}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "The output of ${COMMAND} lacks, at this point, the line\n  ${line}\n"
                        "(expected lines: ${EXPECTED}). Its output:\n${output}")
  endif()
  string(LENGTH "${line}" len)
  math(EXPR at "${at} + ${len}")
  string(SUBSTRING "${rest}" ${at} -1 rest)
endwhile()
