# The instruction timing pane against the report: the first file is a run's --json with --per-pc,
# the second gcnviz --pcs of its trace over the whole run. Each instruction's issues equal the
# report's executions, its cycles over issues the report's avg_cycles (printed to 6 decimals), its
# waited and hidden issue slots the report's latency_hiding.by_pc; prints each difference, exits 1.
function hex(s,   v, i, c) { v = 0; s = tolower(substr(s, 3)); for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }; return v }
function field(line, key,   i, r) { i = index(line, "\"" key "\": "); if (!i) return ""; r = substr(line, i + length(key) + 4); sub(/[,}].*/, "", r); return r }
# An instruction is its byte offset and its text: with several kernels offsets repeat, and the text
# then starts with "KERNEL: " in both outputs.
function jtext(line,   i, r) { i = index(line, "\"instruction\": \""); r = substr(line, i + 16); sub(/"}.*/, "", r); return r }
FNR == NR && /"executions": / { pc = field($0, "pc") "|" jtext($0); ex[pc] = field($0, "executions"); avg[pc] = field($0, "avg_cycles"); next }
FNR == NR && /"waited": / { pc = field($0, "pc") "|" jtext($0); wt[pc] = field($0, "waited"); hd[pc] = field($0, "hidden"); next }
FNR == NR { next }
FNR == 1 { next }
{
  text = $0; sub(/^([^ ]+ +)([^ ]+ +)([^ ]+ +)([^ ]+ +)([^ ]+ +)([^ ]+ +)([^ ]+ +)/, "", text)
  pc = hex($1) "|" text; seen[pc] = 1; rows++
  if (!(pc in ex)) { if ($2 + 0 > 0) { print "pc " $1 ": " $2 " issues, not in the report's per_pc"; bad++ } }
  else {
    if ($2 + 0 != ex[pc] + 0) { print "pc " $1 ": issues " $2 ", the report's executions " ex[pc]; bad++ }
    d = $3 / $2 - avg[pc]; if (d < 0) d = -d
    if (d > 1e-6 * (1 + avg[pc])) { print "pc " $1 ": mean latency " $3 / $2 ", the report's avg_cycles " avg[pc]; bad++ }
  }
  w = (pc in wt) ? wt[pc] : 0; h = (pc in hd) ? hd[pc] : 0
  if ($6 + 0 != w + 0 || $7 + 0 != h + 0) { print "pc " $1 ": waited " $6 " hidden " $7 ", the report's " w " and " h; bad++ }
}
END {
  for (pc in ex) if (ex[pc] + 0 > 0 && !(pc in seen)) { print "pc " pc ": in the report's per_pc, not in the pane"; bad++ }
  for (pc in wt) if (wt[pc] + 0 > 0 && !(pc in seen)) { print "pc " pc ": waited in the report, not in the pane"; bad++ }
  if (rows < 5) { print "only " rows " rows"; bad++ }
  exit bad ? 1 : 0
}
