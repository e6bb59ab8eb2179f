#ifndef PROGRESS_RINGS_CZLIB_SHIM_H
#define PROGRESS_RINGS_CZLIB_SHIM_H
#include <zlib.h>
#endif
