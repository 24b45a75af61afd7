# Runs the ELF loader fuzzer for SECONDS (default 20) on a fresh corpus made
# of the seeds: the corrupt objects and a valid one. Fails on any finding.
if(NOT SECONDS)
  set(SECONDS 20)
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(GLOB seeds ${SEEDS}/*.o)
file(COPY ${seeds} ${VALID} DESTINATION ${WORK})
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -rss_limit_mb=2048
          -max_len=8192 -print_final_stats=1 ${WORK}
  WORKING_DIRECTORY ${WORK}
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "elf-loader-fuzzer found a problem (exit ${result}); "
                      "the crashing input is in ${WORK}")
endif()
