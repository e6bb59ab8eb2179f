#ifndef PROGRESS_RINGS_PR_FILTER_H
#define PROGRESS_RINGS_PR_FILTER_H

// The PNG row filters. Internal to CPNG.

#include <stddef.h>

// Filters one row of `n` bytes (`bpp` bytes per pixel) with filter `type` into dst (without the type byte); prev is
// the unfiltered row above, NULL for the first.
void pr_filter_row(int type, const unsigned char *cur, const unsigned char *prev, size_t n, int bpp,
                   unsigned char *dst);

// libpng's heuristic cost of a filtered row: the sum of its bytes as signed magnitudes.
unsigned long pr_row_cost(const unsigned char *row, size_t n);

#endif
