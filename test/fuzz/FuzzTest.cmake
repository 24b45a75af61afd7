# loom_add_fuzz_test(NAME BINARY RUNS N SEEDS glob... [MAX_LEN n]
# [DICT file] [TIMEOUT s] [SUPPRESSIONS file]): the ctest NAME, which runs the libFuzzer binary
# BINARY over a fresh corpus of its seeds for N inputs from a fixed seed
# (RunFuzzer.cmake; LOOM_FUZZ_RUNS in the environment at configure time
# overrides N).
function(loom_add_fuzz_test test binary)
  cmake_parse_arguments(F "" "RUNS;MAX_LEN;DICT;TIMEOUT;SUPPRESSIONS" "SEEDS"
                        ${ARGN})
  if(DEFINED ENV{LOOM_FUZZ_RUNS})
    set(F_RUNS $ENV{LOOM_FUZZ_RUNS})
  endif()
  string(JOIN "|" seeds ${F_SEEDS})
  get_filename_component(name ${binary} NAME)
  add_test(NAME ${test}
    COMMAND ${CMAKE_COMMAND} -DFUZZER=${binary} "-DSEEDS=${seeds}"
            -DWORK=${CMAKE_CURRENT_BINARY_DIR}/fuzz/${name}
            -DRUNS=${F_RUNS} -DMAX_LEN=${F_MAX_LEN} -DDICT=${F_DICT}
            -DTIMEOUT=${F_TIMEOUT} -DSUPPRESSIONS=${F_SUPPRESSIONS}
            -P ${PROJECT_SOURCE_DIR}/test/fuzz/RunFuzzer.cmake)
endfunction()
