/* cli_doc: docs/cli.md with the gcnsim lines of its synopsis (the first ``` block, up to the gcnviz
 * line) made from the command table, sim/cli/commands.def, so that they cannot drift from it.
 * `make docs` writes docs/cli.md with it; `make docs-check` fails when the page differs.
 * Usage: cli_doc docs/cli.md > OUT */
#include <stdio.h>
#include <string.h>

static const char *const synopses[] = {
#define CMD(name, brief, summary, synopsis, usage, handler) synopsis,
#include "cli/commands.def"
#undef CMD
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cli_doc docs/cli.md\n");
        return 1;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    /* before: up to the block's opening; in: the table's lines replace the page's; after: the rest */
    enum { BEFORE, IN, AFTER } at = BEFORE;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        if (at == IN && strncmp(line, "gcnviz", 6) != 0)
            continue;
        if (at == IN)
            at = AFTER;
        fputs(line, stdout);
        if (at == BEFORE && strcmp(line, "```\n") == 0) {
            for (size_t i = 0; i < sizeof synopses / sizeof synopses[0]; i++)
                fputs(synopses[i], stdout);
            at = IN;
        }
    }
    int bad = ferror(f) || at != AFTER;
    fclose(f);
    if (at != AFTER)
        fprintf(stderr, "cli_doc: %s has no synopsis block ending with a gcnviz line\n", argv[1]);
    return bad || fflush(stdout) != 0;
}
