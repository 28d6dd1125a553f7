# Writes a C++ source that defines one std::string_view holding a text file, so that a
# program can carry a page's script or style without reading files at run time and
# without their text pasted into C++. Run at build time:
#   cmake -DINPUT=viewer.js -DOUTPUT=viewer_js.cpp -DHEADER=trace/viewer_assets.hpp
#         -DNAMESPACE=prune::trace -DVARIABLE=viewer_script -P embed_text.cmake
foreach(required INPUT OUTPUT HEADER NAMESPACE VARIABLE)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "embed_text.cmake: -D${required}=... is missing")
  endif()
endforeach()
file(READ "${INPUT}" text)
# The raw string literal ends at the first )PRUNE_EMBEDDED" : the text must not hold it.
set(delimiter "PRUNE_EMBEDDED")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "embed_text.cmake: ${INPUT} contains )${delimiter}\" and cannot be embedded")
endif()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by cmake/embed_text.cmake: edit that file, not this one.\n"
  "#include \"${HEADER}\"\n\n"
  "namespace ${NAMESPACE} {\n\n"
  "const std::string_view ${VARIABLE} = R\"${delimiter}(${text})${delimiter}\";\n\n"
  "}  // namespace ${NAMESPACE}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
