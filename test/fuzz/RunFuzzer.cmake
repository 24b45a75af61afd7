# Runs the ELF loader fuzzer on a fresh corpus made of the seeds (the
# corrupt objects and a valid one) for RUNS inputs from a fixed seed, so
# that a CI run is repeatable: the same inputs every time. Findings are kept
# in WORK/findings and the fuzzer's output in WORK/fuzzer.log, whose end is
# printed on failure. Longer, randomly seeded runs are for hand use
# (doc/sanitizers.md).
if(NOT RUNS)
  set(RUNS 1500000)
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/findings)
file(GLOB seeds ${SEEDS}/*.o)
file(COPY ${seeds} ${VALID} DESTINATION ${WORK}/corpus)
execute_process(
  COMMAND ${FUZZER} -seed=1 -runs=${RUNS} -rss_limit_mb=4096 -max_len=8192
          -print_final_stats=1 -artifact_prefix=${WORK}/findings/
          ${WORK}/corpus
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
  message(FATAL_ERROR "elf-loader-fuzzer found a problem (exit ${result}); "
                      "the input is in ${WORK}/findings.\n${tail}")
endif()
