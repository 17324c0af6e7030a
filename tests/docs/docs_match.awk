# docs_match.awk: does a command's real output match what a page shows? (tests/docs/docs_check.sh)
# Usage: awk -f docs_match.awk SHOWN ACTUAL   (exit 0 when it matches; else prints the first
# difference). Conventions of the shown text (docs/development.md, "Docs that are checked"):
#   - a line "..." stands for any number of lines (none included);
#   - a line ending in "..." matches any line that starts with the text before it;
#   - every other line must be equal, trailing blanks aside.
function rtrim(s) { sub(/[ \t]+$/, "", s); return s }
function line_ok(e, a) {
  if (e ~ /\.\.\.$/) { e = substr(e, 1, length(e) - 3); return substr(a, 1, length(e)) == e }
  return e == a
}
# Does E[i..m] match A[j..n]? Backtracking over "..." lines (pages show a handful, so it is cheap).
function match_from(i, j,    k) {
  if (i > m) return j > n
  if (E[i] == "...") {
    for (k = j; k <= n + 1; k++) if (match_from(i + 1, k)) return 1
    return 0
  }
  if (j > n || !line_ok(E[i], A[j])) { if (j > far) { far = j; fi = i } return 0 }
  return match_from(i + 1, j + 1)
}
FNR == 1 { file++ }
file == 1 { E[++m] = rtrim($0) }
file == 2 { A[++n] = rtrim($0) }
END {
  far = 0; fi = 1
  if (match_from(1, 1)) exit 0
  if (fi > m) print "    output goes on after the shown text: " (far <= n ? A[far] : "(end)")
  else {
    print "    shown:  " E[fi]
    print "    actual: " (far >= 1 && far <= n ? A[far] : "(end of output)")
  }
  exit 1
}
