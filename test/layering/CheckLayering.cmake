# CheckLayering.cmake: fails if a driver layer (cargo, metadata, mux)
# includes an LLVM or Clang header. Run by ctest as `layering`; the link-level
# check is loom_check_driver_layering() at configure time.
set(layers modules/cargo modules/metadata modules/mux)
set(violations "")
foreach(layer IN LISTS layers)
  file(GLOB_RECURSE sources ${LOOM_SOURCE_DIR}/${layer}/*.h
                            ${LOOM_SOURCE_DIR}/${layer}/*.cpp)
  foreach(source IN LISTS sources)
    file(STRINGS ${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](llvm|llvm-c|clang|LLVMSPIRVLib|spirv-tools)/")
    if(includes)
      string(APPEND violations "  ${source}: ${includes}\n")
    endif()
  endforeach()
  list(LENGTH sources count)
  if(count EQUAL 0)
    message(FATAL_ERROR "layering: no sources found under ${layer}")
  endif()
endforeach()
if(violations)
  message(FATAL_ERROR "layering: driver layers include LLVM/Clang headers:\n${violations}")
endif()
message(STATUS "layering: cargo, metadata and mux include no LLVM or Clang header")

# Targets, Vecz and the OpenCL platform reach the SDK and the driver through
# their public headers only: a quoted include is a public header (compiler/,
# metadata/, mux/, cargo/, vecz/), LLVM's, the OpenCL headers (CL/), the
# generated list of built-in targets (loom/Targets.def), or a file of the
# component's own tree (generated .inc files too).
set(components targets/csa targets/reference modules/compiler/vecz
               modules/opencl)
set(violations "")
foreach(component IN LISTS components)
  set(root ${LOOM_SOURCE_DIR}/${component})
  file(GLOB_RECURSE sources ${root}/*.h ${root}/*.cpp)
  foreach(source IN LISTS sources)
    file(STRINGS ${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(include IN LISTS includes)
      string(REGEX REPLACE ".*\"([^\"]+)\".*" "\\1" header "${include}")
      if(header MATCHES "^(compiler|metadata|mux|cargo|vecz|llvm|clang|CL)/" OR
         header STREQUAL "loom/Targets.def" OR
         header MATCHES "\\.inc$")
        continue()
      endif()
      file(GLOB_RECURSE own ${root}/*/${header} ${root}/${header})
      if(NOT own)
        string(APPEND violations "  ${source}: \"${header}\"\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations)
  message(FATAL_ERROR "layering: targets, Vecz or the OpenCL platform include what is not the SDK's public API:\n${violations}")
endif()
message(STATUS "layering: targets, Vecz and the OpenCL platform use the SDK's public headers only")

# Inside the SDK, the folders form layers (doc/overview.md, "The SDK's
# tree"): support below analysis and the builtins' index, analysis below the
# passes, and the pipeline above everything, the one folder that knows the
# order of the stages. Frontends and passes may read CompileOptions.h, where
# the options' defaults and ranges live, and nothing else of the pipeline.
set(sdk ${LOOM_SOURCE_DIR}/modules/compiler)
set(allowed_support support)
set(allowed_builtins builtins)
set(allowed_analysis support builtins analysis)
set(allowed_frontend support frontend pipeline/CompileOptions.h)
set(allowed_passes support builtins analysis passes pipeline/CompileOptions.h)
set(allowed_pipeline support builtins analysis frontend passes pipeline)
set(violations "")
foreach(folder support builtins analysis frontend passes pipeline)
  file(GLOB_RECURSE sources ${sdk}/${folder}/*.h ${sdk}/${folder}/*.cpp
                            ${sdk}/include/compiler/${folder}/*.h)
  list(LENGTH sources count)
  if(count EQUAL 0)
    message(FATAL_ERROR "layering: no sources found in the SDK's ${folder}")
  endif()
  foreach(source IN LISTS sources)
    file(STRINGS ${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(include IN LISTS includes)
      string(REGEX REPLACE ".*\"([^\"]+)\".*" "\\1" header "${include}")
      string(REGEX REPLACE "^compiler/" "" header "${header}")
      string(REGEX MATCH "^[a-z]+/" used "${header}")
      if(NOT used MATCHES "^(support|builtins|analysis|frontend|passes|pipeline)/$")
        continue() # LLVM, Clang, SPIR-V, metadata or a generated file
      endif()
      set(ok FALSE)
      foreach(permitted IN LISTS allowed_${folder})
        if(header STREQUAL permitted OR header MATCHES "^${permitted}/")
          set(ok TRUE)
        endif()
      endforeach()
      if(NOT ok)
        string(APPEND violations "  ${source} (${folder}): \"${header}\"\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations)
  message(FATAL_ERROR "layering: an SDK folder includes one above it:\n${violations}")
endif()
message(STATUS "layering: the SDK's folders include only the ones below them")
