#ifndef PROGRESS_RINGS_CGIF_SHIM_H
#define PROGRESS_RINGS_CGIF_SHIM_H
#include <gif_lib.h>
#endif
