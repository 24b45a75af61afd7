# LoomPackage.cmake: the install layout's CMake package (doc/sdk.md).
#
#   find_package(Loom CONFIG REQUIRED)
#
# gives Loom::compiler, Loom::mux, Loom::metadata, Loom::cargo and
# Loom::loomc, loom_add_kernels() (LoomKernels.cmake) and loom_add_target()
# (LoomTarget.cmake).
include(CMakePackageConfigHelpers)

set(LOOM_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Loom)
set(LOOM_PLUGIN_DIR ${CMAKE_INSTALL_LIBDIR}/loom/targets)

install(EXPORT LoomTargets NAMESPACE Loom:: DESTINATION ${LOOM_PACKAGE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/LoomConfig.cmake.in
  ${PROJECT_BINARY_DIR}/LoomConfig.cmake
  INSTALL_DESTINATION ${LOOM_PACKAGE_DIR}
  PATH_VARS LOOM_PLUGIN_DIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/LoomConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/LoomConfig.cmake
  ${PROJECT_BINARY_DIR}/LoomConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/LoomKernels.cmake
  ${PROJECT_SOURCE_DIR}/cmake/LoomTarget.cmake
  ${PROJECT_SOURCE_DIR}/cmake/EmbedBinary.cmake
  DESTINATION ${LOOM_PACKAGE_DIR})
install(DIRECTORY DESTINATION ${LOOM_PLUGIN_DIR})
