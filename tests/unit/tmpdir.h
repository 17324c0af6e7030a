/* tmpdir.h: the unit tests' temporary directories, counted and removed without a shell (the
 * tests follow the project's rule: no program is run through sh). */
#ifndef GCNSIM_TESTS_TMPDIR_H
#define GCNSIM_TESTS_TMPDIR_H

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Remove PATH and, if it is a directory, everything below it (symbolic links are removed, not
 * followed). Returns 0, or -1 if something could not be removed. */
static inline int ut_rmtree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode))
        return unlink(path);
    DIR *d = opendir(path);
    if (!d)
        return -1;
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char sub[4096];
        if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) >= (int)sizeof sub || ut_rmtree(sub) != 0)
            rc = -1;
    }
    closedir(d);
    return rmdir(path) == 0 ? rc : -1;
}

/* The number of entries in directory DIR (without . and ..), or -1 if it cannot be read. */
static inline int ut_count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

#endif
