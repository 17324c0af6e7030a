#!/bin/sh
# commands.sh: gcnsim's commands, one a line, as `gcnsim --help` lists them (from the command
# table, sim/cli/commands.def): the first word of each line of its "commands:" list that starts
# with two spaces and a letter. For the man page (the Makefile) and tests/docs/cli_check.sh.
# Usage: sh docs/gen/commands.sh GCNSIM
set -u
"$1" --help | awk '/^commands:/ { c = 1; next } c && /^$/ { exit } c && /^  [a-z]/ { print $1 }'
