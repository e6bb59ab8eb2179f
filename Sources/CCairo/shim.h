#ifndef PROGRESS_RINGS_CCAIRO_SHIM_H
#define PROGRESS_RINGS_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif
