# LoomTarget.cmake: build a Loom target outside Loom's tree.
#
#   loom_add_target(<name> SOURCES a.cpp b.cpp ...)
#
# Builds the target's sources (a BaseModule subclass registered with
# LOOM_TARGET_PLUGIN, see doc/writing-a-target.md) into the shared library
# lib<name>.so, linked with Loom::compiler. The installed tools load it with
# `--load=<path>/lib<name>.so`, or by themselves when it is installed in
# ${LOOM_PLUGIN_DIR} or in a directory listed in LOOM_TARGET_PATH. Tests can
# link it like any library and call its loomRegisterTargets.

function(loom_add_target name)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "loom_add_target: SOURCES is required")
  endif()
  add_library(${name} SHARED ${ARG_SOURCES})
  target_link_libraries(${name} PUBLIC Loom::compiler)
endfunction()
