#ifndef PROGRESS_RINGS_CLIBPNG_SHIM_H
#define PROGRESS_RINGS_CLIBPNG_SHIM_H
// libpng's simplified reading API, for the tests that decode our PNGs with the reference decoder.
#include <png.h>

static inline unsigned int pr_libpng_version(void) { return PNG_IMAGE_VERSION; }
static inline unsigned int pr_libpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
#endif
