#!/bin/sh
# man.sh: a man page made from a program's own --help and --version, so that it says exactly what the
# program says (the Makefile's `man` target; installed by `make install`). Each help text is set as
# preformatted text: the help's columns are kept as they are.
# Usage: sh docs/gen/man.sh PROGRAM SUMMARY SEE-ALSO [COMMAND...] > NAME.1
#   PROGRAM   the built program (build/gcnsim); its name is the page's
#   COMMAND   commands whose `PROGRAM COMMAND --help` gets a section each
set -u
prog=$1 summary=$2 seealso=$3
shift 3
name=$(basename "$prog")
version=$("$prog" --version | awk '{ print $2; exit }')
upper=$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]')
# roff: a backslash is \e, a minus sign \- (so that options copy as typed), and a line starting
# with . or ' is protected by \&.
esc() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^[.']/\\\\\\&&/"; }
pre() { echo '.nf'; esc; echo '.fi'; }
printf '.TH %s 1 "" "%s %s" "User Commands"\n' "$upper" "$name" "$version"
printf '.SH NAME\n%s \\- %s\n' "$name" "$summary"
echo '.SH SYNOPSIS'
"$prog" --help | awk '/^usage:/ { u = 1; sub(/^usage: */, ""); print; next } u && /^ / { sub(/^ +/, ""); print; next } { u = 0 }' | pre
echo '.SH DESCRIPTION'
"$prog" --help | awk '/^usage:/ { u = 1; next } u && /^ / { next } { u = 0; print }' | pre
if [ $# -gt 0 ]; then
  echo '.SH COMMANDS'
  for c in "$@"; do
    printf '.SS "%s %s"\n' "$name" "$c"
    "$prog" "$c" --help | pre
  done
fi
echo '.SH VERSION'
"$prog" --version | pre
printf '.SH SEE ALSO\n%s\n.PP\nThe manual: README.md and docs/ in share/doc/gcnsim under the installation prefix\n(/usr/local by default); the shipped workloads and machine files in share/gcnsim, from where\nthe manual\(aqs commands run as written.\n' "$seealso"
