# Install rules and packaging: headers, libopsnn.so.<major> + libopsnn.a, the
# CMake package (find_package(opsnn CONFIG) -> opsnn::opsnn, opsnn::opsnn_static),
# opsnn.pc, the CANN link names, and the test that the shared library exports
# exactly the documented API. Included from the top-level CMakeLists.txt.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

option(OPSNN_CANN_LINK_NAMES
  "Also install libascendcl.so, libnnopbase.so and libopapi.so (links to libopsnn)" ON)

set(OPSNN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/opsnn)

# The top-level file gives the include directory as a source path, which an
# installed target must not carry: build tree -> source include/, installed
# package -> PREFIX/include.
set_property(TARGET opsnn opsnn_static PROPERTY INTERFACE_INCLUDE_DIRECTORIES
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
set_property(TARGET opsnn_static PROPERTY EXPORT_NAME opsnn_static)

install(TARGETS opsnn opsnn_static EXPORT opsnnTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
install(EXPORT opsnnTargets NAMESPACE opsnn:: DESTINATION ${OPSNN_CMAKE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/opsnnConfig.cmake.in
  ${PROJECT_BINARY_DIR}/opsnnConfig.cmake INSTALL_DESTINATION ${OPSNN_CMAKE_DIR})
# Before 1.0 a minor release may change the API: only the same MAJOR.MINOR is
# compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/opsnnConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/opsnnConfig.cmake ${PROJECT_BINARY_DIR}/opsnnConfigVersion.cmake
  DESTINATION ${OPSNN_CMAKE_DIR})

# pkg-config. The prefix is computed from the .pc file's own location, so
# `cmake --install build --prefix P` (and moving P later) gives a correct file.
set(OPSNN_PC_LIBS_PRIVATE "")
if(CMAKE_THREAD_LIBS_INIT)
  string(APPEND OPSNN_PC_LIBS_PRIVATE " ${CMAKE_THREAD_LIBS_INIT}")
endif()
string(APPEND OPSNN_PC_LIBS_PRIVATE " -lm")
string(STRIP "${OPSNN_PC_LIBS_PRIVATE}" OPSNN_PC_LIBS_PRIVATE)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(OPSNN_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(OPSNN_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  file(RELATIVE_PATH _opsnn_up /x/${CMAKE_INSTALL_LIBDIR}/pkgconfig /x)
  string(REGEX REPLACE "/$" "" _opsnn_up "${_opsnn_up}")
  set(OPSNN_PC_PREFIX "\${pcfiledir}/${_opsnn_up}")
  set(OPSNN_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(OPSNN_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(OPSNN_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/opsnn.pc.in ${PROJECT_BINARY_DIR}/opsnn.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/opsnn.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# CANN link names: NPU host projects link -lascendcl -lnnopbase -lopapi and
# ctypes scripts load libascendcl.so etc. Each name is a link to
# libopsnn.so.<major>, so programs built against them record libopsnn's
# SONAME. The links also exist in the build tree, next to libopsnn.so.
if(OPSNN_CANN_LINK_NAMES)
  set(_opsnn_soname libopsnn.so.${PROJECT_VERSION_MAJOR})
  foreach(_opsnn_name ascendcl nnopbase opapi)
    set(_opsnn_link ${PROJECT_BINARY_DIR}/lib${_opsnn_name}.so)
    file(CREATE_LINK ${_opsnn_soname} ${_opsnn_link} SYMBOLIC)
    install(FILES ${_opsnn_link} DESTINATION ${CMAKE_INSTALL_LIBDIR})
  endforeach()
else()
  file(REMOVE ${PROJECT_BINARY_DIR}/libascendcl.so ${PROJECT_BINARY_DIR}/libnnopbase.so
       ${PROJECT_BINARY_DIR}/libopapi.so)
endif()

# The shared library exports exactly the functions the public headers declare.
if(OPSNN_BUILD_TESTS)
  find_program(OPSNN_NM NAMES ${CMAKE_NM} nm)
  add_test(NAME exported_symbols_match_headers
    COMMAND ${CMAKE_COMMAND} -DNM=${OPSNN_NM} -DLIB=$<TARGET_FILE:opsnn>
            -DINCLUDE_DIR=${PROJECT_SOURCE_DIR}/include
            -P ${CMAKE_CURRENT_LIST_DIR}/check_exports.cmake)
endif()
