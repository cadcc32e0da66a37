# Sourced by the .ci scripts: install what the build needs on a fresh Debian
# machine (only the packages that are missing), as root or through sudo.
opsnn_install_deps() {
  local pkgs=()
  command -v cmake >/dev/null 2>&1 || pkgs+=(cmake)
  command -v gcc >/dev/null 2>&1 || pkgs+=(gcc)
  command -v g++ >/dev/null 2>&1 || pkgs+=(g++)
  command -v make >/dev/null 2>&1 || pkgs+=(make)
  command -v clang >/dev/null 2>&1 || pkgs+=(clang)
  [ -f /usr/include/cmocka.h ] || pkgs+=(libcmocka-dev)
  # clang's OpenMP runtime: the clang stages build the default OpenMP backend
  # on it (gcc brings its libgomp itself)
  ls /usr/lib/llvm-*/lib/libomp.so >/dev/null 2>&1 || pkgs+=(libomp-dev)
  # golden: the NumPy verdict reference and the Python package tests use
  # Debian's NumPy (under /usr/bin/python3)
  /usr/bin/python3 -c "import numpy" >/dev/null 2>&1 || pkgs+=(python3-numpy)
  # bench: OpenBLAS's out-of-place transpose is the anchor the transposed
  # cases are judged against (optional for the build; CI measures it)
  [ -n "$(ls /usr/lib/*/libopenblas.so /usr/lib/libopenblas.so 2>/dev/null)" ] || pkgs+=(libopenblas-dev)
  [ "${#pkgs[@]}" -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing: ${pkgs[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${pkgs[@]}" >/dev/null
}
