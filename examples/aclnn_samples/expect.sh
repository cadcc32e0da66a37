# Sourced by check.sh and tests/cann_recipe/run_recipe.sh (POSIX sh): what an
# official-style sample ops/<op>/examples/NAME.cpp must print, read from its
# sidecar NAME.expect in the same folder, so that a new operator's samples need
# no edit outside its folder. A .expect file holds key=value lines (# starts a
# comment):
#   soc=Ascend950        OPSNN_SOC the sample runs under
#   opp=builtin          OPSNN_OPP the sample runs under
#   tolerance=exact      "exact" (each value equal as printed) or a number
#   values=v0 v1 ...     result[0] .. result[n-1]; "a|b" accepts either

# expect_get FILE KEY: the value of KEY in FILE (empty when absent).
expect_get() {
    sed -n "s/^$2=//p" "$1" | tail -n 1
}

# expect_compare OUTFILE TOLERANCE VALUES...: the `result[i] is: v` lines of
# OUTFILE, in order, each within TOLERANCE of the next value; prints what
# differs and returns non-zero on any difference.
expect_compare() {
    _file=$1
    _tol=$2
    shift 2
    awk -v tol="$_tol" -v want="$*" '
        BEGIN { n = split(want, w, " "); seen = 0; bad = 0 }
        /^result\[[0-9]+\] is: / {
            idx = $1; sub(/^result\[/, "", idx); sub(/\]$/, "", idx)
            if (idx != seen) { print "  line for result[" idx "], expected result[" seen "]"; bad = 1 }
            seen++
            if (seen > n) { print "  extra line: " $0; bad = 1; next }
            k = split(w[seen], alt, "|"); ok = 0
            for (j = 1; j <= k; j++) {
                if (tol == "exact") { if ($3 == alt[j]) ok = 1 }
                else { d = $3 - alt[j]; if (d < 0) d = -d; if (d <= tol + 0) ok = 1 }
            }
            if (!ok) { print "  " $0 ": expected " w[seen]; bad = 1 }
        }
        END { if (seen != n) { print "  " seen " result lines, expected " n; bad = 1 }; exit bad }' "$_file"
}

# expect_check NAME EXPECTFILE OUTFILE: compare OUTFILE with EXPECTFILE's
# values; returns non-zero (having said why) on a difference.
expect_check() {
    _values=$(expect_get "$2" values)
    if [ -z "$_values" ]; then
        echo "$1: $2 has no values= line" >&2
        return 1
    fi
    expect_compare "$3" "$(expect_get "$2" tolerance)" $_values
}
