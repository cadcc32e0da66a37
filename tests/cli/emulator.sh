# Sourced by the test scripts that run programs built by this tree. In a
# cross build, CMake passes CMAKE_CROSSCOMPILING_EMULATOR (e.g. qemu-aarch64
# -L ... -E ...) in OPSNN_TEST_EMULATOR; empty otherwise.
#
# opsnn_emulated DIR PROGRAM: prints what to call to run PROGRAM: PROGRAM
# itself natively, else a wrapper DIR/<same basename> that runs it under the
# emulator (one word to call, so scripts need no other change).
opsnn_emulated() {
    local dir=$1 prog=$2
    if [ -z "${OPSNN_TEST_EMULATOR:-}" ]; then
        printf '%s\n' "$prog"
        return
    fi
    mkdir -p "$dir"
    local wrapper
    wrapper=$dir/$(basename "$prog")
    # shellcheck disable=SC2086 # the emulator is a word list
    printf '#!/usr/bin/env bash\nexec %s %q "$@"\n' "$(printf '%q ' $OPSNN_TEST_EMULATOR)" \
        "$(cd "$(dirname "$prog")" && pwd)/$(basename "$prog")" >"$wrapper"
    chmod +x "$wrapper"
    printf '%s\n' "$wrapper"
}
