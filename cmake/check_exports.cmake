# cmake -DNM=nm -DLIB=libopsnn.so -DINCLUDE_DIR=include -P check_exports.cmake
#
# Fails unless the functions the shared library exports (nm -D --defined-only)
# are exactly the functions the public headers declare with
# ACL_FUNC_VISIBILITY or OPSNN_API. The list comes from the headers, so a new
# public function needs no edit here.
foreach(var NM LIB INCLUDE_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_exports.cmake: -D${var}=... missing")
  endif()
endforeach()

# Declared: strip comments and preprocessor lines, then take the identifier in
# front of the first '(' after each visibility marker.
file(GLOB_RECURSE headers ${INCLUDE_DIR}/*.h)
set(declared "")
foreach(h ${headers})
  file(READ ${h} text)
  string(REGEX REPLACE "/\\*([^*]|\\*+[^*/])*\\*+/" " " text "${text}")
  string(REGEX REPLACE "//[^\n]*" " " text "${text}")
  string(REGEX REPLACE "(^|\n)[ \t]*#[^\n]*" "\n" text "${text}")
  string(REGEX MATCHALL "(ACL_FUNC_VISIBILITY|OPSNN_API)[^;(]*\\(" decls "${text}")
  foreach(d ${decls})
    string(REGEX REPLACE ".*[^A-Za-z0-9_]([A-Za-z_][A-Za-z0-9_]*)[ \t\r\n]*\\($" "\\1" name "${d}")
    list(APPEND declared ${name})
  endforeach()
endforeach()
list(REMOVE_DUPLICATES declared)
list(SORT declared)

# Exported: every defined dynamic symbol (any type: functions, data, weak).
execute_process(COMMAND ${NM} -D --defined-only ${LIB}
  OUTPUT_VARIABLE nm_out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} -D --defined-only ${LIB} failed (${rc})")
endif()
string(REPLACE "\n" ";" nm_lines "${nm_out}")
set(exported "")
foreach(line ${nm_lines})
  if(line MATCHES "^[0-9a-fA-F]* *[A-Za-z] ([^ @]+)")
    list(APPEND exported ${CMAKE_MATCH_1})
  endif()
endforeach()
list(REMOVE_DUPLICATES exported)
list(SORT exported)

set(extra ${exported})
list(REMOVE_ITEM extra ${declared})
set(missing ${declared})
list(REMOVE_ITEM missing ${exported})
list(LENGTH declared n_declared)
list(LENGTH exported n_exported)
message(STATUS "${n_declared} functions declared in ${INCLUDE_DIR}, ${n_exported} symbols exported by ${LIB}")
if(extra OR missing OR n_declared EQUAL 0)
  string(REPLACE ";" " " extra "${extra}")
  string(REPLACE ";" " " missing "${missing}")
  message(FATAL_ERROR "exported but not in a public header: [${extra}]\n"
                      "declared in a public header but not exported: [${missing}]")
endif()
