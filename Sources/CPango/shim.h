#ifndef PROGRESS_RINGS_CPANGO_SHIM_H
#define PROGRESS_RINGS_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#endif
