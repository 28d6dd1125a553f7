# The layers of docs/architecture.md, checked on the #include lines of the source tree:
#
#     engine      support
#        \        /    |
#       trace  puzzles  flatzinc  xcsp3   (each on the engine and support, not on each other)
#            \    |    |     /
#               cli                    (the prune command, on all of them)
#
# parallel (threads: one problem on several cores) is on the engine only; puzzles,
# flatzinc and cli may use it, the engine starts no thread itself.
# engine and support include nothing of the project but themselves (support does not
# even use the engine); examples/ and bench/ use the engine only, except examples/web/,
# whose page shows a run in the trace viewer: it uses the tracer that writes the trace
# (trace/, on support/). An include of a higher layer, or one that names no file of the
# tree, is reported as
# FILE:LINE: LAYER must not include ... and fails the check.
#
#   cmake -DROOT=<source directory> -P tests/layering/check_layers.cmake
cmake_minimum_required(VERSION 3.20)
if(NOT DEFINED ROOT)
  message(FATAL_ERROR "check_layers.cmake: give the source directory, -DROOT=...")
endif()

set(allowed_engine engine)
set(allowed_support support)
set(allowed_parallel engine parallel)
set(allowed_trace engine support trace)
set(allowed_puzzles engine support parallel puzzles)
set(allowed_flatzinc engine support parallel flatzinc)
set(allowed_xcsp3 engine support xcsp3)
set(allowed_cli engine support parallel trace puzzles flatzinc xcsp3 cli)
set(allowed_mpi engine support parallel puzzles flatzinc mpi)  # prune-mpi
set(allowed_examples engine examples)
set(allowed_examples_web engine support trace examples)  # examples/web/
set(allowed_bench engine bench)
set(checked_folders engine support parallel trace puzzles flatzinc xcsp3 cli mpi examples bench)

# The folder (layer) an include names: "<prune/...>" is the installed engine, "dir/..."
# a top folder of the tree, anything else a path relative to the including file.
# Sets `${out}` to the folder, "" for a system header, or "?" when no file matches.
function(included_folder including quote path out)
  if(quote STREQUAL "<")
    if(path MATCHES "^prune/")
      set(${out} engine PARENT_SCOPE)
    else()
      set(${out} "" PARENT_SCOPE)
    endif()
    return()
  endif()
  string(REGEX MATCH "^[^/]+" first "${path}")
  if(first IN_LIST checked_folders AND EXISTS "${ROOT}/${path}")
    set(${out} ${first} PARENT_SCOPE)
    return()
  endif()
  get_filename_component(directory "${including}" DIRECTORY)
  cmake_path(SET resolved NORMALIZE "${directory}/${path}")
  if(EXISTS "${ROOT}/${resolved}" AND NOT resolved MATCHES "^\\.\\./")
    string(REGEX MATCH "^[^/]+" first "${resolved}")
    set(${out} ${first} PARENT_SCOPE)
  else()
    set(${out} "?" PARENT_SCOPE)
  endif()
endfunction()

set(violations 0)
set(files_read 0)
foreach(layer IN LISTS checked_folders)
  file(GLOB_RECURSE sources RELATIVE "${ROOT}" "${ROOT}/${layer}/*.hpp" "${ROOT}/${layer}/*.cpp" "${ROOT}/${layer}/*.h")
  foreach(source IN LISTS sources)
    math(EXPR files_read "${files_read} + 1")
    file(STRINGS "${ROOT}/${source}" lines)
    set(number 0)
    foreach(line IN LISTS lines)
      math(EXPR number "${number} + 1")
      if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*([\"<])([^\">]+)[\">]")
        continue()
      endif()
      set(quote "${CMAKE_MATCH_1}")
      set(path "${CMAKE_MATCH_2}")
      included_folder("${source}" "${quote}" "${path}" folder)
      set(allowed ${allowed_${layer}})
      if(source MATCHES "^examples/web/")
        set(allowed ${allowed_examples_web})
      endif()
      if(folder STREQUAL "")
        continue()
      elseif(folder STREQUAL "?")
        message("${source}:${number}: \"${path}\" names no file of the tree")
        math(EXPR violations "${violations} + 1")
      elseif(NOT folder IN_LIST allowed)
        message("${source}:${number}: ${layer} must not include ${folder}/ (${path})")
        math(EXPR violations "${violations} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()

if(violations GREATER 0)
  message(FATAL_ERROR "${violations} include(s) against the layers of docs/architecture.md")
endif()
message("layers hold: ${files_read} files read")
