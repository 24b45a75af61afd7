# Runs a fuzzer on a fresh corpus made of its seeds (the files matching the
# SEEDS globs) for RUNS inputs from a fixed seed, so that a CI run is
# repeatable: the same inputs every time. Findings are kept in WORK/findings
# and the fuzzer's output in WORK/fuzzer.log, whose end is printed on
# failure. Longer, randomly seeded runs are for hand use
# (doc/sanitizers.md). MAX_LEN bounds an input's size (8192 by default);
# DICT names a dictionary of the format's words, if there is one; TIMEOUT
# (seconds) is how long one input may take before it counts as a hang;
# SUPPRESSIONS names LeakSanitizer suppressions for leaks that are not the
# code under test's.
if(NOT RUNS)
  message(FATAL_ERROR "RunFuzzer.cmake needs RUNS")
endif()
if(NOT MAX_LEN)
  set(MAX_LEN 8192)
endif()
set(timeout "")
if(TIMEOUT)
  set(timeout -timeout=${TIMEOUT})
endif()
set(dictionary "")
if(DICT)
  set(dictionary -dict=${DICT})
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/findings)
string(REPLACE "|" ";" globs "${SEEDS}")
file(GLOB seeds ${globs})
if(NOT seeds)
  message(FATAL_ERROR "no seed matches ${SEEDS}")
endif()
file(COPY ${seeds} DESTINATION ${WORK}/corpus)
set(environment "")
if(SUPPRESSIONS)
  set(environment ${CMAKE_COMMAND} -E env LSAN_OPTIONS=suppressions=${SUPPRESSIONS})
endif()
execute_process(
  COMMAND ${environment} ${FUZZER} -seed=1 -runs=${RUNS} -rss_limit_mb=4096
          -max_len=${MAX_LEN} -print_final_stats=1 ${dictionary} ${timeout}
          -artifact_prefix=${WORK}/findings/ ${WORK}/corpus
  WORKING_DIRECTORY ${WORK}
  OUTPUT_FILE ${WORK}/fuzzer.log
  ERROR_FILE ${WORK}/fuzzer.log
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(STRINGS ${WORK}/fuzzer.log lines)
  list(LENGTH lines count)
  math(EXPR first "${count} - 40")
  if(first LESS 0)
    set(first 0)
  endif()
  list(SUBLIST lines ${first} 40 tail)
  string(JOIN "\n" tail ${tail})
  get_filename_component(name ${FUZZER} NAME)
  message(FATAL_ERROR "${name} found a problem (exit ${result}); "
                      "the input is in ${WORK}/findings.\n${tail}")
endif()
