/* TEMPORARY scaffolding: replaced by the real command line in this session. */
#include <stdio.h>
int main(void) { fputs("gcnsim: not built yet\n", stderr); return 3; }
