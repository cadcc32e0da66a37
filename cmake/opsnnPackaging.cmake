# Install rules and packaging: headers, libopsnn.so.<major> + libopsnn.a, the
# CMake package (find_package(opsnn CONFIG) -> opsnn::opsnn, opsnn::opsnn_static),
# opsnn.pc, the CANN link names, and the test that the shared library exports
# exactly the documented API. Included from the top-level CMakeLists.txt.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

option(OPSNN_CANN_LINK_NAMES
  "Also install CANN's layout: libascendcl.so, libnnopbase.so, libopapi.so, libopapi_nn.so, libopapi_math.so (links to libopsnn, also in PREFIX/lib64) and PREFIX/set_env.sh" ON)

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

# opsnn::opsnn_static links the OpenMP runtime under the OpenMP backend.
set(OPSNN_CONFIG_OPENMP "")
if(OPSNN_THREADING_USED STREQUAL "openmp")
  set(OPSNN_CONFIG_OPENMP "find_dependency(OpenMP COMPONENTS C)")
endif()
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
# The OpenMP backend's runtime (libgomp, libomp), for a static link.
if(OPSNN_THREADING_USED STREQUAL "openmp")
  foreach(_opsnn_omp_lib ${OpenMP_C_LIB_NAMES})
    if(NOT _opsnn_omp_lib STREQUAL "pthread")
      # -L too: clang's libomp lives outside the linker's default path
      get_filename_component(_opsnn_omp_dir "${OpenMP_${_opsnn_omp_lib}_LIBRARY}" DIRECTORY)
      if(_opsnn_omp_dir)
        string(APPEND OPSNN_PC_LIBS_PRIVATE " -L${_opsnn_omp_dir}")
      endif()
      string(APPEND OPSNN_PC_LIBS_PRIVATE " -l${_opsnn_omp_lib}")
    endif()
  endforeach()
endif()
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

# CANN link names: NPU host projects link -lascendcl -lnnopbase -lopapi (the
# ops-nn sample recipe links ${ASCEND_PATH}/lib64/libopapi_nn.so and
# libopapi_math.so too) and ctypes scripts load libascendcl.so etc. Each name
# is a link to libopsnn.so.<major>, so programs built against them record
# libopsnn's SONAME and one library is loaded whichever names were used. The
# links exist in the build tree too, next to libopsnn.so.
set(OPSNN_CANN_NAMES ascendcl nnopbase opapi opapi_nn opapi_math)
if(OPSNN_CANN_LINK_NAMES)
  set(_opsnn_soname libopsnn.so.${PROJECT_VERSION_MAJOR})
  foreach(_opsnn_name ${OPSNN_CANN_NAMES})
    set(_opsnn_link ${PROJECT_BINARY_DIR}/lib${_opsnn_name}.so)
    file(CREATE_LINK ${_opsnn_soname} ${_opsnn_link} SYMBOLIC)
    install(FILES ${_opsnn_link} DESTINATION ${CMAKE_INSTALL_LIBDIR})
  endforeach()

  # CANN's layout: PREFIX/lib64 holds the libraries (and PREFIX/include the
  # headers, already there). When the library directory is another one,
  # PREFIX/lib64 gets the CANN names and the SONAME as links into it.
  if(NOT CMAKE_INSTALL_LIBDIR STREQUAL "lib64")
    if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
      set(_opsnn_target ${CMAKE_INSTALL_LIBDIR}/${_opsnn_soname})
    else()
      file(RELATIVE_PATH _opsnn_up /x/lib64 /x/${CMAKE_INSTALL_LIBDIR})
      set(_opsnn_target ${_opsnn_up}/${_opsnn_soname})
    endif()
    set(_opsnn_dir ${PROJECT_BINARY_DIR}/cann-lib64)
    file(MAKE_DIRECTORY ${_opsnn_dir})
    set(_opsnn_links "")
    foreach(_opsnn_name ${OPSNN_CANN_NAMES} opsnn)
      set(_opsnn_link ${_opsnn_dir}/lib${_opsnn_name}.so)
      file(CREATE_LINK ${_opsnn_target} ${_opsnn_link} SYMBOLIC)
      list(APPEND _opsnn_links ${_opsnn_link})
    endforeach()
    file(CREATE_LINK ${_opsnn_target} ${_opsnn_dir}/${_opsnn_soname} SYMBOLIC)
    install(FILES ${_opsnn_links} ${_opsnn_dir}/${_opsnn_soname} DESTINATION lib64)
  endif()

  # PREFIX/set_env.sh, written at install time so that it names the prefix
  # actually installed to (cmake --install build --prefix P).
  install(CODE "
    set(OPSNN_SETENV_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    set(OPSNN_SETENV_BINDIR \"${CMAKE_INSTALL_BINDIR}\")
    set(OPSNN_SETENV_PYSITE \"${OPSNN_PYTHON_SITE}\")
    configure_file(\"${CMAKE_CURRENT_LIST_DIR}/set_env.sh.in\"
                   \"${PROJECT_BINARY_DIR}/setenv/set_env.sh\" @ONLY)
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}\" TYPE FILE
         PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
         FILES \"${PROJECT_BINARY_DIR}/setenv/set_env.sh\")")
else()
  foreach(_opsnn_name ${OPSNN_CANN_NAMES})
    file(REMOVE ${PROJECT_BINARY_DIR}/lib${_opsnn_name}.so)
  endforeach()
endif()

# The shared library exports exactly the functions the public headers declare.
if(OPSNN_BUILD_TESTS)
  find_program(OPSNN_NM NAMES ${CMAKE_NM} nm)
  add_test(NAME exported_symbols_match_headers
    COMMAND ${CMAKE_COMMAND} -DNM=${OPSNN_NM} -DLIB=$<TARGET_FILE:opsnn>
            -DINCLUDE_DIR=${PROJECT_SOURCE_DIR}/include
            -P ${CMAKE_CURRENT_LIST_DIR}/check_exports.cmake)
endif()

# The ops-nn sample recipe, run as a new user would: install, source
# set_env.sh, build ops/*/examples/*.cpp with the recipe's
# CMakeLists.txt and g++, run. Not in sanitizer builds: a program built
# without the sanitizer cannot load an instrumented libopsnn.
# Nor in a cross build: the recipe builds with the host's g++.
if(OPSNN_BUILD_TESTS AND OPSNN_CANN_LINK_NAMES AND CMAKE_CROSSCOMPILING)
  message(STATUS "cann_sample_recipe: not run in a cross build (the recipe needs a native g++)")
endif()
if(OPSNN_BUILD_TESTS AND OPSNN_CANN_LINK_NAMES AND NOT CMAKE_CROSSCOMPILING
   AND NOT (OPSNN_SANITIZE OR OPSNN_TSAN OR OPSNN_FUZZ))
  find_program(OPSNN_GXX NAMES g++)
  if(OPSNN_GXX)
    add_test(NAME cann_sample_recipe
      COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cann_recipe/run_recipe.sh ${PROJECT_BINARY_DIR}
              ${PROJECT_SOURCE_DIR})
    set_tests_properties(cann_sample_recipe PROPERTIES TIMEOUT 300)
  endif()
endif()
