/* The one version of gcnsim and gcnviz (gcnsim --version, gcnviz --version, the man pages). */
#ifndef GCNSIM_VERSION_H
#define GCNSIM_VERSION_H

#define GCNSIM_VERSION "0.1.0"

#endif
